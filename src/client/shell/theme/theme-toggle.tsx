import { ActionIcon } from '@mantine/core';
import { IconMoon, IconSun } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { requestThemeToggle, useDarkMode } from './color-scheme';

/**
 * Light/dark switch. A native `title` instead of a Mantine Tooltip keeps the tooltip's positioning
 * code out of the login page's first load.
 */
export function ThemeToggle() {
  const { t } = useTranslation();
  const dark = useDarkMode();
  const label = dark ? t('shell.theme.toLight') : t('shell.theme.toDark');
  return (
    <ActionIcon
      variant="default"
      size={40}
      aria-label={label}
      title={label}
      onClick={requestThemeToggle}
      data-dark={dark}
    >
      {dark ? <IconSun size={20} /> : <IconMoon size={20} />}
    </ActionIcon>
  );
}

import { ActionIcon, type ActionIconProps } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { LazyTooltip } from '@/client/ui/lazy-tooltip';
import { promptInstall, useCanInstall } from './install-prompt';

/**
 * "Install app" — rendered only while the browser offers installation (`beforeinstallprompt`).
 * Sized for touch (44 px) by default.
 */
export function InstallButton(props: Omit<ActionIconProps, 'onClick' | 'children'>) {
  const { t } = useTranslation();
  const canInstall = useCanInstall();
  if (!canInstall) return null;
  const label = t('pwa.install.tooltip');
  return (
    <LazyTooltip label={label}>
      <ActionIcon
        variant="default"
        size={44}
        radius="md"
        aria-label={t('pwa.install.button')}
        data-testid="pwa-install"
        onClick={() => void promptInstall()}
        {...props}
      >
        <IconDownload size={20} stroke={1.8} />
      </ActionIcon>
    </LazyTooltip>
  );
}

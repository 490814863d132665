import { Box, VisuallyHidden, type BoxProps } from '@mantine/core';
import { IconMoon, IconSun, IconSunHigh } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { SegmentedChoice } from '@/client/ui/segmented-choice';
import { COLOR_THEMES, type ColorTheme } from '@/domain/constants';
import { setColorTheme, useColorTheme } from './color-scheme';
import classes from './theme-switch.module.css';

const ICONS = { light: IconSun, dark: IconMoon, outdoor: IconSunHigh } as const;

/**
 * Light, dark or outdoor: three segments, each an icon with its name for screen readers and as a
 * native title (no tooltip code in the sign-in page's first load). The choice is kept on this device
 * (localStorage), not with the account: the same person wants the outdoor theme on the tablet in the
 * yard and the dark one on the office screen.
 *
 * Mounted on every screen, hidden or not, so it is a plain radio group: Mantine's segmented control
 * measures the page to place its indicator when it mounts, a forced layout in the middle of the first
 * screen's start.
 */
export function ThemeSwitch(props: Pick<BoxProps, 'visibleFrom' | 'hiddenFrom'>) {
  const { t } = useTranslation();
  const theme = useColorTheme();
  return (
    <Box {...props} className={classes.root}>
      <SegmentedChoice
        dense
        label={t('shell.theme.label')}
        value={theme}
        onChange={(value: ColorTheme) => setColorTheme(value)}
        options={COLOR_THEMES.map((value) => {
          const Icon = ICONS[value];
          const name = t(`shell.theme.${value}`);
          return {
            value,
            label: (
              <span className={classes.segment} title={name} data-theme-option={value}>
                <Icon size={20} aria-hidden />
                <VisuallyHidden>{name}</VisuallyHidden>
              </span>
            ),
          };
        })}
      />
    </Box>
  );
}

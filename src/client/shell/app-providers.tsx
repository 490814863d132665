import { MantineProvider } from '@mantine/core';
import { useMemo, type ReactNode } from 'react';
import { I18nextProvider, useTranslation } from 'react-i18next';
import { i18n } from '../i18n';
import {
  cssVariablesResolver,
  outdoorCssVariablesResolver,
  outdoorTheme,
  theme,
  withCloseLabel,
} from '../theme';
import { useColorTheme } from './theme/color-scheme';

/**
 * i18n and Mantine with the theme chosen on this device (light, dark or outdoor, which is a light one);
 * tests render the same providers. The offline engine is not among them: it loads on demand
 * (src/client/offline/app-engine.ts).
 */
export function AppProviders({ children, env }: { children: ReactNode; env?: 'default' | 'test' }) {
  return (
    <I18nextProvider i18n={i18n}>
      <ThemedProvider env={env}>{children}</ThemedProvider>
    </I18nextProvider>
  );
}

/** Mantine with the device's theme; every dialog's close button is named in the current language. */
function ThemedProvider({ children, env }: { children: ReactNode; env?: 'default' | 'test' }) {
  const { t } = useTranslation();
  const colorTheme = useColorTheme();
  const outdoor = colorTheme === 'outdoor';
  const closeLabel = t('common.close');
  const mantineTheme = useMemo(
    () => withCloseLabel(outdoor ? outdoorTheme : theme, closeLabel),
    [outdoor, closeLabel],
  );
  return (
    <MantineProvider
      theme={mantineTheme}
      cssVariablesResolver={outdoor ? outdoorCssVariablesResolver : cssVariablesResolver}
      forceColorScheme={colorTheme === 'dark' ? 'dark' : 'light'}
      env={env}
    >
      {children}
    </MantineProvider>
  );
}

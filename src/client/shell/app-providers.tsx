import { MantineProvider } from '@mantine/core';
import type { ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import { i18n } from '../i18n';
import { theme } from '../theme';
import { useDarkMode } from './theme/color-scheme';

/**
 * i18n and Mantine with the stored light/dark choice; tests render the same providers. The offline
 * engine is not among them: it loads on demand (src/client/offline/app-engine.ts).
 */
export function AppProviders({ children, env }: { children: ReactNode; env?: 'default' | 'test' }) {
  const dark = useDarkMode();
  return (
    <I18nextProvider i18n={i18n}>
      <MantineProvider theme={theme} forceColorScheme={dark ? 'dark' : 'light'} env={env}>
        {children}
      </MantineProvider>
    </I18nextProvider>
  );
}

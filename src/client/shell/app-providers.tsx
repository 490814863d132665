import { MantineProvider } from '@mantine/core';
import type { ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import { SyncEngineProvider } from '@/client/offline/engine-context';
import { getSyncEngine } from '@/client/offline/instance';
import { i18n } from '../i18n';
import { theme } from '../theme';
import { useDarkMode } from './theme/color-scheme';

/** i18n, Mantine with the stored light/dark choice, the offline engine; tests render the same providers. */
export function AppProviders({ children, env }: { children: ReactNode; env?: 'default' | 'test' }) {
  const dark = useDarkMode();
  return (
    <I18nextProvider i18n={i18n}>
      <MantineProvider theme={theme} forceColorScheme={dark ? 'dark' : 'light'} env={env}>
        <SyncEngineProvider engine={getSyncEngine()}>{children}</SyncEngineProvider>
      </MantineProvider>
    </I18nextProvider>
  );
}

import { Button } from '@mantine/core';
import { IconAlertTriangle, IconRefresh, IconReload } from '@tabler/icons-react';
import { useRouter, type ErrorComponentProps } from '@tanstack/react-router';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { StatusPage } from './status-page';

/** Render-error notice: Retry re-renders the failed part, Reload reloads the app. */
export function ErrorPage({ error, reset }: ErrorComponentProps) {
  const { t } = useTranslation();
  const router = useRouter();
  useEffect(() => {
    console.error('Render error', error);
  }, [error]);
  return (
    <StatusPage
      icon={<IconAlertTriangle size={38} />}
      color="red"
      title={t('errors.render.title')}
      message={t('errors.render.message')}
      actions={
        <>
          <Button
            leftSection={<IconRefresh size={18} />}
            onClick={() => {
              reset();
              void router.invalidate();
            }}
          >
            {t('common.retry')}
          </Button>
          <Button
            variant="default"
            leftSection={<IconReload size={18} />}
            onClick={() => window.location.reload()}
          >
            {t('common.reload')}
          </Button>
        </>
      }
    />
  );
}

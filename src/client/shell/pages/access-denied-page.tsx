import { Button } from '@mantine/core';
import { IconLock } from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { StatusPage } from './status-page';

export function AccessDeniedPage() {
  const { t } = useTranslation();
  return (
    <StatusPage
      icon={<IconLock size={38} />}
      color="orange"
      title={t('errors.accessDenied.title')}
      message={t('errors.accessDenied.message')}
      actions={
        <Button component={Link} to="/">
          {t('common.goToDashboard')}
        </Button>
      }
    />
  );
}

import { Button } from '@mantine/core';
import { IconMapSearch } from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { StatusPage } from './status-page';

export function NotFoundPage() {
  const { t } = useTranslation();
  return (
    <StatusPage
      icon={<IconMapSearch size={38} />}
      title={t('errors.notFound.title')}
      message={t('errors.notFound.message')}
      actions={
        <Button component={Link} to="/">
          {t('common.goToDashboard')}
        </Button>
      }
    />
  );
}

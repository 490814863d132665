import { Alert, Button } from '@mantine/core';
import { IconInfoCircle, IconLock } from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import type { PageKey } from '@/domain/navigation';
import { normalizeRole } from '@/domain/roles';
import { useSession } from '../session/session-store';
import { StatusPage } from './status-page';

export function AccessDeniedPage({ page }: { page: PageKey }) {
  const { t } = useTranslation();
  const { user } = useSession();
  const operatorOnDispo = page === 'dispo' && normalizeRole(user?.role) === 'operator';
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
    >
      {operatorOnDispo ? (
        <Alert variant="light" color="blue" icon={<IconInfoCircle />} ta="start">
          {t('errors.accessDenied.dispoInfo')}
        </Alert>
      ) : null}
    </StatusPage>
  );
}

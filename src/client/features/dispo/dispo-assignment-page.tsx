import { useParams } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '@/client/shell/page-header';

export function DispoAssignmentPage() {
  const { t } = useTranslation();
  const { id } = useParams({ from: '/_app/dispo/assignments/$id' });
  return <PageHeader title={t('shell.pages.dispoAssignment', { id })} description={t('shell.pages.dispo')} />;
}

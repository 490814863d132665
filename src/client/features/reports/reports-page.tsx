import { useTranslation } from 'react-i18next';
import { PageHeader } from '@/client/shell/page-header';

export function ReportsPage() {
  const { t } = useTranslation();
  return <PageHeader title={t('nav.reports')} description={t('shell.pages.reports')} />;
}

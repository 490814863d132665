import { useTranslation } from 'react-i18next';
import { PageHeader } from '@/client/shell/page-header';

export function AnalyticsPage() {
  const { t } = useTranslation();
  return <PageHeader title={t('nav.analytics')} description={t('shell.pages.analytics')} />;
}

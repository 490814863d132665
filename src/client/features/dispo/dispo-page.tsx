import { useTranslation } from 'react-i18next';
import { PageHeader } from '@/client/shell/page-header';

export function DispoPage() {
  const { t } = useTranslation();
  return <PageHeader title={t('nav.dispo')} description={t('shell.pages.dispo')} />;
}

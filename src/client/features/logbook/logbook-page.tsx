import { useTranslation } from 'react-i18next';
import { PageHeader } from '@/client/shell/page-header';

export function LogbookPage() {
  const { t } = useTranslation();
  return <PageHeader title={t('nav.betriebstagebuch')} description={t('shell.pages.betriebstagebuch')} />;
}

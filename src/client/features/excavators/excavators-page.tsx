import { useTranslation } from 'react-i18next';
import { PageHeader } from '@/client/shell/page-header';

export function ExcavatorsPage() {
  const { t } = useTranslation();
  return <PageHeader title={t('nav.excavators')} description={t('shell.pages.excavators')} />;
}

import { useTranslation } from 'react-i18next';
import { PageHeader } from '@/client/shell/page-header';

export function InventoryPage() {
  const { t } = useTranslation();
  return <PageHeader title={t('nav.inventory')} description={t('shell.pages.inventory')} />;
}

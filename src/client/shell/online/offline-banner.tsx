import { Alert } from '@mantine/core';
import { IconWifiOff } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useOnlineStatus } from '@/client/lib/use-online-status';

export function OfflineBanner() {
  const { t } = useTranslation();
  const online = useOnlineStatus();
  if (online) return null;
  return (
    <Alert color="orange" variant="filled" icon={<IconWifiOff size={20} />} role="status" mb="md" radius="md">
      {t('shell.offline.banner')}
    </Alert>
  );
}

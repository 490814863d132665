import { Badge, Tooltip } from '@mantine/core';
import { IconWifi, IconWifiOff } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useOnlineStatus } from './use-online-status';

/** A small status chip: online (green) or offline (orange). */
export function OnlineIndicator() {
  const { t } = useTranslation();
  const online = useOnlineStatus();
  const label = online ? t('shell.offline.online') : t('shell.offline.offline');
  return (
    <Tooltip label={online ? t('shell.offline.onlineHint') : t('shell.offline.banner')}>
      <Badge
        variant="light"
        color={online ? 'green' : 'orange'}
        size="lg"
        radius="sm"
        leftSection={online ? <IconWifi size={16} /> : <IconWifiOff size={16} />}
        data-online={online}
        aria-live="polite"
        visibleFrom="sm"
      >
        {label}
      </Badge>
    </Tooltip>
  );
}

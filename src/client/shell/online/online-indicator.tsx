import { Badge } from '@mantine/core';
import { IconWifi, IconWifi1, IconWifiOff } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useConnection } from '@/client/offline/connectivity';
import { LazyTooltip } from '@/client/ui/lazy-tooltip';
import classes from './online-indicator.module.css';

const LOOK = {
  online: { color: 'green', Icon: IconWifi, label: 'shell.offline.online', hint: 'shell.offline.onlineHint' },
  poor: { color: 'yellow', Icon: IconWifi1, label: 'shell.offline.poor', hint: 'shell.offline.poorHint' },
  offline: {
    color: 'orange',
    Icon: IconWifiOff,
    label: 'shell.offline.offline',
    hint: 'shell.offline.banner',
  },
} as const;

/** A small status chip: online (green), poor connection (yellow) or offline (orange). */
export function OnlineIndicator() {
  const { t } = useTranslation();
  const connection = useConnection();
  const { color, Icon, label, hint } = LOOK[connection];
  return (
    <LazyTooltip label={t(hint)}>
      <Badge
        variant="light"
        color={color}
        size="lg"
        radius="sm"
        leftSection={<Icon size={16} />}
        aria-label={t(label)}
        data-online={connection !== 'offline'}
        data-connection={connection}
        aria-live="polite"
        visibleFrom="sm"
        // Its word is the message: the top bar's other items give way, not this one.
        style={{ flex: 'none' }}
      >
        <span className={classes.label}>{t(label)}</span>
      </Badge>
    </LazyTooltip>
  );
}

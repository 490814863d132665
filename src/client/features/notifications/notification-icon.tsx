import { ThemeIcon, type MantineColor } from '@mantine/core';
import {
  IconBell,
  IconClipboardCheck,
  IconClipboardText,
  IconClipboardX,
  IconDatabaseExclamation,
  IconDeviceTablet,
  IconNotebook,
  IconPackage,
  IconTool,
  IconTruck,
  type Icon,
} from '@tabler/icons-react';

const BY_TYPE: Record<string, [Icon, MantineColor]> = {
  'report.submitted': [IconClipboardText, 'blue'],
  'report.approved': [IconClipboardCheck, 'green'],
  'report.rejected': [IconClipboardX, 'red'],
  'logbook.pending': [IconNotebook, 'blue'],
  'logbook.approved': [IconNotebook, 'green'],
  'maintenance.due': [IconTool, 'orange'],
  'stock.low': [IconPackage, 'yellow'],
  'dispo.published': [IconTruck, 'teal'],
  'dispo.changed': [IconTruck, 'teal'],
  'backup.failed': [IconDatabaseExclamation, 'red'],
  'device.silent': [IconDeviceTablet, 'orange'],
};

/** The icon of a notification's event type (a bell for types it does not know). */
export function NotificationIcon({ type, size = 34 }: { type: string; size?: number }) {
  const [TypeIcon, color] = BY_TYPE[type] ?? [IconBell, 'gray'];
  return (
    <ThemeIcon variant="light" color={color} size={size} radius="xl" aria-hidden>
      <TypeIcon size={Math.round(size * 0.55)} stroke={1.7} />
    </ThemeIcon>
  );
}

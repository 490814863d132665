import {
  IconBackhoe,
  IconBell,
  IconChartBar,
  IconClipboardCheck,
  IconDeviceTablet,
  IconLayoutDashboard,
  IconNotebook,
  IconPackage,
  IconSettings,
  IconTruckDelivery,
  IconUsers,
  type Icon,
} from '@tabler/icons-react';
import type { NavIcon } from '@/domain/navigation/nav-items';

export const NAV_ICONS: Record<NavIcon, Icon> = {
  dashboard: IconLayoutDashboard,
  excavator: IconBackhoe,
  report: IconClipboardCheck,
  logbook: IconNotebook,
  inventory: IconPackage,
  notifications: IconBell,
  dispo: IconTruckDelivery,
  analytics: IconChartBar,
  users: IconUsers,
  devices: IconDeviceTablet,
  settings: IconSettings,
};

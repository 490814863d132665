import { IconTruckDelivery } from '@tabler/icons-react';
import { DispoSettingsSection } from './dispo-settings-section';

/** Settings → Drivers, trucks and container types: shown while the `containers` flag is on. */
export const DISPO_SETTINGS_SECTION = {
  id: 'dispo',
  title: 'dispo.settings.title',
  description: 'dispo.settings.description',
  icon: IconTruckDelivery,
  feature: 'containers' as const,
  component: DispoSettingsSection,
};

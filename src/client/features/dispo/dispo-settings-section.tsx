import { can } from '@/domain/permissions';
import { useCurrentUser } from '@/client/lib/session/session-store';
import { MasterDataPanel } from './master-data/master-data-panel';

/**
 * Settings → Drivers, trucks and container types (admin): the same master-data lists as on /dispo.
 * Every change is saved at once by its own dialog, so the section never holds unsaved input.
 */
export function DispoSettingsSection() {
  const user = useCurrentUser();
  return <MasterDataPanel canWrite={can(user, 'dispo:write')} />;
}

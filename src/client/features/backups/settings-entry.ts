import { IconDatabaseExport } from '@tabler/icons-react';
import { BackupsSection } from './backups-section';

/** Settings → Backups (admin): archives of the database and the uploads. */
export const BACKUPS_SETTINGS_SECTION = {
  id: 'backups',
  title: 'backups.title',
  description: 'backups.description',
  icon: IconDatabaseExport,
  component: BackupsSection,
};

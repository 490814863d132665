import { IconChecklist } from '@tabler/icons-react';

/** Settings → Checklists: the entry's anchor, texts and icon (the route adds the component). */
export const CHECKLISTS_SETTINGS_SECTION = {
  id: 'checklists',
  title: 'reports.checklistEditor.title',
  description: 'reports.checklistEditor.description',
  icon: IconChecklist,
};

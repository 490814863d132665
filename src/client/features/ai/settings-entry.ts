import { IconSparkles } from '@tabler/icons-react';

/** Settings → AI: what the Settings page needs besides the component (src/client/routes/_app/settings.tsx). */
export const AI_SETTINGS_SECTION = {
  id: 'ai',
  title: 'ai.admin.title',
  description: 'ai.admin.description',
  icon: IconSparkles,
  feature: 'ai' as const,
};

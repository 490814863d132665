import type { FeatureFlag } from '@/domain/features';

export interface FlagGroup {
  /** i18n key of the group heading. */
  title: string;
  flags: ReadonlyArray<{ flag: FeatureFlag; description: string }>;
}

/**
 * Every flag of `FEATURE_FLAGS` with what switching it off does, grouped for reading. Labels are
 * `shell.features.<flag>` (shared with the disabled-feature page).
 */
export const FLAG_GROUPS: readonly FlagGroup[] = [
  {
    title: 'settings.features.groups.modules',
    flags: [
      { flag: 'excavators', description: 'settings.features.descriptions.excavators' },
      { flag: 'reports', description: 'settings.features.descriptions.reports' },
      { flag: 'betriebstagebuch', description: 'settings.features.descriptions.betriebstagebuch' },
      { flag: 'inventory', description: 'settings.features.descriptions.inventory' },
      { flag: 'notifications', description: 'settings.features.descriptions.notifications' },
      { flag: 'containers', description: 'settings.features.descriptions.containers' },
      { flag: 'analytics', description: 'settings.features.descriptions.analytics' },
      { flag: 'ai', description: 'settings.features.descriptions.ai' },
    ],
  },
  {
    title: 'settings.features.groups.administration',
    flags: [
      { flag: 'userManagement', description: 'settings.features.descriptions.userManagement' },
      { flag: 'settings', description: 'settings.features.descriptions.settings' },
    ],
  },
  {
    title: 'settings.features.groups.interface',
    flags: [{ flag: 'recentsEnabled', description: 'settings.features.descriptions.recentsEnabled' }],
  },
];

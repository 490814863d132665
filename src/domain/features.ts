/** Feature flags. A flag disables its module only when it is explicitly `false`. */
export const FEATURE_FLAGS = [
  'analytics',
  'inventory',
  'userManagement',
  'settings',
  'containers',
  'excavators',
  'reports',
  'betriebstagebuch',
  'notifications',
  'recentsEnabled',
  'ai',
] as const;
export type FeatureFlag = (typeof FEATURE_FLAGS)[number];
export type FeatureMap = Partial<Record<string, boolean>>;

export const DEFAULT_FEATURES: Record<FeatureFlag, boolean> = Object.fromEntries(
  FEATURE_FLAGS.map((flag) => [flag, true]),
) as Record<FeatureFlag, boolean>;

export function isFeatureEnabled(
  features: FeatureMap | null | undefined,
  flag: FeatureFlag | null | undefined,
): boolean {
  if (!flag) return true;
  return features?.[flag] !== false;
}

/**
 * API path prefixes (below /api) and the flag that gates them. The server's access plugin answers
 * 403 FEATURE_DISABLED for these the moment the flag is false; the client hides the same modules.
 * Longest prefix wins.
 */
export const FEATURE_BY_API_PREFIX: ReadonlyArray<readonly [prefix: string, flag: FeatureFlag]> = [
  ['/excavators', 'excavators'],
  ['/reports', 'reports'],
  ['/checklist-config', 'reports'],
  ['/follow-ups', 'reports'],
  ['/betriebstagebuch', 'betriebstagebuch'],
  ['/betriebstagebuch-config', 'betriebstagebuch'],
  ['/inventory', 'inventory'],
  ['/notifications', 'notifications'],
  ['/push', 'notifications'],
  ['/containers', 'containers'],
  ['/analytics', 'analytics'],
  ['/users', 'userManagement'],
  ['/ai', 'ai'],
  // Administration that lives on the Settings page.
  ['/notification-channels', 'settings'],
  ['/audit', 'settings'],
  ['/backups', 'settings'],
];

/** The flag gating an API path such as `/api/excavators/12` or `/excavators/12`, if any. */
export function featureForApiPath(path: string): FeatureFlag | null {
  const bare = path.replace(/^\/api(?=\/|$)/, '').split('?')[0] ?? '';
  let best: readonly [string, FeatureFlag] | null = null;
  for (const entry of FEATURE_BY_API_PREFIX) {
    const [prefix] = entry;
    if ((bare === prefix || bare.startsWith(prefix + '/')) && (!best || prefix.length > best[0].length))
      best = entry;
  }
  return best ? best[1] : null;
}

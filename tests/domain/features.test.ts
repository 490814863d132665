import { describe, expect, it } from 'vitest';
import {
  DEFAULT_FEATURES,
  FEATURE_BY_API_PREFIX,
  FEATURE_FLAGS,
  featureForApiPath,
  isFeatureEnabled,
} from '@/domain/features';

describe('isFeatureEnabled', () => {
  it('is off only for an explicit false', () => {
    expect(isFeatureEnabled({ analytics: false }, 'analytics')).toBe(false);
    expect(isFeatureEnabled({ analytics: true }, 'analytics')).toBe(true);
    expect(isFeatureEnabled({}, 'analytics')).toBe(true);
    expect(isFeatureEnabled({ inventory: false }, 'analytics')).toBe(true);
    expect(isFeatureEnabled(null, 'analytics')).toBe(true);
    expect(isFeatureEnabled(undefined, 'reports')).toBe(true);
  });

  it('does not treat other falsy values as false', () => {
    const odd = { analytics: 0, reports: null, inventory: '' } as unknown as Record<string, boolean>;
    expect(isFeatureEnabled(odd, 'analytics')).toBe(true);
    expect(isFeatureEnabled(odd, 'reports')).toBe(true);
    expect(isFeatureEnabled(odd, 'inventory')).toBe(true);
  });

  it('treats "no flag" as enabled', () => {
    expect(isFeatureEnabled({ analytics: false }, null)).toBe(true);
    expect(isFeatureEnabled({ analytics: false }, undefined)).toBe(true);
  });

  it('defaults every known flag to true', () => {
    expect([...FEATURE_FLAGS].sort()).toEqual(
      [
        'ai',
        'analytics',
        'betriebstagebuch',
        'containers',
        'excavators',
        'inventory',
        'notifications',
        'recentsEnabled',
        'reports',
        'settings',
        'userManagement',
      ].sort(),
    );
    for (const flag of FEATURE_FLAGS) expect(DEFAULT_FEATURES[flag]).toBe(true);
  });
});

describe('featureForApiPath', () => {
  it.each([
    ['/api/excavators', 'excavators'],
    ['/api/excavators/0190a0a0-0000-7000-8000-000000000000', 'excavators'],
    ['/api/reports/:id/pdf', 'reports'],
    ['/api/checklist-config', 'reports'],
    ['/api/betriebstagebuch', 'betriebstagebuch'],
    ['/api/betriebstagebuch-config', 'betriebstagebuch'],
    ['/api/inventory/items?q=oil', 'inventory'],
    ['/api/notifications', 'notifications'],
    ['/api/notifications/read-all', 'notifications'],
    ['/api/push/subscribe', 'notifications'],
    ['/api/containers', 'containers'],
    ['/api/analytics', 'analytics'],
    ['/api/users', 'userManagement'],
    ['/api/users/:id/password', 'userManagement'],
    ['/users', 'userManagement'],
    ['/api/audit', 'settings'],
    ['/api/notification-channels/email/test', 'settings'],
  ] as const)('%s → %s', (path, flag) => {
    expect(featureForApiPath(path)).toBe(flag);
  });

  it.each([
    '/api/settings',
    '/api/auth/login',
    '/api/auth/me',
    '/api/profile',
    '/api/health',
    '/api/sync/pull',
    '/api/dispo',
    '/api/usersettings',
    '/api/reportsx',
    '/api',
    '/',
  ])('%s is not gated', (path) => {
    expect(featureForApiPath(path)).toBeNull();
  });

  it('matches whole segments only and prefers the longest prefix', () => {
    expect(featureForApiPath('/api/excavators-archive')).toBeNull();
    const longest = FEATURE_BY_API_PREFIX.find(([p]) => p === '/betriebstagebuch-config');
    expect(longest?.[1]).toBe('betriebstagebuch');
    expect(featureForApiPath('/api/betriebstagebuch-config/items')).toBe('betriebstagebuch');
  });

  it('maps only to known flags', () => {
    for (const [, flag] of FEATURE_BY_API_PREFIX) expect(FEATURE_FLAGS).toContain(flag);
  });
});

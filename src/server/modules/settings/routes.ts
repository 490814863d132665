import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { sql } from 'drizzle-orm';
import { isFeatureEnabled } from '@/domain/features';
import { isAdmin } from '@/domain/permissions';
import { mergeSettings, settingsSchema, settingsUpdateSchema, type Settings } from '@/domain/settings';
import { HttpError } from '../../http-error';
import { errorBodySchema } from '../auth/schemas';

/** Serialises settings writes so two admins toggling different flags never lose one of the changes. */
const SETTINGS_LOCK_ID = 724_311_101;

/** `{ 'app.name': { from, to }, 'features.analytics': { from, to } }` for every value that changed. */
export function settingsChanges(
  before: Settings,
  after: Settings,
): Record<string, { from: unknown; to: unknown }> {
  const out: Record<string, { from: unknown; to: unknown }> = {};
  for (const section of ['app', 'features', 'notifications', 'maintenance', 'reports', 'approval'] as const) {
    const a: Record<string, unknown> = before[section];
    const b: Record<string, unknown> = after[section];
    for (const key of new Set([...Object.keys(a), ...Object.keys(b)])) {
      const from = a[key] ?? null;
      const to = b[key] ?? null;
      if (JSON.stringify(from) !== JSON.stringify(to)) out[`${section}.${key}`] = { from, to };
    }
  }
  return out;
}

/**
 * The `settings` flag governs the Settings page and its writes. Reading stays open to every signed-in
 * user because the client learns every other flag from it. While the flag is off, the one write let
 * through is the one turning it back on — otherwise no admin could ever undo switching it off.
 */
async function settingsWritesEnabled(app: FastifyInstance, request: FastifyRequest) {
  const settings = await app.settingsStore.get();
  if (isFeatureEnabled(settings.features, 'settings')) return;
  const body = request.body as { features?: Record<string, unknown> } | undefined;
  if (body?.features?.settings === true) return;
  throw new HttpError('FEATURE_DISABLED', 'The feature "settings" is disabled', { feature: 'settings' });
}

export async function settingsRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get('/settings', {
    config: { access: 'settings:read' },
    schema: { tags: ['settings'], response: { 200: settingsSchema, 401: errorBodySchema } },
    handler: async (request) => {
      const settings = await app.settingsStore.get();
      // Channel settings name mail servers, accounts and webhook hosts: only admins see them.
      return isAdmin(request.user!) ? settings : { ...settings, notifications: {} };
    },
  });

  r.put('/settings', {
    config: { access: 'settings:write' },
    // The flag is checked before validation, as the access plugin does for other modules.
    preValidation: async (request) => settingsWritesEnabled(app, request),
    schema: {
      tags: ['settings'],
      body: settingsUpdateSchema,
      response: { 200: settingsSchema, 400: errorBodySchema, 401: errorBodySchema, 403: errorBodySchema },
    },
    handler: async (request) => {
      const { settings, changed } = await app.db.transaction(async (tx) => {
        await tx.execute(sql`select pg_advisory_xact_lock(${SETTINGS_LOCK_ID})`);
        const before = await app.settingsStore.get(tx);
        const changes = settingsChanges(before, mergeSettings(before, request.body));
        if (Object.keys(changes).length === 0) return { settings: before, changed: false };
        const after = await app.settingsStore.update(request.body, tx);
        await app.audit(
          request,
          { action: 'settings.update', entity: 'settings', entityId: 'app', changes },
          tx,
        );
        return { settings: after, changed: true };
      });
      // After the commit: every signed-in client reloads, so a flag switched off hides its module at once.
      if (changed) app.events.emit('settings:changed');
      return settings;
    },
  });
}

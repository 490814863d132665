import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { featureForApiPath, isFeatureEnabled } from '@/domain/features';
import { can, type Action } from '@/domain/permissions';
import { HttpError, forbidden, unauthenticated } from '../http-error';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * Who may call the route: 'public' (anyone), 'signed-in' (default for /api) or an action of the
     * policy map in src/domain/permissions.ts.
     */
    access?: Action | 'public' | 'signed-in';
  }
}

/**
 * Every /api request passes, in order: authenticated → role allowed → feature flag on → validated
 *. Runs after the auth hook and before body parsing and validation.
 */
export const accessPlugin = fp(
  async (app: FastifyInstance) => {
    app.addHook('onRequest', async (request) => {
      const url = request.routeOptions.url;
      if (!url || !url.startsWith('/api/')) return;
      const access = request.routeOptions.config.access ?? 'signed-in';
      if (access === 'public') return;
      if (!request.user) throw unauthenticated();
      if (access !== 'signed-in' && !can(request.user, access)) throw forbidden();
      const flag = featureForApiPath(url);
      if (flag) {
        const settings = await app.settingsStore.get();
        if (!isFeatureEnabled(settings.features, flag)) {
          throw new HttpError('FEATURE_DISABLED', `The feature "${flag}" is disabled`, { feature: flag });
        }
      }
    });
  },
  { name: 'access', dependencies: ['auth', 'settings-store'] },
);

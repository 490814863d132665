import type { FastifyInstance, FastifyReply, FastifyRequest, HookHandlerDoneFunction } from 'fastify';
import fp from 'fastify-plugin';
import { featureForApiPath, isFeatureEnabled, type FeatureFlag } from '@/domain/features';
import type { Settings } from '@/domain/settings';
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
    // Route patterns are a fixed set: their flag is looked up once per pattern, not per request.
    const flags = new Map<string, FeatureFlag | null>();
    const flagOf = (url: string): FeatureFlag | null => {
      let flag = flags.get(url);
      if (flag === undefined) flags.set(url, (flag = featureForApiPath(url)));
      return flag;
    };
    const featureOff = (flag: FeatureFlag, settings: Settings) =>
      isFeatureEnabled(settings.features, flag)
        ? undefined
        : new HttpError('FEATURE_DISABLED', `The feature "${flag}" is disabled`, { feature: flag });

    // Not an async hook: with the settings in memory (or no flag on the route) the request passes or is
    // refused without a promise.
    app.addHook(
      'onRequest',
      function checkAccess(request: FastifyRequest, _reply: FastifyReply, done: HookHandlerDoneFunction) {
        // Fastify builds `routeOptions` afresh on every read: read it once.
        const { url, config } = request.routeOptions;
        if (!url || !url.startsWith('/api/')) return done();
        const access = config.access ?? 'signed-in';
        if (access === 'public') return done();
        if (!request.user) return done(unauthenticated());
        if (access !== 'signed-in' && !can(request.user, access)) return done(forbidden());
        const flag = flagOf(url);
        if (!flag) return done();
        const settings = app.settingsStore.getInMemory();
        if (settings) return done(featureOff(flag, settings));
        app.settingsStore.get().then((read) => done(featureOff(flag, read)), done);
      },
    );
  },
  { name: 'access', dependencies: ['auth', 'settings-store'] },
);

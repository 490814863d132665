import { createRouter, type RouterHistory } from '@tanstack/react-router';
import type { PageKey } from '@/domain/navigation/guards';
import { routeTree } from './routeTree.gen';
import { ErrorPage } from './shell/pages/error-page';
import { PageSkeleton } from './shell/pages/page-skeleton';
import { sessionStore } from '@/client/lib/session/session-store';

export interface RouterContext {
  session: typeof sessionStore;
}

export function createAppRouter(options: { history?: RouterHistory } = {}) {
  return createRouter({
    routeTree,
    history: options.history,
    context: { session: sessionStore },
    defaultPreload: 'intent',
    defaultErrorComponent: ErrorPage,
    defaultPendingComponent: PageSkeleton,
    scrollRestoration: true,
  });
}

export type AppRouter = ReturnType<typeof createAppRouter>;

declare module '@tanstack/react-router' {
  interface Register {
    router: AppRouter;
  }
  interface StaticDataRouteOption {
    /** The guarded page a route shows (see PAGE_GUARDS in domain/navigation/guards). */
    page?: PageKey;
  }
}

import { createRootRouteWithContext, Outlet } from '@tanstack/react-router';
import type { RouterContext } from '../router';
import { RootNotFound } from '../shell/pages/root-not-found';
import { PwaManager } from '../shell/pwa/pwa-manager';

export const Route = createRootRouteWithContext<RouterContext>()({
  component: RootLayout,
  notFoundComponent: RootNotFound,
});

function RootLayout() {
  return (
    <>
      <Outlet />
      <PwaManager />
    </>
  );
}

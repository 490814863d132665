import { ServiceWorkerHost } from '@/client/shell/pwa/service-worker-host';
import { LoginPage } from './login-page';

/**
 * The sign-in page of a visit without a stored session, shown before the router has loaded: the first
 * load of a tablet that is not signed in leaves the router and the route tree out (main.tsx).
 */
export function StandaloneLogin({
  redirect,
  onSignedIn,
}: {
  redirect?: string;
  onSignedIn: (href: string) => void;
}) {
  return (
    <>
      <LoginPage redirect={redirect} onSignedIn={onSignedIn} />
      <ServiceWorkerHost />
    </>
  );
}

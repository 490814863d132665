import { Navigate, useLocation } from '@tanstack/react-router';
import { InsecureContextBanner } from '../pwa/insecure-context-banner';
import { useSession } from '@/client/lib/session/session-store';
import { NotFoundPage } from './not-found-page';

/** Unmatched paths outside the signed-in layout: anonymous users see Login, others "Not Found". */
export function RootNotFound() {
  const { user } = useSession();
  const href = useLocation({ select: (location) => location.href });
  if (!user) return <Navigate to="/login" search={{ redirect: href }} replace />;
  return (
    <>
      <InsecureContextBanner />
      <NotFoundPage />
    </>
  );
}

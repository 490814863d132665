import { createFileRoute } from '@tanstack/react-router';
import { NotFoundPage } from '../../shell/pages/not-found-page';

/** Any other path of a signed-in user: "Not Found" inside the shell (anonymous users go to login first). */
export const Route = createFileRoute('/_app/$')({
  component: NotFoundPage,
});

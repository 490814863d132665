import { createFileRoute } from '@tanstack/react-router';
import { DispoPage } from '../../../features/dispo/dispo-page';

export const Route = createFileRoute('/_app/dispo/')({
  staticData: { page: 'dispo' },
  component: DispoPage,
});

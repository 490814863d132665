import { createFileRoute } from '@tanstack/react-router';
import { DispoPage } from '../../../features/dispo/dispo-page';
import { dispoSearch } from '../../../features/dispo/search';

export const Route = createFileRoute('/_app/dispo/')({
  staticData: { page: 'dispo' },
  validateSearch: dispoSearch,
  component: DispoPage,
});

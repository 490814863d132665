import { createFileRoute } from '@tanstack/react-router';
import { ExcavatorsPage } from '../../features/excavators/excavators-page';
import { excavatorsSearch } from '../../features/excavators/search';

export const Route = createFileRoute('/_app/excavators')({
  staticData: { page: 'excavators' },
  validateSearch: excavatorsSearch,
  component: ExcavatorsPage,
});

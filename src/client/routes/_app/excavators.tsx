import { createFileRoute } from '@tanstack/react-router';
import { ExcavatorsPage } from '../../features/excavators/excavators-page';
import { excavatorsSearchSchema } from '../../features/excavators/model';

export const Route = createFileRoute('/_app/excavators')({
  staticData: { page: 'excavators' },
  validateSearch: excavatorsSearchSchema,
  component: ExcavatorsPage,
});

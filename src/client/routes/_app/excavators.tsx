import { createFileRoute } from '@tanstack/react-router';
import { ExcavatorsPage } from '../../features/excavators/excavators-page';

export const Route = createFileRoute('/_app/excavators')({
  staticData: { page: 'excavators' },
  component: ExcavatorsPage,
});

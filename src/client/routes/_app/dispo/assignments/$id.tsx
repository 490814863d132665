import { createFileRoute } from '@tanstack/react-router';
import { DispoAssignmentPage } from '../../../../features/dispo/dispo-assignment-page';

export const Route = createFileRoute('/_app/dispo/assignments/$id')({
  staticData: { page: 'dispo' },
  component: DispoAssignmentPage,
});

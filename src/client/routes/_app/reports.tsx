import { createFileRoute } from '@tanstack/react-router';
import { reportsSearchSchema } from '../../features/reports/model';
import { ReportsPage } from '../../features/reports/reports-page';

export const Route = createFileRoute('/_app/reports')({
  staticData: { page: 'reports' },
  validateSearch: reportsSearchSchema,
  component: ReportsPage,
});

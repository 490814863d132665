import { createFileRoute } from '@tanstack/react-router';
import { reportsSearch } from '../../features/reports/search';
import { ReportsPage } from '../../features/reports/reports-page';

export const Route = createFileRoute('/_app/reports')({
  staticData: { page: 'reports' },
  validateSearch: reportsSearch,
  component: ReportsPage,
});

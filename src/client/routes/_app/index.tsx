import { createFileRoute } from '@tanstack/react-router';
import { DashboardPage } from '../../features/dashboard/dashboard-page';
import { dashboardSearchSchema } from '../../features/dashboard/search';

export const Route = createFileRoute('/_app/')({
  staticData: { page: 'dashboard' },
  validateSearch: dashboardSearchSchema,
  component: DashboardPage,
});

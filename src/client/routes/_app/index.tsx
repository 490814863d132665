import { createFileRoute } from '@tanstack/react-router';
import { DashboardPage } from '../../features/dashboard/dashboard-page';
import { dashboardSearch } from '../../features/dashboard/search';

export const Route = createFileRoute('/_app/')({
  staticData: { page: 'dashboard' },
  validateSearch: dashboardSearch,
  component: DashboardPage,
});

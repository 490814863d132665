import { createFileRoute } from '@tanstack/react-router';
import { BackupFailureNotice } from '../../features/backups/backup-failure-notice';
import { DashboardPage } from '../../features/dashboard/dashboard-page';
import { dashboardSearch } from '../../features/dashboard/search';

export const Route = createFileRoute('/_app/')({
  staticData: { page: 'dashboard' },
  validateSearch: dashboardSearch,
  component: DashboardRoute,
});

function DashboardRoute() {
  return <DashboardPage notices={<BackupFailureNotice />} />;
}

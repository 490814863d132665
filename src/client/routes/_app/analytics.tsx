import { createFileRoute } from '@tanstack/react-router';
import { AnalyticsPage } from '../../features/analytics/analytics-page';
import { analyticsSearch } from '../../features/analytics/model';

export const Route = createFileRoute('/_app/analytics')({
  staticData: { page: 'analytics' },
  validateSearch: analyticsSearch,
  component: AnalyticsPage,
});

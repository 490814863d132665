import { createFileRoute } from '@tanstack/react-router';
import { AnalyticsPage } from '../../features/analytics/analytics-page';
import { analyticsSearchSchema } from '../../features/analytics/model';

export const Route = createFileRoute('/_app/analytics')({
  staticData: { page: 'analytics' },
  validateSearch: analyticsSearchSchema,
  component: AnalyticsPage,
});

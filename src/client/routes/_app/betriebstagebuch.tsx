import { createFileRoute } from '@tanstack/react-router';
import { LogbookPage } from '../../features/logbook/logbook-page';
import { logbookSearch } from '../../features/logbook/search';

export const Route = createFileRoute('/_app/betriebstagebuch')({
  staticData: { page: 'betriebstagebuch' },
  validateSearch: logbookSearch,
  component: LogbookPage,
});

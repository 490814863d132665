import { createFileRoute } from '@tanstack/react-router';
import { LogbookPage } from '../../features/logbook/logbook-page';

export const Route = createFileRoute('/_app/betriebstagebuch')({
  staticData: { page: 'betriebstagebuch' },
  component: LogbookPage,
});

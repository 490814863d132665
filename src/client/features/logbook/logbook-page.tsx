import { EntryDetails } from './components/entry-details';
import { EntryFormView } from './components/entry-form-view';
import { LogbookListView } from './components/logbook-list-view';
import { useLogbookSearch } from './use-logbook-navigation';

/** /betriebstagebuch: the list, an entry's details or the entry form, chosen by the search params. */
export function LogbookPage() {
  const { view, id } = useLogbookSearch();
  if (view === 'new') return <EntryFormView entryId={null} />;
  if (view === 'edit' && id) return <EntryFormView entryId={id} />;
  if (view === 'detail' && id) return <EntryDetails id={id} />;
  return <LogbookListView />;
}

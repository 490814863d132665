import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { serverReachableStore } from '@/client/offline/connectivity';
import type { Harness } from '../../offline/harness';
import { renderInventory, setUpInventory } from './inventory-harness';

vi.setConfig({ testTimeout: 60_000 });

let h: Harness;

afterEach(async () => {
  vi.unstubAllGlobals();
  serverReachableStore.set(true);
  await h.dispose();
});

// `;` separators, decimal commas, a BOM; row 3 lacks a name, row 4 has a negative quantity.
const CSV =
  '\uFEFFname;description;quantity;price;category;location;supplier\r\n' +
  'Ölfilter;Für den Motor;10;12,50;Filter;Lager 1;Mann\r\n' +
  ';ohne Namen;3;1,00;;;\r\n' +
  'Keilriemen;;-2;5,00;;;\r\n' +
  'Φίλτρο αέρα;;4;7,25;Filter;Lager 2;Bosch\r\n';

async function openImportWith(csv: string) {
  await userEvent.click(await screen.findByRole('button', { name: 'Import CSV' }));
  const dialog = await screen.findByRole('dialog');
  const input = dialog.querySelector<HTMLInputElement>('input[type="file"]')!;
  await userEvent.upload(input, new File([csv], 'parts.csv', { type: 'text/csv' }));
  return dialog;
}

describe('Inventory CSV import', () => {
  it('previews the file on the device with per-row errors (row number and reason)', async () => {
    h = await setUpInventory('manager', []);
    renderInventory(h);
    const dialog = await openImportWith(CSV);
    expect(await within(dialog).findByTestId('import-valid-count')).toHaveTextContent('2 rows ready');
    expect(within(dialog).getByTestId('import-error-count')).toHaveTextContent('2 rows with errors');
    const errors = within(dialog).getByTestId('import-errors');
    expect(errors).toHaveTextContent('Row 3: Name is required');
    expect(errors).toHaveTextContent('Row 4: Quantity must be non-negative');
    const sample = within(dialog).getByRole('table', { name: 'First rows to import' });
    expect(sample).toHaveTextContent('Ölfilter');
    expect(sample).toHaveTextContent('12.5');
    expect(sample).toHaveTextContent('Φίλτρο αέρα');
    expect(within(dialog).getByRole('button', { name: 'Import 2 items' })).toBeEnabled();
  });

  it('sends the rows as one batch and shows the result message', async () => {
    h = await setUpInventory('admin', []);
    const fetchMock = vi.fn(
      async (_url: string, _init?: RequestInit) =>
        new Response(
          JSON.stringify({
            imported: 2,
            created: 2,
            updated: 0,
            unchanged: 0,
            errors: [
              { row: 3, reason: 'Name is required' },
              { row: 4, reason: 'Quantity must be non-negative' },
            ],
          }),
          { status: 200, headers: { 'content-type': 'application/json' } },
        ),
    );
    vi.stubGlobal('fetch', fetchMock);
    renderInventory(h);
    const dialog = await openImportWith(CSV);
    await userEvent.click(await within(dialog).findByRole('button', { name: 'Import 2 items' }));
    const result = await within(dialog).findByTestId('import-result');
    expect(result).toHaveTextContent('Import completed! Imported 2 items.');
    expect(result).toHaveTextContent('2 errors occurred.');
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('/api/inventory/import');
    expect(init?.method).toBe('POST');
    expect((init?.headers as Record<string, string>)['Idempotency-Key']).toMatch(/^[0-9a-f-]{36}$/);
    const body = JSON.parse(String(init?.body)) as { rows: Array<Record<string, unknown>> };
    expect(body.rows).toHaveLength(4);
    expect(body.rows[0]).toMatchObject({
      row: 2,
      name: 'Ölfilter',
      price: 12.5,
      quantity: 10,
      maker: 'Mann',
    });
  });

  it('queues the import offline as one batch and shows its result on the page once it went out', async () => {
    h = await setUpInventory('manager', []);
    serverReachableStore.set(false);
    h.server.offline = true;
    renderInventory(h);
    const dialog = await openImportWith(CSV);
    expect(await within(dialog).findByText(/You are offline. The import is queued/)).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Queue import of 2 items' }));
    expect(await within(dialog).findByTestId('import-queued')).toHaveTextContent(
      'Import queued: 2 items are imported when the connection is back.',
    );
    const [entry] = await h.db.outbox.toArray();
    expect(entry).toMatchObject({ kind: 'batch', method: 'POST', url: '/api/inventory/import' });
    expect((entry!.body as { data: { rows: unknown[] } }).data.rows).toHaveLength(4);
    // The dialog's own button (the header's close icon has the same name).
    await userEvent.click(within(dialog).getAllByRole('button', { name: 'Close' }).at(-1)!);
    const waiting = await screen.findByTestId('import-batch');
    expect(waiting).toHaveTextContent('Import “parts.csv” (2 items) waits for the connection.');

    // Back online: the batch goes out with its id as Idempotency-Key; the page shows the answer.
    const keys: string[] = [];
    h.server.routes.push((request) => {
      if (request.url !== '/api/inventory/import') return undefined;
      keys.push(request.headers['idempotency-key']!);
      return {
        status: 200,
        headers: { get: () => null },
        body: {
          imported: 2,
          created: 2,
          updated: 0,
          unchanged: 0,
          errors: [
            { row: 3, reason: 'Name is required' },
            { row: 4, reason: 'Quantity must be non-negative' },
          ],
        },
      };
    });
    h.server.offline = false;
    serverReachableStore.set(true);
    await h.engine.replay({ force: true });
    expect(keys).toEqual([entry!.id]);
    await waitFor(() => expect(screen.getByTestId('import-batch')).toHaveAttribute('data-state', 'done'));
    const done = screen.getByTestId('import-batch');
    expect(done).toHaveTextContent('Import completed! Imported 2 items.');
    expect(done).toHaveTextContent('2 errors occurred.');
    expect(done).toHaveTextContent('Row 3: Name is required');
    // The dialog's own button (the header's close icon has the same name).
    await userEvent.click(within(done).getAllByRole('button', { name: 'Close' }).at(-1)!);
    await waitFor(() => expect(screen.queryByTestId('import-batch')).toBeNull());
  });

  it('queues the batch under the same key when the connection drops while sending', async () => {
    h = await setUpInventory('admin', []);
    const fetchMock = vi.fn(async () => {
      throw new TypeError('Failed to fetch');
    });
    vi.stubGlobal('fetch', fetchMock);
    renderInventory(h);
    const dialog = await openImportWith(CSV);
    await userEvent.click(await within(dialog).findByRole('button', { name: 'Import 2 items' }));
    expect(await within(dialog).findByTestId('import-queued')).toBeInTheDocument();
    const [, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    const tried = (init.headers as Record<string, string>)['Idempotency-Key'];
    const [entry] = await h.db.outbox.toArray();
    expect(entry).toMatchObject({ kind: 'batch', id: tried, idempotencyKey: tried });
  });

  it('is not offered to operators', async () => {
    h = await setUpInventory('operator', []);
    renderInventory(h);
    await screen.findByText('No parts in the inventory yet');
    expect(screen.queryByRole('button', { name: 'Import CSV' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Export' })).toBeInTheDocument();
  });
});

import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { serverReachableStore } from '@/client/offline/connectivity';
import type { Harness } from '../../offline/harness';
import { item, renderInventory, setUpInventory } from './inventory-harness';

vi.setConfig({ testTimeout: 60_000 });

let h: Harness;

afterEach(async () => {
  vi.unstubAllGlobals();
  serverReachableStore.set(true);
  await h.dispose();
});

const ITEMS = () => [
  item('Hydraulic pump', { tags: ['hydraulic', 'old'] }),
  item('Air filter', { tags: ['filter'] }),
  item('Bucket tooth', { tags: [] }),
];

/** The text field of a TagsInput (its label also names the dropdown list). */
const tagsField = (dialog: HTMLElement, label: string) =>
  within(dialog)
    .getAllByLabelText(label)
    .find((element) => element.tagName === 'INPUT')!;

async function selectAndOpenBulk(names: string[]) {
  for (const name of names) {
    await userEvent.click(await screen.findByRole('checkbox', { name: `Select ${name}` }));
  }
  expect(screen.getByTestId('selection-count')).toHaveTextContent(`${names.length} items selected`);
  await userEvent.click(screen.getByRole('button', { name: 'Edit tags' }));
  return screen.findByRole('dialog');
}

describe('Inventory bulk tags', () => {
  it('sends one bulk request for the selected items when online', async () => {
    h = await setUpInventory('manager', ITEMS());
    const fetchMock = vi.fn(
      async (_url: string, _init?: RequestInit) =>
        new Response(JSON.stringify({ updated: 2, items: [] }), {
          status: 200,
          headers: { 'content-type': 'application/json' },
        }),
    );
    vi.stubGlobal('fetch', fetchMock);
    renderInventory(h);
    const dialog = await selectAndOpenBulk(['Hydraulic pump', 'Air filter']);
    await userEvent.type(tagsField(dialog, 'Add tags'), 'urgent{enter}');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Apply' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const call = fetchMock.mock.calls.find(([url]) => url === '/api/inventory/tags/bulk');
    expect(call).toBeDefined();
    const [pump, filter] = await h.db.inventory.toArray();
    const body = JSON.parse(String(call![1]?.body)) as { ids: string[]; add: string[]; remove: string[] };
    expect([...body.ids].sort()).toEqual([pump!.id, filter!.id].sort());
    expect(body).toMatchObject({ add: ['urgent'], remove: [] });
    expect(screen.queryByTestId('selection-count')).toBeNull();
  });

  it('queues per-item tag changes offline and shows them at once', async () => {
    h = await setUpInventory('manager', ITEMS());
    serverReachableStore.set(false);
    renderInventory(h);
    const dialog = await selectAndOpenBulk(['Hydraulic pump', 'Bucket tooth']);
    await userEvent.type(tagsField(dialog, 'Add tags'), 'yard{enter}');
    await userEvent.type(tagsField(dialog, 'Remove tags'), 'old{enter}');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Apply' }));
    await waitFor(async () => expect(await h.db.outbox.count()).toBe(2));
    const entries = await h.db.outbox.toArray();
    expect(entries.every((e) => e.url === '/api/inventory/tags/bulk')).toBe(true);
    const pump = (await h.db.inventory.toArray()).find((row) => row.name === 'Hydraulic pump')!;
    expect(pump.tags).toEqual(['hydraulic', 'yard']);
    const card = await screen.findByRole('article', { name: 'Hydraulic pump' });
    expect(await within(card).findByText('Waiting to sync')).toBeInTheDocument();
  });

  it('renames a tag onto an existing one (merge) from the tag manager, offline', async () => {
    h = await setUpInventory('admin', ITEMS());
    serverReachableStore.set(false);
    renderInventory(h);
    await userEvent.click(await screen.findByRole('button', { name: 'Tags' }));
    const dialog = await screen.findByRole('dialog');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Rename tag old' }));
    const input = within(dialog).getByRole('textbox', { name: 'New name for “old”' });
    await userEvent.clear(input);
    await userEvent.type(input, 'Filter');
    expect(within(dialog).getByText(/already exists/)).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Merge' }));
    await waitFor(async () => {
      const pump = (await h.db.inventory.toArray()).find((row) => row.name === 'Hydraulic pump')!;
      expect(pump.tags).toEqual(['hydraulic', 'Filter']);
    });
  });
});

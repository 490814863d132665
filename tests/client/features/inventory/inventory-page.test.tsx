import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { viewModeKey } from '@/client/features/inventory/use-view-mode';
import type { Harness } from '../../offline/harness';
import { item, renderInventory, setUpInventory } from './inventory-harness';

vi.setConfig({ testTimeout: 60_000 });

let h: Harness;

afterEach(async () => {
  vi.restoreAllMocks();
  await h.dispose();
});

const ITEMS = () => [
  item('Hydraulic pump', { maker: 'Bosch', type: 'Hydraulics', tags: ['hydraulic'], quantity: 4 }),
  item('Air filter', {
    maker: 'Mann',
    type: 'Filters',
    tags: ['filter', 'engine'],
    quantity: 1,
    minQuantity: 3,
  }),
  item('Bucket tooth', { type: 'Wear parts', location: 'Yard 2', quantity: 40 }),
];

describe('Inventory screen', () => {
  it('shows the items from IndexedDB as cards, highlights low stock', async () => {
    h = await setUpInventory('manager', ITEMS());
    renderInventory(h);
    expect(await screen.findAllByTestId('inventory-card')).toHaveLength(3);
    const low = screen.getByRole('article', { name: 'Air filter' });
    expect(low).toHaveAttribute('data-low-stock', 'true');
    expect(within(low).getByText('Low stock (min. 3)')).toBeInTheDocument();
    expect(screen.getByRole('article', { name: 'Bucket tooth' })).not.toHaveAttribute('data-low-stock');
    expect(screen.getByTestId('inventory-count')).toHaveTextContent('3 of 3 items');
  });

  it('switches to the table and keeps the choice per user', async () => {
    h = await setUpInventory('manager', ITEMS());
    const view = renderInventory(h);
    await screen.findAllByTestId('inventory-card');
    await userEvent.click(screen.getByText('Table'));
    expect(await screen.findAllByTestId('inventory-row')).toHaveLength(3);
    expect(screen.queryAllByTestId('inventory-card')).toHaveLength(0);
    expect(localStorage.getItem(viewModeKey('u1'))).toBe('table');
    expect(localStorage.getItem(viewModeKey('someone-else'))).toBeNull();
    view.unmount();
    renderInventory(h);
    expect(await screen.findAllByTestId('inventory-row')).toHaveLength(3);
  });

  it('filters by search text and by low stock', async () => {
    h = await setUpInventory('manager', ITEMS());
    renderInventory(h);
    await screen.findAllByTestId('inventory-card');
    await userEvent.type(screen.getByRole('searchbox', { name: 'Search' }), 'bosch');
    await waitFor(() => expect(screen.getAllByTestId('inventory-card')).toHaveLength(1));
    expect(screen.getByRole('article', { name: 'Hydraulic pump' })).toBeInTheDocument();
    await userEvent.clear(screen.getByRole('searchbox', { name: 'Search' }));
    await userEvent.click(screen.getByRole('checkbox', { name: 'Low stock only' }));
    await waitFor(() => expect(screen.getAllByTestId('inventory-card')).toHaveLength(1));
    expect(screen.getByRole('article', { name: 'Air filter' })).toBeInTheDocument();
    await userEvent.type(screen.getByRole('searchbox', { name: 'Search' }), 'zzz');
    expect(await screen.findByText('No items match')).toBeInTheDocument();
  });

  it('table: selects rows one by one and all at once, marks low stock, shortens long tag lists', async () => {
    h = await setUpInventory('manager', [
      ...ITEMS(),
      item('Wiper blade', { tags: ['cab', 'rubber', 'season'], quantity: 6 }),
    ]);
    renderInventory(h);
    await screen.findAllByTestId('inventory-card');
    await userEvent.click(screen.getByText('Table'));
    const rows = await screen.findAllByTestId('inventory-row');
    expect(rows).toHaveLength(4);
    const all = screen.getByRole<HTMLInputElement>('checkbox', { name: 'Select all shown items' });
    const pump = screen.getByRole<HTMLInputElement>('checkbox', { name: 'Select Hydraulic pump' });
    await userEvent.click(pump);
    expect(pump.checked).toBe(true);
    await waitFor(() => expect(all.indeterminate).toBe(true));
    expect(all.checked).toBe(false);
    expect(screen.getByText('1 item selected')).toBeInTheDocument();
    await userEvent.click(all);
    await waitFor(() => expect(all.checked).toBe(true));
    expect(all.indeterminate).toBe(false);
    expect(screen.getByText('4 items selected')).toBeInTheDocument();
    await userEvent.click(all);
    await waitFor(() => expect(pump.checked).toBe(false));

    const low = rows.find((row) => within(row).queryByText('Air filter'))!;
    expect(low).toHaveAttribute('data-low-stock', 'true');
    expect(within(low).getByText('Low stock (min. 3)')).toBeInTheDocument();
    const wiper = rows.find((row) => within(row).queryByText('Wiper blade'))!;
    expect(wiper).not.toHaveAttribute('data-low-stock');
    expect(within(wiper).getByText('cab')).toBeInTheDocument();
    expect(within(wiper).queryByText('season')).not.toBeInTheDocument();
    expect(within(wiper).getByText('+1')).toHaveAttribute('title', 'season');
  });

  it('keeps the other filters while the search changes', async () => {
    h = await setUpInventory('manager', ITEMS());
    renderInventory(h);
    await screen.findAllByTestId('inventory-card');
    await userEvent.click(screen.getByRole('checkbox', { name: 'Low stock only' }));
    await waitFor(() => expect(screen.getAllByTestId('inventory-card')).toHaveLength(1));
    await userEvent.type(screen.getByRole('searchbox', { name: 'Search' }), 'pump');
    expect(await screen.findByText('No items match')).toBeInTheDocument();
    await userEvent.clear(screen.getByRole('searchbox', { name: 'Search' }));
    await waitFor(() => expect(screen.getAllByTestId('inventory-card')).toHaveLength(1));
    expect(screen.getByRole('article', { name: 'Air filter' })).toBeInTheDocument();
    expect(screen.getByRole('checkbox', { name: 'Low stock only' })).toBeChecked();
  });

  it('says "Error loading inventory" when IndexedDB cannot be read', async () => {
    h = await setUpInventory('manager', ITEMS());
    vi.spyOn(h.db.collection('inventory'), 'toArray').mockRejectedValue(new Error('disk gone'));
    renderInventory(h);
    expect(await screen.findByText('Error loading inventory')).toBeInTheDocument();
  });

  it('validates the form with the spec texts', async () => {
    h = await setUpInventory('admin', []);
    renderInventory(h);
    await userEvent.click(await screen.findByRole('button', { name: 'New item' }));
    const dialog = await screen.findByRole('dialog');
    const quantity = within(dialog).getByRole('textbox', { name: 'Quantity' });
    await userEvent.clear(quantity);
    await userEvent.type(quantity, '-1');
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Price' }), '-5');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create item' }));
    expect(await within(dialog).findByText('Name is required')).toBeInTheDocument();
    expect(within(dialog).getByText('Quantity must be non-negative')).toBeInTheDocument();
    expect(within(dialog).getByText('Price must be non-negative')).toBeInTheDocument();
    expect(await h.db.outbox.count()).toBe(0);
  });

  it('creates an item offline through the engine', async () => {
    h = await setUpInventory('manager', []);
    renderInventory(h);
    await userEvent.click(await screen.findByRole('button', { name: 'New item' }));
    const dialog = await screen.findByRole('dialog');
    await userEvent.type(within(dialog).getByRole('textbox', { name: /^Name/ }), 'V-belt');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create item' }));
    expect(await screen.findByRole('article', { name: 'V-belt' })).toBeInTheDocument();
    const [entry] = await h.db.outbox.toArray();
    expect(entry).toMatchObject({ method: 'POST', url: '/api/inventory', kind: 'create' });
  });

  it('books quantity changes as deltas and refuses going below zero', async () => {
    h = await setUpInventory('operator', [item('Grease cartridge', { quantity: 1 })]);
    renderInventory(h);
    const card = await screen.findByRole('article', { name: 'Grease cartridge' });
    // Operators change quantities only.
    expect(screen.queryByRole('button', { name: 'New item' })).toBeNull();
    expect(screen.queryByRole('button', { name: /More actions/ })).toBeNull();
    await userEvent.click(within(card).getByRole('button', { name: 'Take one Grease cartridge' }));
    await waitFor(async () => expect(await h.db.outbox.count()).toBe(1));
    const [entry] = await h.db.outbox.toArray();
    expect(entry).toMatchObject({
      method: 'POST',
      url: `/api/inventory/${entry!.recordId}/adjust`,
      body: { type: 'json', data: { delta: -1 } },
    });
    await waitFor(() => expect(within(card).getByTestId('item-quantity')).toHaveTextContent('0'));
    await userEvent.click(within(card).getByRole('button', { name: 'Take one Grease cartridge' }));
    expect(await screen.findByText('Not enough stock: only 0 left.')).toBeInTheDocument();
    expect(await h.db.outbox.count()).toBe(1);
  });
});

import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { sessionStore } from '@/client/lib/session/session-store';
import { guardedSignOut, SignOutGuardModal } from '@/client/shell/sync-panel/sign-out-guard';
import { SyncPanel } from '@/client/shell/sync-panel/sync-panel';
import { makeUser, renderWithProviders, resetClientState, useEnglish } from '../support/render';
import { createHarness, excavator, type Harness } from './harness';

let h: Harness;
let synced: string;

beforeEach(async () => {
  resetClientState();
  await useEnglish();
  h = createHarness();
  sessionStore.set({ status: 'signed-in', user: makeUser('operator', { id: 'u1' }) });
  synced = (await h.engine.createRecord('excavators', excavator('Alpha', { location: 'Yard 1' }))).id;
  await h.engine.replay();
});

afterEach(async () => {
  await h.dispose();
});

function renderPanel(onSignInAgain = vi.fn()) {
  renderWithProviders(
    <>
      <SyncPanel onSignInAgain={onSignInAgain} />
      <SignOutGuardModal />
    </>,
    { engine: h.engine },
  );
}

const section = (name: RegExp) => screen.getByRole('region', { name });

/** One waiting, one failed (server message) and one conflicting change, plus another user's. */
async function queueMixedChanges() {
  const bravo = await h.engine.createRecord('excavators', excavator('Bravo'));
  await h.engine.replay();
  await h.engine.updateRecord('excavators', bravo.id, { name: '' }, { label: 'Bravo' });
  await h.engine.updateRecord('excavators', synced, { location: 'mine' });
  h.server.editAsOther(synced, { location: 'theirs' });
  await h.engine.replay();
  await h.engine.createRecord('excavators', excavator('Charlie'));
  h.user = { id: 'u2' };
  await h.engine.createRecord('excavators', excavator('Delta'));
  h.user = { id: 'u1' };
  return { bravo };
}

describe('Sync panel', () => {
  it('says everything is synced when nothing waits', async () => {
    renderPanel();
    expect(await screen.findByText('Everything is synced.')).toBeInTheDocument();
  });

  it('lists conflicts, failures with the server message and waiting changes, and other users’ changes', async () => {
    await queueMixedChanges();
    renderPanel();
    expect(await screen.findByRole('heading', { name: 'Conflicts (1)' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Failed (1)' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Waiting to sync (1)' })).toBeInTheDocument();
    const failed = within(section(/^Failed/)).getByRole('listitem');
    expect(failed).toHaveTextContent('Changed excavator “Bravo”');
    expect(within(failed).getByTestId('entry-message')).toHaveTextContent('Name is required');
    expect(within(section(/^Conflicts/)).getByRole('listitem')).toHaveTextContent(
      'Some fields were changed by someone else in the meantime',
    );
    expect(within(section(/^Waiting/)).getByRole('listitem')).toHaveTextContent('New excavator “Charlie”');
    expect(screen.getByTestId('other-users')).toHaveTextContent(
      '1 change by another user waits on this device. It is sent when that user signs in.',
    );
  });

  it('Retry puts a failed change back in the queue', async () => {
    await queueMixedChanges();
    renderPanel();
    const failed = within(await screen.findByRole('region', { name: /^Failed/ })).getByRole('listitem');
    await userEvent.click(within(failed).getByRole('button', { name: 'Retry' }));
    await waitFor(() => expect(screen.queryByRole('region', { name: /^Failed/ })).not.toBeInTheDocument());
    expect(screen.getByRole('heading', { name: 'Waiting to sync (2)' })).toBeInTheDocument();
  });

  it('Discard asks first and then returns the record to the server version', async () => {
    const { bravo } = await queueMixedChanges();
    renderPanel();
    const failed = within(await screen.findByRole('region', { name: /^Failed/ })).getByRole('listitem');
    await userEvent.click(within(failed).getByRole('button', { name: 'Discard' }));
    const dialog = await screen.findByRole('dialog', { name: 'Discard this change?' });
    expect(dialog).toHaveTextContent("the record returns to the server's version");
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(await h.db.outbox.count()).toBe(4);

    await userEvent.click(within(failed).getByRole('button', { name: 'Discard' }));
    await userEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Discard' }));
    await waitFor(() => expect(screen.queryByRole('region', { name: /^Failed/ })).not.toBeInTheDocument());
    expect(await h.db.outbox.count()).toBe(3);
    const row = await h.db.excavators.get(bravo.id);
    expect(row).toMatchObject({ name: 'Bravo', version: 1 });
    expect(row!._sync).toBeUndefined();
  });

  it('resolves a conflict field by field: mine or theirs', async () => {
    await h.engine.updateRecord('excavators', synced, { location: 'my yard', notes: 'my note' });
    h.server.editAsOther(synced, { location: 'their yard', notes: 'their note' });
    await h.engine.replay();
    renderPanel();
    const conflict = within(await screen.findByRole('region', { name: /^Conflicts/ })).getByRole('listitem');
    await userEvent.click(within(conflict).getByRole('button', { name: 'Resolve' }));
    const dialog = await screen.findByRole('dialog', { name: /Resolve conflict: Changed excavator “Alpha”/ });
    const rows = within(dialog).getAllByRole('row').slice(1);
    expect(
      rows.map((row) =>
        within(row)
          .getAllByRole('cell')
          .slice(0, 3)
          .map((c) => c.textContent),
      ),
    ).toEqual([
      ['Location', 'my yard', 'their yard'],
      ['Notes', 'my note', 'their note'],
    ]);
    const notes = within(dialog).getByRole('radiogroup', { name: 'Value to keep for Notes' });
    await userEvent.click(within(notes).getByText('Server'));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Apply' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await waitFor(() =>
      expect(screen.getByRole('heading', { name: 'Waiting to sync (1)' })).toBeInTheDocument(),
    );

    await act(() => h.engine.replay());
    expect(h.server.rows.get(synced)!.fields).toMatchObject({ location: 'my yard', notes: 'their note' });
    await waitFor(() => expect(screen.getByText('Everything is synced.')).toBeInTheDocument());
  });

  it('offers to keep the server version when a deleted record was changed there', async () => {
    await h.engine.deleteRecord('excavators', synced);
    h.server.editAsOther(synced, { notes: 'still in use' });
    await h.engine.replay();
    renderPanel();
    const conflict = within(await screen.findByRole('region', { name: /^Conflicts/ })).getByRole('listitem');
    expect(conflict).toHaveTextContent('Deleted excavator “Alpha”');
    await userEvent.click(within(conflict).getByRole('button', { name: 'Resolve' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('still in use');
    await userEvent.click(within(dialog).getByRole('button', { name: "Keep the server's version" }));
    await waitFor(() => expect(screen.getByText('Everything is synced.')).toBeInTheDocument());
    expect(await h.db.excavators.get(synced)).toMatchObject({ notes: 'still in use' });
  });
});

describe('sign-out guard', () => {
  it('signs out at once without waiting changes', async () => {
    const proceed = vi.fn();
    await guardedSignOut(h.engine, 'u1', proceed);
    expect(proceed).toHaveBeenCalledOnce();
  });

  it('warns with the count and lets the user sign out anyway', async () => {
    await h.engine.createRecord('excavators', excavator('Echo'));
    await h.engine.createRecord('excavators', excavator('Foxtrot'));
    renderPanel();
    const proceed = vi.fn();
    await act(() => guardedSignOut(h.engine, 'u1', proceed));
    const dialog = await screen.findByRole('dialog', { name: 'Changes not synced yet' });
    expect(dialog).toHaveTextContent('2 changes have not reached the server yet.');
    expect(proceed).not.toHaveBeenCalled();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Sign out anyway' }));
    expect(proceed).toHaveBeenCalledOnce();
    expect(await h.db.outbox.count()).toBe(2);
  });

  it('syncs first on request and then signs out', async () => {
    await h.engine.createRecord('excavators', excavator('Golf'));
    renderPanel();
    const proceed = vi.fn();
    await act(() => guardedSignOut(h.engine, 'u1', proceed));
    const dialog = await screen.findByRole('dialog', { name: 'Changes not synced yet' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Sync now' }));
    await waitFor(() => expect(proceed).toHaveBeenCalledOnce());
    expect(await h.db.outbox.count()).toBe(0);
    expect(h.server.live().map((row) => row.fields.name)).toContain('Golf');
  });
});

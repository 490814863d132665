import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { getSyncEngine } from '@/client/offline/instance';
import type { LogbookEntry } from '@/domain/logbook';
import type { Settings } from '@/domain/settings';
import { makeSettings, makeUser, renderApp, resetClientState } from '../../support/render';
import { makeEntry, putEntry, resetDeviceDb, SIGNATURE, stubFetch } from './logbook-support';

// happy-dom has no 2D canvas: a stand-in pad that "draws" when the test says so.
const { FakePad, pads, DRAWING } = vi.hoisted(() => {
  const DRAWING = 'data:image/png;base64,ZHJhd2luZw==';
  const pads: Array<InstanceType<typeof FakePad>> = [];
  class FakePad {
    private listeners = new Map<string, () => void>();
    private empty = true;
    constructor() {
      pads.push(this);
    }
    addEventListener(type: string, listener: () => void) {
      this.listeners.set(type, listener);
    }
    removeEventListener(type: string) {
      this.listeners.delete(type);
    }
    draw() {
      this.empty = false;
      this.listeners.get('endStroke')?.();
    }
    isEmpty = () => this.empty;
    clear = () => {
      this.empty = true;
    };
    toData = () => [];
    fromData = () => undefined;
    toDataURL = () => DRAWING;
    off = () => undefined;
  }
  return { FakePad, pads, DRAWING };
});
vi.mock('signature_pad', () => ({ default: FakePad }));

const ENTRY = makeEntry();
const detailPath = (id = ENTRY.id) => `/betriebstagebuch?view=detail&id=${id}`;
const button = (name: string) => screen.queryByRole('button', { name });

async function showAs(
  role: string,
  entry: Partial<LogbookEntry> = {},
  signature: string | null = null,
  settings?: Settings,
) {
  await putEntry(makeEntry(entry));
  await renderApp({ path: detailPath(), user: makeUser(role, { signature }), ...(settings && { settings }) });
  await screen.findByRole('button', { name: 'Download PDF' });
}

describe('entry details and approval', { timeout: 60_000 }, () => {
  beforeEach(async () => {
    resetClientState();
    await resetDeviceDb();
    pads.length = 0;
    stubFetch();
  });
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('offers approval of a pending entry to managers and admins only', async () => {
    await showAs('manager');
    expect(button('Approve')).toBeInTheDocument();
    expect(button('Edit')).toBeInTheDocument();
    expect(button('Delete')).toBeInTheDocument();
  });

  it('the operator who wrote it may edit and delete but not approve', async () => {
    await showAs('operator');
    expect(button('Approve')).not.toBeInTheDocument();
    expect(button('Edit')).toBeInTheDocument();
    expect(button('Delete')).toBeInTheDocument();
  });

  it('a view-only role sees the entry and its PDF, nothing else', async () => {
    await showAs('viewer');
    expect(button('Approve')).not.toBeInTheDocument();
    expect(button('Edit')).not.toBeInTheDocument();
    expect(button('Delete')).not.toBeInTheDocument();
    expect(screen.getByText('Belt torn')).toBeInTheDocument();
  });

  it('an unsigned entry cannot be approved yet', async () => {
    await showAs('admin', { status: 'unsigned', creatorSignature: null });
    expect(button('Approve')).not.toBeInTheDocument();
    expect(button('Edit')).toBeInTheDocument();
  });

  it('approved entries are locked for everyone', async () => {
    await showAs('manager', { status: 'approved', reviewerSignature: SIGNATURE, approvedByName: 'Mia' });
    expect(screen.getByText('This entry is approved and locked.')).toBeInTheDocument();
    expect(button('Approve')).not.toBeInTheDocument();
    expect(button('Edit')).not.toBeInTheDocument();
    expect(button('Delete')).not.toBeInTheDocument();
  });

  it('a manager approves with a drawn signature through the outbox', async () => {
    const user = userEvent.setup({ delay: null });
    await showAs('manager');
    await user.click(button('Approve')!);
    const dialog = await screen.findByRole('dialog');
    const confirm = within(dialog).getByRole('button', { name: 'Approve with signature' });
    expect(confirm).toBeDisabled();
    pads.at(-1)!.draw();
    await waitFor(() => expect(confirm).toBeEnabled());
    await user.click(confirm);

    await waitFor(async () =>
      expect(await getSyncEngine().db.logbook.get(ENTRY.id)).toMatchObject({
        status: 'approved',
        reviewerSignature: DRAWING,
        approvedBy: 'user-manager',
      }),
    );
    const [queued] = await getSyncEngine().db.outbox.toArray();
    expect(queued).toMatchObject({ method: 'PUT', url: `/api/betriebstagebuch/${ENTRY.id}/approve` });
    expect(queued!.body).toEqual({ type: 'json', data: { signature: DRAWING } });
    expect(await screen.findByText('This entry is approved and locked.')).toBeInTheDocument();
  });

  it('a manager approves from the keyboard, signing with their name, and hears who signed', async () => {
    const user = userEvent.setup({ delay: null });
    await showAs('manager');
    await user.click(button('Approve')!);
    const dialog = await screen.findByRole('dialog');
    const pad = within(dialog).getByRole('img', { name: 'Reviewer signature' });
    expect(pad).toHaveAccessibleDescription('Not signed yet');
    const confirm = within(dialog).getByRole('button', { name: 'Approve with signature' });
    expect(confirm).toBeDisabled();

    within(dialog).getByRole('button', { name: 'Sign with my name' }).focus();
    await user.keyboard('{Enter}');
    await waitFor(() => expect(pad).toHaveAccessibleDescription(/^Signed by Manager Tester at .*\d/));
    await waitFor(() => expect(confirm).toBeEnabled());
    confirm.focus();
    await user.keyboard('{Enter}');

    await waitFor(async () =>
      expect(await getSyncEngine().db.logbook.get(ENTRY.id)).toMatchObject({
        status: 'approved',
        reviewerSignature: DRAWING,
      }),
    );
  });

  it('four eyes: a manager’s own entry cannot be approved by them, and the button says why', async () => {
    await showAs('manager', { createdBy: 'user-manager' });
    expect(button('Approve')).toBeDisabled();
    expect(button('Approve')).toHaveAccessibleDescription(
      'You wrote or signed this yourself, so someone else must approve it.',
    );
  });

  it('four eyes: the site setting lets a manager approve their own entry', async () => {
    const settings = makeSettings();
    await showAs('manager', { createdBy: 'user-manager' }, null, {
      ...settings,
      approval: { allowSelfApproval: true },
    });
    expect(button('Approve')).toBeEnabled();
  });

  it('four eyes: an admin approving their own entry must give a reason, which is sent along', async () => {
    const user = userEvent.setup({ delay: null });
    await showAs('admin', { createdBy: 'user-admin' }, SIGNATURE);
    await user.click(button('Approve')!);
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('You are approving your own record')).toBeInTheDocument();
    const confirm = within(dialog).getByRole('button', { name: 'Approve with signature' });
    await user.click(confirm);
    expect(await within(dialog).findByText('Give a reason')).toBeInTheDocument();
    expect(await getSyncEngine().db.outbox.count()).toBe(0);

    await user.type(within(dialog).getByLabelText(/Reason for approving it yourself/), 'Only admin on site');
    await user.click(confirm);
    await waitFor(async () => expect(await getSyncEngine().db.outbox.count()).toBe(1));
    const [queued] = await getSyncEngine().db.outbox.toArray();
    expect(queued).toMatchObject({ method: 'PUT', url: `/api/betriebstagebuch/${ENTRY.id}/approve` });
    expect(queued!.body).toEqual({ type: 'json', data: { overrideReason: 'Only admin on site' } });
  });

  it('deleting asks first', async () => {
    const user = userEvent.setup({ delay: null });
    await showAs('operator');
    await user.click(button('Delete')!);
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(await getSyncEngine().db.logbook.get(ENTRY.id)).toBeDefined();

    await user.click(button('Delete')!);
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Delete' }));
    await waitFor(async () => expect(await getSyncEngine().db.logbook.get(ENTRY.id)).toBeUndefined());
    const [queued] = await getSyncEngine().db.outbox.toArray();
    expect(queued).toMatchObject({ method: 'DELETE', url: `/api/betriebstagebuch/${ENTRY.id}` });
  });

  it('says "Entry not found" for an id that is not on the device', async () => {
    await renderApp({ path: detailPath('0190a000-0000-7000-8000-00000000dead'), user: makeUser('manager') });
    expect(await screen.findByText('Entry not found')).toBeInTheDocument();
  });
});

import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { getSyncEngine } from '@/client/offline/instance';
import { makeUser, renderApp, resetClientState } from '../../support/render';
import { makeEntry, putEntry, resetDeviceDb, SIGNATURE, stubFetch } from './logbook-support';

describe('the creator signature comes from the profile', { timeout: 60_000 }, () => {
  beforeEach(async () => {
    resetClientState();
    await resetDeviceDb();
    stubFetch();
  });
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('without a saved signature the form says so, links to the profile and saves unsigned only', async () => {
    await renderApp({ path: '/betriebstagebuch?view=new', user: makeUser('operator') });
    const notice = await screen.findByTestId('signature-missing');
    expect(notice).toHaveTextContent('No signature in your profile');
    expect(within(notice).getByRole('link', { name: 'Save a signature in your profile' })).toHaveAttribute(
      'href',
      '/profile',
    );
    expect(screen.queryByRole('button', { name: 'Save and sign' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Save without signing' })).toBeEnabled();
  });

  it('with a saved signature the entry is signed with it and waits for approval', async () => {
    const user = userEvent.setup({ delay: null });
    await renderApp({
      path: '/betriebstagebuch?view=new',
      user: makeUser('operator', { signature: SIGNATURE }),
    });
    expect(await screen.findByTestId('profile-signature-preview')).toHaveAttribute('src', SIGNATURE);
    await user.click(screen.getByRole('button', { name: 'Save and sign' }));

    await waitFor(async () => expect(await getSyncEngine().db.logbook.count()).toBe(1));
    const [row] = await getSyncEngine().db.logbook.toArray();
    expect(row).toMatchObject({ status: 'pending', creatorSignature: SIGNATURE, createdBy: 'user-operator' });
    const [entry] = await getSyncEngine().db.outbox.toArray();
    // The server stamps the profile signature itself: the request asks for it with `sign: true`.
    expect(entry!.body).toMatchObject({ type: 'json', data: { sign: true, fetchWeather: true } });
    expect(await screen.findByText('Pending approval')).toBeInTheDocument();
  });

  it('an unsigned entry of the author can be signed later from its details', async () => {
    await putEntry(makeEntry({ status: 'unsigned', creatorSignature: null, signedAt: null }));
    const user = userEvent.setup({ delay: null });
    await renderApp({
      path: `/betriebstagebuch?view=detail&id=${makeEntry().id}`,
      user: makeUser('operator', { signature: SIGNATURE }),
    });
    await user.click(await screen.findByRole('button', { name: 'Sign' }));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Sign' }));
    await waitFor(async () =>
      expect(await getSyncEngine().db.logbook.get(makeEntry().id)).toMatchObject({
        status: 'pending',
        creatorSignature: SIGNATURE,
      }),
    );
    const [queued] = await getSyncEngine().db.outbox.toArray();
    expect(queued).toMatchObject({ method: 'PATCH', url: `/api/betriebstagebuch/${makeEntry().id}` });
    expect(queued!.body).toMatchObject({ data: { sign: true } });
  });

  it('another user cannot sign the author’s entry', async () => {
    await putEntry(makeEntry({ status: 'unsigned', creatorSignature: null, signedAt: null }));
    await renderApp({
      path: `/betriebstagebuch?view=detail&id=${makeEntry().id}`,
      user: makeUser('operator', { id: 'someone-else', signature: SIGNATURE }),
    });
    expect(await screen.findByRole('button', { name: 'Download PDF' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Sign' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Edit' })).not.toBeInTheDocument();
  });
});

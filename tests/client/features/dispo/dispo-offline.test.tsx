import { readFileSync } from 'node:fs';
import path from 'node:path';
import { notifications } from '@mantine/notifications';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Assignment } from '@/domain/dispo/assignments';
import { reportNetworkFailure, reportServerReached } from '@/client/offline/connectivity';
import { getSyncEngine } from '@/client/offline/instance';
import { MIRROR_STATE_KEY } from '@/client/offline/mirror';
import type { SyncedRow } from '@/client/offline/types';
import { FakeDispoApi, IDS, json } from './dispo-fake-api';
import { makeUser, renderApp, resetClientState } from '../../support/render';

/*
 * Drivers in the field, often without signal: the driver's list and sheet come from the device's mirror
 * (no request needed), a tick goes through the outbox and is sent when the connection returns, and
 * the driver sheet PDF is built on the device.
 */
vi.setConfig({ testTimeout: 90_000 });

const ANNA = makeUser('operator', { id: 'user-anna', username: 'anna', name: 'Anna Fahrer' });
const FONTS = path.resolve(__dirname, '../../../../public/fonts');

interface Request {
  method: string;
  url: string;
  headers: Headers;
  body: unknown;
}

let requests: Request[];
/** Answers of the "server" while online; null: no connection at all. */
let server: ((request: Request) => Response | undefined) | null;

function published(overrides: Partial<Assignment> = {}): Assignment {
  const base = new FakeDispoApi().assignment({
    date: '2099-01-05',
    status: 'published',
    publishedAt: '2026-11-24T09:00:00.000Z',
  });
  return {
    ...base,
    rounds: [
      ...base.rounds,
      {
        notes: 'Hof 3',
        done: false,
        items: [
          {
            containerTypeId: IDS.roll,
            quantity: 1,
            operation: 'pickup',
            containerType: { name: 'Abrollcontainer 30', volume: 30 },
          },
        ],
      },
    ],
    driver: { id: IDS.anna, name: 'Anna Fahrer', phone: null, userId: ANNA.id },
    ...overrides,
  };
}

async function mirror(assignments: Assignment[], userId = ANNA.id): Promise<void> {
  const db = getSyncEngine().db;
  await db.meta.put({
    key: MIRROR_STATE_KEY,
    value: { userId, cursor: 42, collections: ['excavators', 'dispoAssignments'] },
  });
  await db.collection('dispoAssignments').bulkPut(assignments as unknown as SyncedRow[]);
}

const assignmentRequests = () => requests.filter((r) => r.url.includes('/api/containers'));

beforeEach(async () => {
  resetClientState();
  notifications.clean();
  const engine = getSyncEngine();
  engine.stop();
  await Promise.all([
    engine.db.collection('dispoAssignments').clear(),
    engine.db.outbox.clear(),
    engine.db.meta.clear(),
    engine.db.shadows.clear(),
  ]);
  requests = [];
  server = null;
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
      const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
      // The fonts come from the service worker's precache, offline too.
      if (url.startsWith('/fonts/')) return new Response(readFileSync(path.join(FONTS, url.slice(7))));
      const text = typeof init.body === 'string' ? init.body : undefined;
      const request = {
        method: init.method ?? 'GET',
        url,
        headers: new Headers(init.headers),
        body: text ? (JSON.parse(text) as unknown) : undefined,
      };
      requests.push(request);
      if (!server) throw new TypeError('Failed to fetch');
      return (
        server(request) ??
        new Response(JSON.stringify({ message: 'Not found', code: 'NOT_FOUND' }), { status: 404 })
      );
    }),
  );
  // No signal: the last request found no server.
  reportNetworkFailure();
});

afterEach(() => {
  reportServerReached();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('the driver without signal', () => {
  it('lists their published assignments from the device with the offline hint', async () => {
    await mirror([
      published(),
      published({
        id: '0190a000-0000-7000-8000-000000000032',
        date: '2099-01-06',
        truck: null,
        truckId: null,
      }),
      // Past assignments are not the driver's work any more.
      published({ id: '0190a000-0000-7000-8000-000000000077', date: '2020-01-01' }),
    ]);
    await renderApp({ path: '/dispo', user: ANNA });
    expect(await screen.findByRole('heading', { name: 'My assignments' })).toBeInTheDocument();
    expect(screen.getByText('M-FP 1234')).toBeInTheDocument();
    expect(screen.getByText('No truck')).toBeInTheDocument();
    const sheets = screen
      .getAllByRole('link')
      .filter((link) => link.getAttribute('href')?.startsWith('/dispo/assignments/'));
    expect(sheets).toHaveLength(2);
    expect(screen.getByTestId('dispo-offline')).toHaveTextContent(
      'Offline: showing what is saved on this device',
    );
    expect(assignmentRequests()).toHaveLength(0);
  });

  it('opens the sheet, ticks a round through the outbox and sends it once back online', async () => {
    const user = userEvent.setup();
    const assignment = published();
    await mirror([assignment]);
    await renderApp({ path: `/dispo/assignments/${IDS.first}`, user: ANNA });

    expect(await screen.findByRole('heading', { name: /Anna Fahrer ·/ })).toBeInTheDocument();
    expect(screen.getByTestId('dispo-offline')).toBeInTheDocument();
    const round2 = screen.getByRole('region', { name: 'Round 2' });
    expect(within(round2).getByText('Abrollcontainer 30 (30 m³)')).toBeInTheDocument();
    // Edit, publish and delete are the dispatcher's.
    expect(screen.queryByRole('button', { name: 'Edit' })).not.toBeInTheDocument();

    await user.click(within(round2).getByRole('checkbox', { name: 'Done' }));
    await waitFor(() => expect(within(round2).getByRole('checkbox', { name: 'Done' })).toBeChecked());
    expect(within(screen.getByRole('region', { name: 'Round 1' })).getByRole('checkbox')).not.toBeChecked();
    await waitFor(() =>
      expect(document.querySelector('[data-sync-state="waiting"]')).toHaveTextContent('Waiting to sync'),
    );

    const db = getSyncEngine().db;
    const [entry] = await db.outbox.toArray();
    expect(entry).toMatchObject({
      userId: ANNA.id,
      collection: 'dispoAssignments',
      recordId: IDS.first,
      kind: 'call',
      method: 'PUT',
      url: `/api/containers/assignments/${IDS.first}/rounds/1/done`,
      body: { type: 'json', data: { done: true } },
      ifMatch: false,
      baseVersion: assignment.version,
      state: 'waiting',
    });
    const local = await db.collection('dispoAssignments').get(IDS.first);
    expect(local?._sync).toBe('pending');
    expect((local as unknown as Assignment).rounds.map((r) => r.done)).toEqual([false, true]);
    expect(assignmentRequests()).toHaveLength(0);

    // The connection returns: the server applies the tick and answers the assignment.
    const answer: Assignment = {
      ...assignment,
      version: assignment.version + 1,
      updatedBy: ANNA.id,
      rounds: assignment.rounds.map((r, i) => (i === 1 ? { ...r, done: true } : r)),
    };
    server = (request) =>
      request.method === 'PUT' && request.url.endsWith('/rounds/1/done')
        ? new Response(JSON.stringify(answer), { status: 200, headers: { etag: `"${answer.version}"` } })
        : request.method === 'GET' && request.url.endsWith(`/assignments/${IDS.first}`)
          ? new Response(JSON.stringify(answer), { status: 200 })
          : undefined;
    reportServerReached();
    await getSyncEngine().replay({ force: true });

    const sent = requests.filter((r) => r.method === 'PUT');
    expect(sent).toHaveLength(1);
    expect(sent[0]?.body).toEqual({ done: true });
    expect(sent[0]?.headers.get('idempotency-key')).toBe(entry?.idempotencyKey);
    expect(sent[0]?.headers.get('if-match')).toBeNull();
    expect(await db.outbox.count()).toBe(0);
    const settled = await db.collection('dispoAssignments').get(IDS.first);
    expect(settled?._sync).toBeUndefined();
    expect(settled?.version).toBe(answer.version);
    await waitFor(() => expect(document.querySelector('[data-sync-state]')).toBeNull());
    expect(within(screen.getByRole('region', { name: 'Round 2' })).getByRole('checkbox')).toBeChecked();
  });

  it('downloads the driver sheet PDF built on the device', async () => {
    const user = userEvent.setup();
    await mirror([published()]);
    const blobs: Blob[] = [];
    vi.spyOn(URL, 'createObjectURL').mockImplementation((blob) => {
      blobs.push(blob as Blob);
      return 'blob:driver-sheet';
    });
    vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => undefined);
    const clicked = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    await renderApp({ path: `/dispo/assignments/${IDS.first}`, user: ANNA });
    await user.click(await screen.findByRole('button', { name: 'Driver sheet (PDF)' }));
    await waitFor(() => expect(clicked).toHaveBeenCalled(), { timeout: 30_000 });
    expect(blobs).toHaveLength(1);
    expect(blobs[0]?.type).toBe('application/pdf');
    const head = new TextDecoder().decode(new Uint8Array(await blobs[0]!.arrayBuffer()).slice(0, 5));
    expect(head).toBe('%PDF-');
    expect(assignmentRequests()).toHaveLength(0);
  });

  it('says that the sheet needs a connection when it is not on the device', async () => {
    await mirror([]);
    await renderApp({ path: `/dispo/assignments/${IDS.first}`, user: ANNA });
    expect(await screen.findByText(/^No connection\. Dispo needs the network/)).toBeInTheDocument();
  });

  it("does not show another user's mirror: the list asks the server", async () => {
    await mirror([published()], 'user-someone-else');
    await renderApp({ path: '/dispo', user: ANNA });
    await waitFor(() => expect(assignmentRequests().length).toBeGreaterThan(0));
    expect(screen.queryByRole('heading', { name: 'My assignments' })).not.toBeInTheDocument();
  });
});

describe('the dispatcher', () => {
  it('reloads the planning list when a sync brings changed assignments', async () => {
    reportServerReached();
    const api = new FakeDispoApi();
    api.assignments.push(published());
    server = (request) => {
      const url = new URL(request.url, 'http://localhost');
      if (url.pathname.startsWith('/api/containers')) return api.handle(request.method, url, request.body);
      if (url.pathname === '/api/users') return json({ items: [], total: 0, page: 1, limit: 100 });
      return undefined;
    };
    const lists = () =>
      requests.filter((r) => r.method === 'GET' && r.url.startsWith('/api/containers/assignments?')).length;
    await renderApp({ path: '/dispo', user: makeUser('dispo') });
    expect(await screen.findByRole('table', { name: 'Assignments' })).toBeInTheDocument();
    await waitFor(() => expect(lists()).toBe(1));

    // The pull applies the driver's tick to the device's copy: the list asks the server again.
    const ticked = published({ version: 2 });
    await getSyncEngine()
      .db.collection('dispoAssignments')
      .put({ ...ticked, rounds: ticked.rounds.map((r) => ({ ...r, done: true })) } as unknown as SyncedRow);
    await waitFor(() => expect(lists()).toBe(2));
  });
});

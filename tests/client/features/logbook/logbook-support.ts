import { vi } from 'vitest';
import { getSyncEngine } from '@/client/offline/instance';
import type { SyncedRow } from '@/client/offline/types';
import type { LogbookEntry } from '@/domain/logbook';

/** A tiny PNG data URL standing in for a drawn signature. */
export const SIGNATURE = 'data:image/png;base64,iVBORw0KGgo=';

export interface FetchCall {
  method: string;
  url: string;
  body: unknown;
}

type Handler = (call: FetchCall) => { status: number; body?: unknown } | undefined;

/**
 * Replaces fetch: `handler` answers what the test cares about; everything else gets a 503, so the
 * outbox keeps its entries waiting (a server error, not a lost connection) and the app stays online.
 */
export function stubFetch(handler: Handler = () => undefined): FetchCall[] {
  const calls: FetchCall[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
      const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
      const text = typeof init.body === 'string' ? init.body : undefined;
      const call = {
        method: init.method ?? 'GET',
        url,
        body: text ? (JSON.parse(text) as unknown) : undefined,
      };
      calls.push(call);
      const answer = handler(call) ?? {
        status: 503,
        body: { message: 'Service unavailable', code: 'UNAVAILABLE' },
      };
      return new Response(answer.body === undefined ? null : JSON.stringify(answer.body), {
        status: answer.status,
        headers: { 'Content-Type': 'application/json' },
      });
    }),
  );
  return calls;
}

/** Empties the device database the app's engine uses. */
export async function resetDeviceDb(): Promise<void> {
  const engine = getSyncEngine();
  engine.stop();
  await Promise.all([
    engine.db.logbook.clear(),
    engine.db.outbox.clear(),
    engine.db.meta.clear(),
    engine.db.files.clear(),
  ]);
}

export function makeEntry(overrides: Partial<LogbookEntry> = {}): LogbookEntry {
  return {
    id: '0190a000-0000-7000-8000-000000000001',
    version: 1,
    createdAt: '2026-11-20T06:00:00.000Z',
    updatedAt: '2026-11-20T06:00:00.000Z',
    createdBy: 'user-operator',
    updatedBy: 'user-operator',
    deletedAt: null,
    date: '2026-11-20',
    site: 'Recyclinghof Nord',
    shiftStart: '06:00',
    shiftEnd: '14:00',
    overnight: false,
    weather: { temperature: 7, humidity: 80, conditions: 'rain' },
    conveyorChecks: [
      { key: 'aufgabeband', name: 'Aufgabeband', functional: true, notes: null },
      { key: 'sortierband-1', name: 'Sortierband 1', functional: false, notes: 'Belt torn' },
    ],
    specialChecks: [{ key: 'brandschutz', name: 'Brandschutz', open: false, notes: null }],
    generalNotes: 'Quiet shift.',
    status: 'pending',
    creatorSignature: SIGNATURE,
    signedAt: '2026-11-20T14:05:00.000Z',
    reviewerSignature: null,
    approvedBy: null,
    approvedAt: null,
    createdByName: 'Operator Tester',
    approvedByName: null,
    ...overrides,
  };
}

export async function putEntry(entry: LogbookEntry): Promise<void> {
  await getSyncEngine().db.logbook.put(entry as unknown as SyncedRow);
}

import { renderHook, waitFor } from '@testing-library/react';
import fc from 'fast-check';
import { createElement } from 'react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { SyncEngineProvider } from '@/client/offline/engine-context';
import { readCollectionSyncStates } from '@/client/offline/hooks/sync-state';
import { readOutboxSummary, recordStateOf, summarize, useOutboxSummary } from '@/client/offline/hooks/outbox';
import type { OutboxEntry } from '@/client/offline/types';
import { createHarness, type Harness } from './harness';

let h: Harness;

beforeEach(() => {
  h = createHarness();
});

afterEach(async () => {
  await h.dispose();
});

const STATES = ['waiting', 'sending', 'failed', 'conflict'] as const;

function entry(i: number, userId: string, collection: string, recordId: string, state: string): OutboxEntry {
  return {
    id: `entry-${i}`,
    idempotencyKey: `entry-${i}`,
    keyUsedAt: null,
    userId,
    collection,
    recordId,
    kind: 'update',
    method: 'PUT',
    url: `/api/${collection}/${recordId}`,
    body: { type: 'json', data: { name: `change ${i}` } },
    ifMatch: true,
    baseVersion: 1,
    baseRecord: null,
    state,
    error: null,
    errorKey: null,
    errorStatus: null,
    attempts: 0,
    nextAttemptAt: 0,
    createdAt: '2025-01-01T00:00:00.000Z',
    conflict: null,
    label: recordId,
  } as OutboxEntry;
}

const outboxArbitrary = fc.array(
  fc.record({
    userId: fc.constantFrom('u1', 'u2'),
    collection: fc.constantFrom('excavators', 'inventory'),
    recordId: fc.constantFrom('a', 'b', 'c', 'd'),
    state: fc.constantFrom(...STATES),
  }),
  { maxLength: 25 },
);

describe('outbox summaries read from the indexes', () => {
  it('count exactly what reading every entry counts, for the signed-in user and for nobody', async () => {
    await fc.assert(
      fc.asyncProperty(outboxArbitrary, fc.constantFrom('u1', 'u2', null), async (rows, userId) => {
        await h.db.outbox.clear();
        const entries = rows.map((r, i) => entry(i, r.userId, r.collection, r.recordId, r.state));
        await h.db.outbox.bulkAdd(entries);
        expect(await readOutboxSummary(h.db, userId)).toEqual(summarize(entries, userId));
      }),
      { numRuns: 60 },
    );
  });

  it('give each record of a collection the state a person must see first', async () => {
    await fc.assert(
      fc.asyncProperty(outboxArbitrary, async (rows) => {
        await h.db.outbox.clear();
        const entries = rows.map((r, i) => entry(i, r.userId, r.collection, r.recordId, r.state));
        await h.db.outbox.bulkAdd(entries);
        const expected = new Map<string, string>();
        for (const id of new Set(
          entries.filter((e) => e.collection === 'inventory').map((e) => e.recordId),
        )) {
          const list = entries.filter((e) => e.collection === 'inventory' && e.recordId === id);
          expected.set(id, recordStateOf(list)!);
        }
        expect(await readCollectionSyncStates(h.db, 'inventory')).toEqual(expected);
      }),
      { numRuns: 60 },
    );
  });
});

describe('useOutboxSummary', () => {
  it('follows a burst of outbox changes with a few reads, not one per change', async () => {
    let renders = 0;
    const { result } = renderHook(
      () => {
        renders++;
        return useOutboxSummary('u1');
      },
      {
        wrapper: ({ children }) => createElement(SyncEngineProvider, { engine: h.engine, children }),
      },
    );
    await waitFor(() => expect(result.current.waiting).toBe(0));
    const before = renders;
    for (let i = 0; i < 40; i++) {
      await h.db.outbox.add(entry(1000 + i, 'u1', 'inventory', `burst-${i}`, 'waiting'));
    }
    await waitFor(() => expect(result.current.waiting).toBe(40));
    expect(renders - before).toBeLessThan(10);
  });
});

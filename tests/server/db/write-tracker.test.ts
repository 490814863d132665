import type pg from 'pg';
import { describe, expect, it } from 'vitest';
import { WriteTracker } from '@/server/db/changes';

/** A pooled client whose every query answers with the given command tag, as `pg` reports it. */
function fakeClient() {
  const client = {
    query: async (text: string) => ({ command: text.split(' ')[0]!.toUpperCase(), rows: [] }),
  };
  return client as unknown as pg.PoolClient & { query: (text: string) => Promise<unknown> };
}

describe('WriteTracker', () => {
  it('does not count a transaction that only read, nor plain reads', async () => {
    const writes = new WriteTracker();
    const c = fakeClient();
    writes.track(c);
    for (const text of ['begin isolation level repeatable read read only', 'select 1', 'select 2', 'commit'])
      await c.query(text);
    await c.query('select 3');
    await c.query('begin');
    await c.query('rollback');
    expect(writes.count).toBe(0);
  });

  it('counts a change as it completes and again at the commit that makes it visible', async () => {
    const writes = new WriteTracker();
    const c = fakeClient();
    writes.track(c);
    await c.query('begin');
    await c.query('update sync_counter set value = value + 1');
    expect(writes.count).toBe(1);
    await c.query('select 1');
    await c.query('commit');
    expect(writes.count).toBe(2);
    // The next read-only transaction on the same connection starts clean.
    await c.query('begin');
    await c.query('commit');
    expect(writes.count).toBe(2);
    // Outside a transaction a change commits as it completes.
    await c.query('insert into users values (1)');
    expect(writes.count).toBe(3);
    // Unknown commands count, to be safe.
    await c.query('savepoint a');
    expect(writes.count).toBe(4);
  });

  it('forgets a rolled-back change', async () => {
    const writes = new WriteTracker();
    const c = fakeClient();
    writes.track(c);
    await c.query('begin');
    await c.query('delete from users');
    await c.query('rollback');
    await c.query('begin');
    await c.query('commit');
    expect(writes.count).toBe(1);
  });
});

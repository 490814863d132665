import { describe, expect, it } from 'vitest';
import { gunzipSync } from 'node:zlib';
import { acceptsGzip, PullPageCache, type BuiltPage, type PageText } from '@/server/modules/sync/pull-cache';

const json = async (page: Promise<PageText>) => (await page).json;

/** A build that counts its calls and resolves when told to. */
function builder(page: Omit<BuiltPage, 'json'> & { json?: string }) {
  let calls = 0;
  let release: () => void = () => undefined;
  const gate = new Promise<void>((resolve) => (release = resolve));
  const build = async (): Promise<BuiltPage> => {
    calls += 1;
    await gate;
    return { json: page.json ?? `page ${calls}`, head: page.head, shared: page.shared };
  };
  return { build, release, calls: () => calls };
}

describe('PullPageCache', () => {
  it('reads a shared page once per head and range, however many ask at once or after', async () => {
    const cache = new PullPageCache();
    const b = builder({ head: 7, shared: true });
    const first = Promise.all([
      json(cache.get(7, '5|2000|a,b', b.build)),
      json(cache.get(7, '5|2000|a,b', b.build)),
    ]);
    b.release();
    expect(await first).toEqual(['page 1', 'page 1']);
    expect(await json(cache.get(7, '5|2000|a,b', b.build))).toBe('page 1');
    expect(b.calls()).toBe(1);
    // Another range, or the same range at another head, is another page.
    expect(await json(cache.get(7, '6|2000|a,b', b.build))).toBe('page 2');
    expect(await json(cache.get(8, '5|2000|a,b', b.build))).toBe('page 3');
    expect(b.calls()).toBe(3);
  });

  it('never hands a page with one viewer’s rows to another', async () => {
    const cache = new PullPageCache();
    const own = builder({ head: 7, shared: false });
    const waiting = json(cache.get(7, '5|2000|a', own.build));
    const other = builder({ head: 7, shared: false, json: 'the other viewer' });
    const joined = json(cache.get(7, '5|2000|a', other.build));
    own.release();
    other.release();
    expect(await waiting).toBe('page 1');
    // The joiner waited for the running read, saw it was not shared and read its own.
    expect(await joined).toBe('the other viewer');
    expect(other.calls()).toBe(1);
    // Nothing was kept.
    const again = builder({ head: 7, shared: false, json: 'read again' });
    again.release();
    expect(await json(cache.get(7, '5|2000|a', again.build))).toBe('read again');
  });

  it('keeps a page under the head it was read at, and drops older heads', async () => {
    const cache = new PullPageCache();
    // Asked at head 7, read in a snapshot that had reached 9 already.
    const newer = builder({ head: 9, shared: true, json: 'at 9' });
    newer.release();
    expect(await json(cache.get(7, 'k', newer.build))).toBe('at 9');
    const none = builder({ head: 9, shared: true, json: 'unused' });
    expect(await json(cache.get(9, 'k', none.build))).toBe('at 9');
    expect(none.calls()).toBe(0);
    // A read that finished late with an older head is not kept.
    const late = builder({ head: 8, shared: true, json: 'at 8' });
    late.release();
    expect(await json(cache.get(8, 'k', late.build))).toBe('at 8');
    expect(await json(cache.get(8, 'k', late.build))).toBe('at 8');
    expect(late.calls()).toBe(2);
  });

  it('lets a kept page go after its time to live', async () => {
    let now = 0;
    const cache = new PullPageCache(2000, 500, () => now);
    const b = builder({ head: 3, shared: true });
    b.release();
    expect(await json(cache.get(3, 'k', b.build))).toBe('page 1');
    now = 2000;
    expect(await json(cache.get(3, 'k', b.build))).toBe('page 1');
    now = 2001;
    expect(await json(cache.get(3, 'k', b.build))).toBe('page 2');
  });

  it('passes a failed read to everyone waiting for it and keeps nothing', async () => {
    const cache = new PullPageCache();
    let fail: (e: Error) => void = () => undefined;
    const failing = () => new Promise<BuiltPage>((_, reject) => (fail = reject));
    const a = cache.get(4, 'k', failing);
    const b = cache.get(4, 'k', failing);
    fail(new Error('gone'));
    await expect(a).rejects.toThrow('gone');
    await expect(b).rejects.toThrow('gone');
    const ok = builder({ head: 4, shared: true, json: 'ok' });
    ok.release();
    expect(await json(cache.get(4, 'k', ok.build))).toBe('ok');
  });

  it('packs a kept page once, for everyone it is sent to', async () => {
    const cache = new PullPageCache();
    const text = JSON.stringify({ changes: [{ id: 'x'.repeat(2000) }] });
    const b = builder({ head: 5, shared: true, json: text });
    b.release();
    const [first, second] = await Promise.all([cache.get(5, 'k', b.build), cache.get(5, 'k', b.build)]);
    const later = await cache.get(5, 'k', b.build);
    expect(first.gzip()).toBe(second.gzip());
    expect(later.gzip()).toBe(first.gzip());
    expect(gunzipSync(first.gzip()).toString('utf8')).toBe(text);
    expect(first.gzip().length).toBeLessThan(text.length / 10);
  });
});

describe('acceptsGzip', () => {
  it.each([
    ['gzip, deflate, br, zstd', true],
    ['br;q=1.0, GZIP;q=0.5', true],
    ['*', true],
    ['deflate, *;q=0.1', true],
    ['gzip;q=0', false],
    ['gzip;q=0, *', false],
    ['deflate, br', false],
    ['identity', false],
    ['*;q=0', false],
    ['', false],
    [undefined, false],
  ])('%s → %s', (header, expected) => {
    expect(acceptsGzip(header)).toBe(expected);
  });
});

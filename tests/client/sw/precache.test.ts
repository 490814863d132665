import { describe, expect, it } from 'vitest';
import { precachePercent } from '@/domain/service-worker';
import { installInOrder, restStorer, throttled } from '../../../sw/precache-install';
import { orderManifest, planPrecache, type BundleChunk } from '../../../sw/precache-order';

const item = (url: string, bytes = 10) => ({ url, bytes });

describe('installInOrder', () => {
  it('starts files in list order, never more than `concurrency` at once, and tallies bytes', async () => {
    const started: string[] = [];
    let inFlight = 0;
    let most = 0;
    const progress: number[] = [];
    const tally = await installInOrder([item('a', 50), item('b'), item('c'), item('d'), item('e', 30)], {
      concurrency: 2,
      store: async ({ url }) => {
        started.push(url);
        inFlight += 1;
        most = Math.max(most, inFlight);
        await new Promise((resolve) => setTimeout(resolve, url === 'a' ? 20 : 1));
        inFlight -= 1;
      },
      onProgress: (t) => progress.push(t.doneBytes),
    });
    expect(started).toEqual(['a', 'b', 'c', 'd', 'e']);
    expect(most).toBe(2);
    expect(tally).toEqual({ doneFiles: 5, totalFiles: 5, doneBytes: 110, totalBytes: 110 });
    expect(progress.at(-1)).toBe(110);
    expect(progress).toEqual([...progress].sort((x, y) => x - y));
  });

  it('starts nothing new after a failure, lets running files finish, then fails', async () => {
    const finished: string[] = [];
    const run = installInOrder([item('a'), item('b'), item('c'), item('d')], {
      concurrency: 2,
      store: async ({ url }) => {
        if (url === 'a') throw new Error('offline');
        await new Promise((resolve) => setTimeout(resolve, 5));
        finished.push(url);
      },
      onProgress: () => undefined,
    });
    await expect(run).rejects.toThrow('offline');
    expect(finished).toEqual(['b']);
  });
});

describe('restStorer', () => {
  it('shares one run between callers, continues after a failed run, and then says complete', async () => {
    const stored = new Set<string>();
    let offline = true;
    const fetched: string[] = [];
    const rest = restStorer([item('users'), item('settings'), item('analytics')], {
      concurrency: 1,
      store: async ({ url }) => {
        if (stored.has(url)) return;
        fetched.push(url);
        if (offline && url === 'settings') throw new Error('offline');
        await new Promise((resolve) => setTimeout(resolve, 1));
        stored.add(url);
      },
    });
    const first = rest.run();
    expect(rest.run()).toBe(first);
    await expect(first).resolves.toBe(false);
    expect([...stored]).toEqual(['users']);

    offline = false;
    await expect(rest.run()).resolves.toBe(true);
    expect([...stored]).toEqual(['users', 'settings', 'analytics']);
    expect(fetched).toEqual(['users', 'settings', 'settings', 'analytics']);
    // Complete: nothing is asked again.
    await expect(rest.run()).resolves.toBe(true);
    expect(fetched).toHaveLength(4);
  });
});

describe('precachePercent', () => {
  it('weighs by bytes and says 100 only when every file is stored', () => {
    expect(precachePercent({ doneFiles: 1, totalFiles: 4, doneBytes: 900, totalBytes: 1000 })).toBe(90);
    expect(precachePercent({ doneFiles: 3, totalFiles: 4, doneBytes: 999, totalBytes: 1000 })).toBe(99);
    expect(precachePercent({ doneFiles: 4, totalFiles: 4, doneBytes: 1000, totalBytes: 1000 })).toBe(100);
    expect(precachePercent({ doneFiles: 0, totalFiles: 0, doneBytes: 0, totalBytes: 0 })).toBe(100);
  });
});

describe('throttled', () => {
  it('sends at most once per interval, always the latest value, and flushes what waits', async () => {
    const sent: number[] = [];
    const report = throttled((value: number) => sent.push(value), 1000);
    report.push(1);
    report.push(2);
    report.push(3);
    expect(sent).toEqual([1]);
    report.flush();
    expect(sent).toEqual([1, 3]);
  });
});

const chunk = (fileName: string, facade: string | null, more: Partial<BundleChunk> = {}): BundleChunk => ({
  fileName,
  isEntry: false,
  facadeModuleId: facade,
  imports: [],
  dynamicImports: [],
  css: [],
  ...more,
});

describe('the precache order', () => {
  const chunks = [
    chunk('assets/index.js', '/app/index.html', {
      isEntry: true,
      imports: ['assets/react.js'],
      dynamicImports: ['assets/login.js', 'assets/reports.js', 'assets/users.js', 'assets/analytics.js'],
      css: ['assets/index.css'],
    }),
    chunk('assets/react.js', null),
    chunk('assets/login.js', '/app/src/client/routes/login.tsx?tsr-split=component', {
      imports: ['assets/form.js'],
    }),
    chunk('assets/form.js', null),
    chunk('assets/reports.js', '/app/src/client/routes/_app/reports.tsx?tsr-split=component', {
      imports: ['assets/form.js'],
      dynamicImports: ['assets/document.js'],
    }),
    chunk('assets/document.js', '/app/src/domain/pdf/document.ts', {
      dynamicImports: ['assets/html2canvas.js'],
    }),
    chunk('assets/html2canvas.js', '/app/node_modules/html2canvas/dist/html2canvas.esm.js'),
    chunk('assets/users.js', '/app/src/client/routes/_app/users.tsx?tsr-split=component', {
      imports: ['assets/table.js'],
    }),
    chunk('assets/table.js', null),
    chunk('assets/analytics.js', '/app/src/client/routes/_app/analytics.tsx?tsr-split=component', {
      dynamicImports: ['assets/document.js'],
    }),
  ];
  const plan = planPrecache(chunks);

  it('puts the shell and sign-in first, the field next, desk screens last, and drops what is never loaded', () => {
    expect(plan.tiers.get('assets/index.js')).toBe(0);
    expect(plan.tiers.get('assets/index.css')).toBe(0);
    expect(plan.tiers.get('assets/login.js')).toBe(0);
    expect(plan.tiers.get('assets/form.js')).toBe(0);
    expect(plan.tiers.get('assets/reports.js')).toBe(1);
    // The PDF builder is reached from a field screen, so it is field even though analytics uses it too.
    expect(plan.tiers.get('assets/document.js')).toBe(1);
    expect(plan.tiers.get('assets/users.js')).toBe(2);
    expect(plan.tiers.get('assets/table.js')).toBe(2);
    expect(plan.tiers.get('assets/analytics.js')).toBe(2);
    expect([...plan.excluded]).toEqual(['assets/html2canvas.js']);
  });

  it('orders the manifest by tier, keeps sizes as bytes and leaves excluded files out', () => {
    const entries = [
      'assets/users.js',
      'fonts/DejaVuSans.ttf',
      'assets/html2canvas.js',
      'assets/reports.js',
      'index.html',
      'assets/index.js',
      'assets/document.js',
    ].map((url, index) => ({ url, revision: null, size: index + 1 }));
    const ordered = orderManifest(entries, plan);
    expect(ordered.map((entry) => entry.url)).toEqual([
      'assets/index.js',
      'index.html',
      'assets/reports.js',
      'assets/document.js',
      'fonts/DejaVuSans.ttf',
      'assets/users.js',
    ]);
    expect(ordered[0]).toMatchObject({ url: 'assets/index.js', bytes: 6, tier: 0 });
    // The worker's install stores tiers 0 and 1; tier 2 follows after readiness.
    expect(ordered.map((entry) => entry.tier)).toEqual([0, 0, 1, 1, 1, 2]);
  });

  it('stores the signed-in layout and start screen last in the install: the page loads them itself', () => {
    const withLanding = planPrecache([
      chunk('assets/index.js', '/app/index.html', {
        isEntry: true,
        imports: ['assets/react.js'],
        dynamicImports: [
          'assets/login.js',
          'assets/app.js',
          'assets/home.js',
          'assets/reports.js',
          'assets/users.js',
        ],
      }),
      chunk('assets/react.js', null),
      chunk('assets/login.js', '/app/src/client/routes/login.tsx?tsr-split=component', {
        imports: ['assets/react.js'],
      }),
      chunk('assets/app.js', '/app/src/client/routes/_app.tsx?tsr-split=component', {
        imports: ['assets/nav.js', 'assets/react.js'],
        css: ['assets/app.css'],
      }),
      chunk('assets/nav.js', null),
      chunk('assets/home.js', '/app/src/client/routes/_app/index.tsx?tsr-split=component'),
      chunk('assets/reports.js', '/app/src/client/routes/_app/reports.tsx?tsr-split=component'),
      chunk('assets/users.js', '/app/src/client/routes/_app/users.tsx?tsr-split=component'),
    ]);
    // Shared with the sign-in page (loaded before anyone signs in): not moved.
    expect(withLanding.landing.has('assets/react.js')).toBe(false);
    const ordered = orderManifest(
      [
        'assets/users.js',
        'assets/home.js',
        'assets/app.css',
        'assets/nav.js',
        'assets/app.js',
        'assets/reports.js',
        'assets/react.js',
        'assets/login.js',
        'assets/index.js',
      ].map((url) => ({ url, revision: null, size: 1 })),
      withLanding,
    );
    expect(ordered.map((entry) => entry.url)).toEqual([
      'assets/index.js',
      'assets/login.js',
      'assets/react.js',
      'assets/reports.js',
      'assets/app.js',
      'assets/app.css',
      'assets/home.js',
      'assets/nav.js',
      'assets/users.js',
    ]);
    expect(ordered.find((entry) => entry.url === 'assets/app.js')?.tier).toBe(1);
  });
});

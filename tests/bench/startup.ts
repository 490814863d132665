// Startup bench: where the main thread's time goes on a signed-in user's first visit to the dashboard,
// on a phone-sized touch screen, until the device is ready for offline use and the page is quiet. No
// goal: it says which code a faster start has to take work from, so a round starts from figures
// rather than a guess. It measures a readable build of its own (not minified, so that each sampled
// function can be traced to the package or source folder it came from), served by the real server.
//
// Three JSON lines, from STARTUP_RUNS profiled visits (default 3) and one more that counts renders:
// - the busy time (medians), split by package (node_modules) or source folder, the garbage collector,
//   and the main thread's work outside script (style, layout, paint, parsing, the browser's messages:
//   one figure, the profiler does not split it); and the median visit's self time by function;
// - the longest tasks of the median visit (runs of samples without an idle gap: a frame's style,
//   layout and paint right after a script task count with it), each with its start, length and the
//   two entry points that took most of it;
// - React's commits and component renders (through React's developer-tools hook, which the production
//   build calls), the components rendered most often, and the median visit's script time inside each
//   component: a store update that re-renders the whole shell shows as commits times hundreds of renders.
// BENCH_CPU_SLOWDOWN (default 1) slows the page's CPU down as Lighthouse's mobile profile does (4).
// Run alone with `node --import tsx tests/bench/startup.ts` or `npm run bench -- startup`.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildApp } from '@/server/app';
import { loadConfig } from '@/server/config';
import type { Browser, Page } from '@playwright/test';
import { launchBenchChromium, runWhenMain, signInToken, waitForQuiet } from './support';

const RUNS = Math.min(9, Math.max(1, Number(process.env.STARTUP_RUNS) || 3));
const CPU_SLOWDOWN = Math.min(8, Math.max(1, Number(process.env.BENCH_CPU_SLOWDOWN) || 1));
/** A gap this long between samples with script or browser work ends a task. */
const TASK_GAP_MS = 0.6;
const TOP = 12;

/** The parts of a CPU profile (Chromium's `Profiler.stop`) this bench reads. */
interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
}
interface Profile {
  nodes: ProfileNode[];
  samples?: number[];
  timeDeltas?: number[];
}

/** Builds the client without minifying it into `dir` (a throw-away copy; `dist/client` stays as it is). */
function buildReadable(dir: string) {
  const result = spawnSync(
    process.execPath,
    ['node_modules/vite/bin/vite.js', 'build', '--minify', 'false', '--outDir', dir, '--emptyOutDir'],
    { stdio: ['ignore', 'ignore', 'inherit'] },
  );
  if (result.status !== 0) throw new Error('vite build failed');
}

/**
 * Where each module of the readable build starts: the bundler heads every module's code with a
 * `// path` comment. Per file name, the lines of those comments and the paths, in order.
 */
export function moduleStarts(source: string): Array<[line: number, modulePath: string]> {
  const starts: Array<[number, string]> = [];
  source.split('\n').forEach((text, line) => {
    if (text.startsWith('// ') && /^\/\/ (\\0|node_modules\/|src\/)/.test(text))
      starts.push([line, text.slice(3)]);
  });
  return starts;
}

/** A package's name for a module under node_modules, else the module's folder two levels below src. */
export function sourceOf(modulePath: string): string {
  const inPackage = /node_modules\/((@[^/]+\/)?[^/]+)/.exec(modulePath);
  if (inPackage) return inPackage[1]!;
  if (modulePath.startsWith('\\0')) return 'bundler runtime';
  const parts = modulePath.split('/');
  return parts.slice(0, Math.min(parts.length - 1, 3)).join('/');
}

interface Sample {
  /** ms since the profile started. */
  at: number;
  ms: number;
  /** Package or source folder of the nearest sampled script frame; the browser's own work otherwise. */
  source: string;
  /** The outermost two script frames, as "function (file)". */
  entry: string;
  /** The function the sample was in, with its source ("appendChild in bundler runtime" for the browser's own). */
  leaf: string;
  /** The component being rendered, when the sample is inside one. */
  component: string | null;
}

/** Reads a CPU profile into samples attributed with `starts` (per file name of the build). */
export function attributeSamples(profile: Profile, starts: Map<string, Array<[number, string]>>): Sample[] {
  const byId = new Map<number, ProfileNode>(profile.nodes.map((node) => [node.id, node]));
  const parent = new Map<number, number>();
  for (const node of profile.nodes) for (const child of node.children ?? []) parent.set(child, node.id);
  const fileOf = (node: ProfileNode) => node.callFrame.url.split('/').pop() ?? '';
  // A file's own code (its modules' top-level statements, as the bundler joins them) runs as a function
  // without a name at its first line.
  const nameOf = (node: ProfileNode) =>
    node.callFrame.functionName ||
    (node.callFrame.url && node.callFrame.lineNumber === 0 ? '(top level)' : '(anonymous)');
  const sourceAt = (node: ProfileNode): string | null => {
    const list = starts.get(fileOf(node));
    if (!list) return node.callFrame.url ? 'other scripts' : null;
    let found: string | null = null;
    for (const [line, modulePath] of list) {
      if (line > node.callFrame.lineNumber) break;
      found = modulePath;
    }
    return found ? sourceOf(found) : 'bundler runtime';
  };
  const samples: Sample[] = [];
  let at = 0;
  const deltas = profile.timeDeltas ?? [];
  const ids = profile.samples ?? [];
  for (let i = 0; i < ids.length; i++) {
    at += (deltas[i] ?? 0) / 1000;
    const leaf = byId.get(ids[i]!)!;
    const name = leaf.callFrame.functionName;
    if (name === '(idle)' || name === '(root)') continue;
    // The sample lasts until the next one.
    const ms = (deltas[i + 1] ?? 0) / 1000;
    const chain: ProfileNode[] = [];
    for (let id: number | undefined = leaf.id; id !== undefined; id = parent.get(id))
      chain.push(byId.get(id)!);
    const scripted = chain.find((node) => node.callFrame.url);
    // The profiler files the main thread's work outside script (style, layout, paint, parsing, the
    // browser's messages) under "(program)".
    const source = scripted
      ? (sourceAt(scripted) ?? 'other scripts')
      : name === '(garbage collector)'
        ? 'garbage collection'
        : name === '(program)'
          ? 'browser: style, layout, paint, messages'
          : 'browser';
    const outer = chain
      .slice(0, -1)
      .reverse()
      .slice(0, 2)
      .map((node) => `${nameOf(node)} (${fileOf(node) || 'browser'})`)
      .join(' > ');
    let component: string | null = null;
    for (let k = 0; k + 1 < chain.length; k++) {
      if (chain[k + 1]!.callFrame.functionName === 'renderWithHooks') {
        component = chain[k]!.callFrame.functionName || `(anonymous, ${fileOf(chain[k]!)})`;
        break;
      }
    }
    const leafName = nameOf(leaf);
    const leafLabel = leaf.callFrame.url
      ? `${leafName} in ${source}`
      : scripted
        ? `${leafName} (browser) from ${nameOf(scripted)} in ${source}`
        : leafName;
    samples.push({ at, ms, source, entry: outer, leaf: leafLabel, component });
  }
  return samples;
}

interface Task {
  startMs: number;
  ms: number;
  entries: Map<string, number>;
}

/** Groups samples into tasks: a gap without samples of script or browser work ends one. */
export function tasksOf(samples: Sample[]): Task[] {
  const tasks: Task[] = [];
  let current: Task | null = null;
  let lastEnd = Number.NEGATIVE_INFINITY;
  for (const sample of samples) {
    if (!current || sample.at - lastEnd > TASK_GAP_MS) {
      current = { startMs: sample.at, ms: 0, entries: new Map() };
      tasks.push(current);
    }
    current.ms += sample.ms;
    current.entries.set(sample.entry, (current.entries.get(sample.entry) ?? 0) + sample.ms);
    lastEnd = sample.at + sample.ms;
  }
  return tasks;
}

const round = (ms: number) => Math.round(ms * 10) / 10;
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

function sumBy(samples: Sample[], key: (sample: Sample) => string | null): Map<string, number> {
  const sums = new Map<string, number>();
  for (const sample of samples) {
    const name = key(sample);
    if (name !== null) sums.set(name, (sums.get(name) ?? 0) + sample.ms);
  }
  return sums;
}

const top = (sums: Map<string, number>, n = TOP) =>
  Object.fromEntries(
    [...sums]
      .sort((a, b) => b[1] - a[1])
      .slice(0, n)
      .map(([k, v]) => [k, round(v)]),
  );

/**
 * Counts React's commits and the components each one rendered, from the developer-tools hook React
 * calls on every commit. A component counts when its fiber is new to this commit's tree (React
 * reuses a bailed-out subtree's fibers as they are) and did work. A string: tsx would add helpers
 * the page does not have.
 */
const RENDER_COUNTER = `(() => {
  const log = { commits: 0, renders: 0, byName: {} };
  window.__startupRenders = log;
  let previous = new WeakSet();
  const nameOf = (type) => !type ? 'unknown'
    : typeof type === 'function' ? type.displayName || type.name || 'anonymous'
    : type.displayName || (type.render ? nameOf(type.render) : type.type ? nameOf(type.type) : 'unknown');
  window.__REACT_DEVTOOLS_GLOBAL_HOOK__ = {
    supportsFiber: true,
    renderers: new Map(),
    inject() { return 1; },
    checkDCE() {},
    onScheduleFiberRoot() {},
    onCommitFiberUnmount() {},
    onPostCommitFiberRoot() {},
    onCommitFiberRoot(_id, root) {
      const seen = new WeakSet();
      const stack = [root.current];
      log.commits += 1;
      while (stack.length > 0) {
        const fiber = stack.pop();
        seen.add(fiber);
        // Function, class, forwardRef and memo components that did work in this commit.
        if ([0, 1, 11, 14, 15].includes(fiber.tag) && !previous.has(fiber) && (fiber.flags & 1) === 1) {
          const name = nameOf(fiber.type);
          log.byName[name] = (log.byName[name] || 0) + 1;
          log.renders += 1;
        }
        if (fiber.child) stack.push(fiber.child);
        if (fiber.sibling) stack.push(fiber.sibling);
      }
      previous = seen;
    },
  };
})()`;

interface RenderLog {
  commits: number;
  renders: number;
  byName: Record<string, number>;
}

interface Visit {
  busyMs: number;
  bySource: Map<string, number>;
  /** Self time by function. */
  byFunction: Map<string, number>;
  /** Script time inside each component's render (its own code and what it calls). */
  byComponent: Map<string, number>;
  tasks: Task[];
}

/**
 * Opens the dashboard as a signed-in user's first visit, on a phone as Lighthouse's mobile profile
 * emulates it, and waits until the device is ready for offline use and the page has been quiet for a
 * second (the engine's first pull and the renders it set off are over). `during` starts what the
 * visit measures once the page exists and returns what ends it.
 */
async function firstVisit<T>(
  browser: Browser,
  origin: string,
  token: string,
  during: (page: Page) => Promise<() => Promise<T>>,
): Promise<T> {
  const context = await browser.newContext({
    viewport: { width: 412, height: 823 },
    deviceScaleFactor: 1.75,
    isMobile: true,
    hasTouch: true,
  });
  try {
    // The token goes in before the visit, on an API answer (which registers no service worker), so the
    // visit itself runs no harness script.
    const setup = await context.newPage();
    await setup.goto(`${origin}/api/health`);
    await setup.evaluate((value) => localStorage.setItem('token', value), token);
    await setup.close();
    const page = await context.newPage();
    const end = await during(page);
    await page.goto(`${origin}/`);
    await page.waitForSelector('[data-testid="dashboard-date"]', { timeout: 60_000 });
    await page.waitForSelector('html[data-offline-complete="true"]', { timeout: 120_000 });
    await waitForQuiet(page, 1000, 60_000);
    return await end();
  } finally {
    await context.close();
  }
}

/** A visit under the sampling profiler (every 0.2 ms). */
function profiledVisit(
  browser: Browser,
  origin: string,
  token: string,
  starts: Map<string, Array<[number, string]>>,
): Promise<Visit> {
  return firstVisit(browser, origin, token, async (page) => {
    const cdp = await page.context().newCDPSession(page);
    if (CPU_SLOWDOWN > 1) await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
    await cdp.send('Profiler.enable');
    await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
    await cdp.send('Profiler.start');
    return async () => {
      const { profile } = (await cdp.send('Profiler.stop')) as { profile: Profile };
      const samples = attributeSamples(profile, starts);
      return {
        busyMs: samples.reduce((sum, sample) => sum + sample.ms, 0),
        bySource: sumBy(samples, (sample) => sample.source),
        byFunction: sumBy(samples, (sample) => sample.leaf),
        byComponent: sumBy(samples, (sample) => sample.component),
        tasks: tasksOf(samples),
      };
    };
  });
}

/** A visit with React's commits counted, apart from the profiled ones: the counting has a cost of its own. */
function countedVisit(browser: Browser, origin: string, token: string): Promise<RenderLog> {
  return firstVisit(browser, origin, token, async (page) => {
    await page.addInitScript({ content: RENDER_COUNTER });
    return async () => (await page.evaluate('window.__startupRenders')) as RenderLog;
  });
}

export async function benchStartup(): Promise<object[]> {
  const build = fs.mkdtempSync(path.join(os.tmpdir(), 'fleetpilot-bench-startup-build-'));
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'fleetpilot-bench-startup-'));
  const lines: object[] = [];
  try {
    buildReadable(build);
    const starts = new Map<string, Array<[number, string]>>();
    for (const file of fs.readdirSync(path.join(build, 'assets')).filter((name) => name.endsWith('.js')))
      starts.set(file, moduleStarts(fs.readFileSync(path.join(build, 'assets', file), 'utf8')));

    const password = `bench-${Date.now()}`;
    const config = {
      ...loadConfig({ DATA_DIR: dataDir, ADMIN_PASSWORD: password, LOG_LEVEL: 'silent' }),
      clientDir: build,
    };
    const app = await buildApp(config, { logger: false });
    const browser = await launchBenchChromium();
    try {
      await app.listen({ host: '127.0.0.1', port: 0 });
      const origin = `http://127.0.0.1:${(app.server.address() as { port: number }).port}`;
      const token = await signInToken(app, config.adminUsername, password);
      const visits: Visit[] = [];
      for (let i = 0; i < RUNS; i++) visits.push(await profiledVisit(browser, origin, token, starts));
      const renders = await countedVisit(browser, origin, token);

      const busy = visits.map((v) => v.busyMs);
      const middle = visits[busy.indexOf(median(busy))]!;
      const sources = new Set(visits.flatMap((v) => [...v.bySource.keys()]));
      const bySource = new Map(
        [...sources].map((name) => [name, median(visits.map((v) => v.bySource.get(name) ?? 0))]),
      );
      lines.push({
        case: 'startup: signed-in first visit, main thread busy time by source',
        cpuSlowdown: CPU_SLOWDOWN,
        busyMsMedian: round(median(busy)),
        busyMsRuns: busy.map(round),
        bySourceMs: top(bySource),
        selfMsByFunction: top(middle.byFunction, 20),
      });
      lines.push({
        case: 'startup: the longest tasks of the median visit',
        tasks: [...middle.tasks]
          .sort((a, b) => b.ms - a.ms)
          .slice(0, TOP)
          .map((task) => ({
            atMs: Math.round(task.startMs),
            ms: round(task.ms),
            mostly: [...task.entries]
              .sort((a, b) => b[1] - a[1])
              .slice(0, 2)
              .map(([entry]) => entry),
          })),
        tasksOver50MsRuns: visits.map((v) => v.tasks.filter((task) => task.ms > 50).length),
      });
      lines.push({
        case: 'startup: React commits and component renders',
        commits: renders.commits,
        renders: renders.renders,
        mostRendered: Object.fromEntries(
          Object.entries(renders.byName)
            .sort((a, b) => b[1] - a[1])
            .slice(0, TOP),
        ),
        renderMsByComponent: top(middle.byComponent),
      });
    } finally {
      await browser.close();
      await app.close();
    }
  } finally {
    fs.rmSync(build, { recursive: true, force: true });
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
  for (const line of lines) console.info(JSON.stringify(line));
  return lines;
}

runWhenMain(import.meta.url, benchStartup);

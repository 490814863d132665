// Explains one saved Lighthouse run's simulated largest paint and blocking time with Lighthouse's own
// load model. The model computes each metric on a part of the page's graph of requests and tasks:
// the largest paint counts every request that ended before the real (unthrottled) paint of the largest
// element, whatever the page needed it for, and the blocking time counts every task the model runs
// after its simulated first paint, each slowed 4×. This prints, for the largest paint, each request
// and task of that part with where the model placed it; for the blocking time, the window it counts
// and each task of 40 ms or more in it, with what ran in the task. Save runs with LIGHTHOUSE_SAVE_DIR,
// then:
//   node --import tsx tests/bench/lantern-metrics.ts <dir>/dashboard-3
import fs from 'node:fs';
import type { RunnerResult } from 'lighthouse';
import { LanternFirstContentfulPaint } from 'lighthouse/core/computed/metrics/lantern-first-contentful-paint.js';
import { LanternInteractive } from 'lighthouse/core/computed/metrics/lantern-interactive.js';
import { LanternLargestContentfulPaint } from 'lighthouse/core/computed/metrics/lantern-largest-contentful-paint.js';
import { LanternTotalBlockingTime } from 'lighthouse/core/computed/metrics/lantern-total-blocking-time.js';

type Artifacts = RunnerResult['artifacts'];
type Lhr = RunnerResult['lhr'];

/** The parts of a node of Lighthouse's graph this script prints. */
interface GraphNode {
  type: 'network' | 'cpu';
  /** Microseconds, in the real load's clock. */
  startTime: number;
  endTime: number;
  request?: { url: string; priority: string; resourceType?: string };
  childEvents?: Array<{
    name: string;
    dur?: number;
    args?: { data?: { url?: string; functionName?: string } };
  }>;
}
interface Timing {
  startTime: number;
  endTime: number;
  duration: number;
}
interface Estimate {
  timeInMs: number;
  nodeTimings: Map<GraphNode, Timing>;
}
interface MetricResult {
  timing: number;
  optimisticEstimate: Estimate;
  pessimisticEstimate: Estimate;
}
type Computed = { request(data: unknown, context: unknown): Promise<unknown> };
const compute = (metric: Computed, data: unknown, context: unknown) =>
  metric.request(data, context) as Promise<MetricResult>;

const LONG_TASK_MS = 40;
const file = (url: string) => url.replace(/^https?:\/\/[^/]+/, '').replace(/\?.*$/, '');

/** What a task ran: scripts evaluated, functions called, microtasks, layout, garbage collection. */
function describe(node: GraphNode): string {
  const parts = new Set<string>();
  for (const event of node.childEvents ?? []) {
    const data = event.args?.data;
    if (event.name === 'EvaluateScript') parts.add(`evaluate ${file(data?.url ?? '') || 'inline'}`);
    else if (event.name === 'FunctionCall')
      parts.add(
        `call ${file(data?.url ?? '')
          .split('/')
          .pop()}${data?.functionName ? `:${data.functionName}` : ''}`,
      );
    else if (event.name === 'RunMicrotasks') parts.add('microtasks');
    else if (event.name === 'Layout') parts.add('layout');
    else if (event.name === 'ParseHTML') parts.add('parse HTML');
    else if (event.name === 'MinorGC' || event.name === 'MajorGC') parts.add('garbage collection');
  }
  return [...parts].slice(0, 5).join(', ') || 'browser work';
}

async function explain(base: string) {
  const read = (suffix: string): unknown => JSON.parse(fs.readFileSync(`${base}${suffix}`, 'utf8'));
  const lhr = read('.json') as Lhr;
  const data = {
    trace: read('.trace.json') as Artifacts['Trace'],
    devtoolsLog: read('.devtoolslog.json') as Artifacts['DevtoolsLog'],
    settings: lhr.configSettings,
    gatherContext: { gatherMode: 'navigation' },
    URL: {
      requestedUrl: lhr.requestedUrl,
      mainDocumentUrl: lhr.mainDocumentUrl,
      finalDisplayedUrl: lhr.finalDisplayedUrl,
    },
    SourceMaps: [],
    simulator: null,
  };
  const context = { computedCache: new Map(), settings: lhr.configSettings };
  const fcp = await compute(LanternFirstContentfulPaint, data, context);
  const lcp = await compute(LanternLargestContentfulPaint, data, context);
  const tti = await compute(LanternInteractive, data, context);
  const tbt = await compute(LanternTotalBlockingTime, data, context);
  const origin = Math.min(...[...tbt.optimisticEstimate.nodeTimings.keys()].map((node) => node.startTime));
  const observed = (node: GraphNode) => Math.round((node.startTime - origin) / 1000);
  const ms = (value: number) => Math.round(value);
  const score = Math.round((lhr.categories.performance?.score ?? 0) * 100);
  const element = lhr.audits['largest-contentful-paint-element']?.details;
  console.info(`score ${score}`);
  console.info(
    `first paint ${ms(fcp.timing)} ms (optimistic ${ms(fcp.optimisticEstimate.timeInMs)}, pessimistic ${ms(fcp.pessimisticEstimate.timeInMs)})`,
  );
  console.info(
    `largest paint ${ms(lcp.timing)} ms (optimistic ${ms(lcp.optimisticEstimate.timeInMs)}, pessimistic ${ms(lcp.pessimisticEstimate.timeInMs)}); element: ${JSON.stringify(element).match(/"selector":"([^"]*)"/)?.[1] ?? 'unknown'}`,
  );
  console.info('  what the pessimistic largest paint waits for (simulated start–end, real start):');
  const rows = [...lcp.pessimisticEstimate.nodeTimings].sort((a, b) => a[1].startTime - b[1].startTime);
  for (const [node, timing] of rows) {
    const what =
      node.type === 'network'
        ? `${file(node.request!.url)} (${node.request!.resourceType ?? ''}, ${node.request!.priority})`
        : `task of ${ms(timing.duration)} ms: ${describe(node)}`;
    console.info(`    ${ms(timing.startTime)}–${ms(timing.endTime)} ms  real ${observed(node)} ms  ${what}`);
  }
  console.info(
    `blocking ${ms(tbt.timing)} ms (optimistic ${ms(tbt.optimisticEstimate.timeInMs)}, pessimistic ${ms(tbt.pessimisticEstimate.timeInMs)})`,
  );
  // The optimistic estimate counts from the pessimistic first paint to the optimistic interactive time,
  // the pessimistic one from the optimistic first paint to the pessimistic interactive time.
  console.info(
    `  windows: ${ms(fcp.pessimisticEstimate.timeInMs)}–${ms(tti.optimisticEstimate.timeInMs)} ms and ${ms(fcp.optimisticEstimate.timeInMs)}–${ms(tti.pessimisticEstimate.timeInMs)} ms`,
  );
  console.info(`  tasks of ${LONG_TASK_MS} ms or more (simulated start + length, real start, what ran):`);
  const tasks = [...tbt.pessimisticEstimate.nodeTimings]
    .filter(([node, timing]) => node.type === 'cpu' && timing.duration >= LONG_TASK_MS)
    .sort((a, b) => a[1].startTime - b[1].startTime);
  for (const [node, timing] of tasks)
    console.info(
      `    ${ms(timing.startTime)} + ${ms(timing.duration)} ms  real ${observed(node)} ms  ${describe(node)}`,
    );
}

const base = process.argv[2];
if (!base) {
  console.error('usage: lantern-metrics.ts <LIGHTHOUSE_SAVE_DIR>/<page>-<n>');
  process.exit(2);
}
await explain(base.replace(/\.json$/, ''));

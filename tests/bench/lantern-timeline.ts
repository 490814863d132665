// Replays one saved Lighthouse run through Lighthouse's own load model and prints its simulated
// timeline: when each request of the app's files and API starts and ends, and each task the model
// runs for 40 ms or more, with when it ran in the real, unthrottled load and what the model made it
// wait for. A score is decided by where the model places the app's tasks against the first paint;
// this shows where it placed them and why. Save runs with LIGHTHOUSE_SAVE_DIR, then:
//   node --import tsx tests/bench/lantern-timeline.ts <dir>/dashboard-6
import fs from 'node:fs';
import type { RunnerResult } from 'lighthouse';
import { LoadSimulator } from 'lighthouse/core/computed/load-simulator.js';
import { PageDependencyGraph } from 'lighthouse/core/computed/page-dependency-graph.js';

type Artifacts = RunnerResult['artifacts'];
type Lhr = RunnerResult['lhr'];

/** The parts of a node of Lighthouse's graph this script prints. */
interface GraphNode {
  type: 'network' | 'cpu';
  startTime: number;
  request?: { url: string; transferSize?: number };
  getDependencies(): GraphNode[];
}

const LONG_TASK_MS = 40;

async function timeline(base: string) {
  const read = (suffix: string): unknown => JSON.parse(fs.readFileSync(`${base}${suffix}`, 'utf8'));
  const lhr = read('.json') as Lhr;
  const trace = read('.trace.json') as Artifacts['Trace'];
  const devtoolsLog = read('.devtoolslog.json') as Artifacts['DevtoolsLog'];
  const settings = lhr.configSettings;
  const context = { computedCache: new Map(), settings };
  const urls = {
    requestedUrl: lhr.requestedUrl,
    mainDocumentUrl: lhr.mainDocumentUrl,
    finalDisplayedUrl: lhr.finalDisplayedUrl,
  } as Artifacts['URL'];
  const graph = await PageDependencyGraph.request(
    { settings, trace, devtoolsLog, URL: urls, SourceMaps: [], fromTrace: false },
    context,
  );
  const simulator = await LoadSimulator.request({ devtoolsLog, settings }, context);
  const { nodeTimings } = simulator.simulate(graph, { label: 'timeline' });

  const origin = (graph as unknown as GraphNode).startTime;
  const observed = (node: GraphNode) => Math.round((node.startTime - origin) / 1000);
  const name = (node: GraphNode) =>
    node.type === 'network' ? new URL(node.request!.url).pathname : `task@${observed(node)}`;
  const rows: [number, string][] = [];
  for (const [graphNode, timing] of nodeTimings) {
    const node = graphNode as unknown as GraphNode;
    const span = `${Math.round(timing.startTime)}–${Math.round(timing.endTime)} ms`;
    if (node.type === 'network') {
      const path = name(node);
      if (!/^\/(assets\/|api\/|$)/.test(path)) continue;
      rows.push([
        timing.startTime,
        `${span}  fetch ${path} (${node.request!.transferSize ?? 0} B, asked at ${observed(node)} ms)`,
      ]);
    } else if (timing.duration >= LONG_TASK_MS) {
      const waits = node.getDependencies().map(name).join(', ') || 'nothing';
      rows.push([
        timing.startTime,
        `${span}  task of ${Math.round(timing.duration)} ms (ran at ${observed(node)} ms; waits for ${waits})`,
      ]);
    }
  }
  const metric = (id: string) => Math.round(lhr.audits[id]?.numericValue ?? Number.NaN);
  console.info(
    `score ${Math.round((lhr.categories.performance?.score ?? 0) * 100)}, first paint ${metric('first-contentful-paint')} ms, blocking ${metric('total-blocking-time')} ms`,
  );
  for (const [, line] of rows.sort((a, b) => a[0] - b[0])) console.info(line);
}

const base = process.argv[2];
if (!base) {
  console.error('usage: lantern-timeline.ts <LIGHTHOUSE_SAVE_DIR>/<page>-<n>');
  process.exit(2);
}
await timeline(base.replace(/\.json$/, ''));

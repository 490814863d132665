// Offline readiness bench: a tablet's first visit over HTTPS (HTTPS=local, the server by host name),
// from opening the sign-in page to `<html data-offline-ready="true">` — the bytes on the wire (page
// and service worker, headers included, as Chromium counts them) and the time; then on to
// `<html data-offline-complete="true">` (the desk screens stored after readiness, in the background),
// reported beside it and not part of the goals. Once on loopback, once
// under Chromium's network emulation of a poor site link (400 ms round trip, 1.6 Mbit/s down,
// 750 kbit/s up) applied to the page and to the service worker from its first request.
// Goals: at most 1.2 MB on the wire, at most 15 s emulated. One JSON line per case.
// Run alone with `node --import tsx tests/bench/offline-ready.ts`.
import { X509Certificate } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { spkiSha256 } from '@/server/tls/pem';
import { startOwnServer } from '../e2e/support/own-server';
import { CdpBrowser } from './cdp-pipe';
import { ensureClientBuild, runWhenMain } from './support';

export const OFFLINE_READY_BYTES_GOAL = 1_200_000;
export const OFFLINE_READY_EMULATED_MS_GOAL = 15_000;
const HOST = 'tablet-bench.fleet.test';
const TIMEOUT_MS = 180_000;

/** A poor site link as Chromium's DevTools emulate it (throughput in bytes per second). */
const SITE_LINK = {
  offline: false,
  latency: 400,
  downloadThroughput: 1_600_000 / 8,
  uploadThroughput: 750_000 / 8,
};

interface Tally {
  pageBytes: number;
  workerBytes: number;
  pageRequests: number;
  workerRequests: number;
  failed: number;
}

async function firstVisit(
  origin: string,
  spki: string,
  password: string,
  emulate: boolean,
): Promise<{
  ms: number;
  workerStartMs: number | null;
  tally: Tally;
  completeMs: number;
  completeTally: Tally;
}> {
  const browser = CdpBrowser.launch([
    `--host-resolver-rules=MAP ${HOST} 127.0.0.1`,
    `--ignore-certificate-errors-spki-list=${spki}`,
  ]);
  const kinds = new Map<string, 'page' | 'worker'>();
  // Answers the page got from its service worker are counted where the worker fetched them, once.
  const servedByWorker = new Set<string>();
  let pageSession: string | undefined;
  let pageReady: () => void = () => undefined;
  const pageAttached = new Promise<void>((resolve) => (pageReady = resolve));

  browser.on('Target.attachedToTarget', (params) => {
    const { sessionId, targetInfo } = params as { sessionId: string; targetInfo: { type: string } };
    const kind = targetInfo.type === 'page' ? 'page' : targetInfo.type === 'service_worker' ? 'worker' : null;
    void (async () => {
      if (kind) {
        kinds.set(sessionId, kind);
        await browser.send('Network.enable', {}, sessionId);
        if (emulate) await browser.send('Network.emulateNetworkConditions', SITE_LINK, sessionId);
      }
      await browser.send('Runtime.runIfWaitingForDebugger', {}, sessionId);
      if (kind === 'page' && !pageSession) {
        pageSession = sessionId;
        pageReady();
      }
    })();
  });
  browser.on('Network.responseReceived', (params, sessionId) => {
    const { requestId, response } = params as {
      requestId: string;
      response: { fromServiceWorker?: boolean };
    };
    if (response.fromServiceWorker) servedByWorker.add(`${sessionId}:${requestId}`);
  });
  // Each finished request with the wall time it was sent: what counts towards readiness is what was
  // sent before `data-offline-ready` turned true (the desk screens are only asked for after it).
  const sentAt = new Map<string, number>();
  const finished: Array<{ kind: 'page' | 'worker'; bytes: number; sentAt: number }> = [];
  let failed = 0;
  browser.on('Network.loadingFinished', (params, sessionId) => {
    const { requestId, encodedDataLength } = params as { requestId: string; encodedDataLength: number };
    const kind = sessionId ? kinds.get(sessionId) : undefined;
    const key = `${sessionId}:${requestId}`;
    if (!kind || servedByWorker.has(key)) return;
    finished.push({ kind, bytes: encodedDataLength, sentAt: sentAt.get(key) ?? 0 });
  });
  browser.on('Network.loadingFailed', () => (failed += 1));
  const tallyUntil = (until: number): Tally => {
    const tally: Tally = { pageBytes: 0, workerBytes: 0, pageRequests: 0, workerRequests: 0, failed };
    for (const request of finished) {
      if (request.sentAt > until) continue;
      if (request.kind === 'page') {
        tally.pageBytes += request.bytes;
        tally.pageRequests += 1;
      } else {
        tally.workerBytes += request.bytes;
        tally.workerRequests += 1;
      }
    }
    return tally;
  };
  let started = 0;
  let workerStarted = 0;
  browser.on('Network.requestWillBeSent', (params, sessionId) => {
    const { requestId, wallTime } = params as { requestId: string; wallTime: number };
    sentAt.set(`${sessionId}:${requestId}`, wallTime * 1000);
    if (started && !workerStarted && sessionId && kinds.get(sessionId) === 'worker')
      workerStarted = Date.now();
  });

  try {
    await browser.send('Target.setAutoAttach', {
      autoAttach: true,
      waitForDebuggerOnStart: true,
      flatten: true,
    });
    await browser.send('Target.createTarget', { url: 'about:blank' });
    await pageAttached;
    const session = pageSession!;
    await browser.send('Page.enable', {}, session);
    // The moment the app says it is ready, taken in the page rather than by polling.
    await browser.send(
      'Page.addScriptToEvaluateOnNewDocument',
      {
        source: `new MutationObserver(() => {
          if (document.documentElement.dataset.offlineReady === 'true') window.__offlineReadyAt ??= Date.now();
        }).observe(document, { subtree: true, attributes: true, attributeFilter: ['data-offline-ready'] });`,
      },
      session,
    );
    await browser.send('Runtime.evaluate', { expression: "localStorage.setItem('language', 'en')" }, session);

    started = Date.now();
    await browser.send('Page.navigate', { url: `${origin}/login` }, session);
    const until = async (expression: string, what: string) => {
      while (!(await browser.evaluate<boolean>(session, expression).catch(() => false))) {
        if (Date.now() - started > TIMEOUT_MS) throw new Error(`timed out waiting for ${what}`);
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    };
    await until(`!!document.querySelector('input[name="password"]')`, 'the sign-in form');
    await browser.evaluate(
      session,
      `(() => {
        const set = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value').set;
        for (const [name, value] of [['username', 'admin'], ['password', ${JSON.stringify(password)}]]) {
          const input = document.querySelector('input[name="' + name + '"]');
          set.call(input, value);
          input.dispatchEvent(new Event('input', { bubbles: true }));
        }
        return true;
      })()`,
    );
    await until(`!document.querySelector('button[type="submit"]').disabled`, 'the sign-in button');
    await browser.evaluate(session, `(document.querySelector('button[type="submit"]').click(), true)`);
    await until(`document.documentElement.dataset.offlineReady === 'true'`, 'data-offline-ready="true"');
    const readyAt = await browser.evaluate<number>(session, 'window.__offlineReadyAt');
    await until(
      `document.documentElement.dataset.offlineComplete === 'true'`,
      'data-offline-complete="true"',
    );
    const completeAt = Date.now();
    return {
      ms: readyAt - started,
      workerStartMs: workerStarted ? workerStarted - started : null,
      tally: tallyUntil(readyAt),
      completeMs: completeAt - started,
      completeTally: tallyUntil(completeAt),
    };
  } finally {
    await browser.close();
  }
}

export async function benchOfflineReady(): Promise<void> {
  ensureClientBuild();
  const server = await startOwnServer({ HTTPS: 'local', TLS_HOSTNAMES: HOST });
  try {
    const ca = new X509Certificate(fs.readFileSync(path.join(server.dataDir, 'tls', 'ca.pem')));
    const origin = `https://${HOST}:${server.port}`;
    for (const emulate of [false, true]) {
      const { ms, workerStartMs, tally, completeMs, completeTally } = await firstVisit(
        origin,
        spkiSha256(ca),
        server.adminPassword,
        emulate,
      );
      const bytes = tally.pageBytes + tally.workerBytes;
      console.info(
        JSON.stringify({
          case: `first visit to offline-ready over HTTPS, ${emulate ? 'emulated site link (400 ms RTT, 1.6 Mbit/s down, 750 kbit/s up)' : 'loopback'}`,
          bytesOnWire: bytes,
          pageBytes: tally.pageBytes,
          serviceWorkerBytes: tally.workerBytes,
          pageRequests: tally.pageRequests,
          serviceWorkerRequests: tally.workerRequests,
          failedRequests: tally.failed,
          msToServiceWorkerFirstRequest: workerStartMs,
          msToOfflineReady: ms,
          bytesOnWireToComplete: completeTally.pageBytes + completeTally.workerBytes,
          msToComplete: completeMs,
          bytesGoal: OFFLINE_READY_BYTES_GOAL,
          bytesGoalMet: bytes <= OFFLINE_READY_BYTES_GOAL,
          ...(emulate && {
            msGoal: OFFLINE_READY_EMULATED_MS_GOAL,
            msGoalMet: ms <= OFFLINE_READY_EMULATED_MS_GOAL,
          }),
        }),
      );
    }
  } finally {
    await server.dispose();
  }
}

runWhenMain(import.meta.url, benchOfflineReady);

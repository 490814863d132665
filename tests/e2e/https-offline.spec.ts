import { X509Certificate, createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { chromium, expect, test, type Browser } from '@playwright/test';
import { en, LANGUAGE_KEY } from './support/app';
import { CHROMIUM_LAUNCH } from './support/chromium';
import { freePort, startOwnServer, type OwnServer } from './support/own-server';

/**
 * A tablet on the site network with HTTPS=local: it opens the server by name, trusts the server's own
 * authority, stores the app, and opens it again with the server gone. Its own server (it is stopped
 * at the end); Chromium trusts the authority by its key, as an installed authority would be trusted.
 */
const HOST = 'yard.fleet.test';

let server: OwnServer;
let browser: Browser;
let httpPort: number;

test.beforeAll(async () => {
  httpPort = await freePort();
  server = await startOwnServer({ HTTPS: 'local', TLS_HOSTNAMES: HOST, HTTP_PORT: String(httpPort) });
  const ca = new X509Certificate(fs.readFileSync(path.join(server.dataDir, 'tls', 'ca.pem')));
  const spki = createHash('sha256')
    .update(ca.publicKey.export({ type: 'spki', format: 'der' }))
    .digest('base64');
  browser = await chromium.launch({
    ...CHROMIUM_LAUNCH,
    args: [
      ...CHROMIUM_LAUNCH.args,
      `--host-resolver-rules=MAP ${HOST} 127.0.0.1`,
      `--ignore-certificate-errors-spki-list=${spki}`,
    ],
  });
});

test.afterAll(async () => {
  await browser?.close();
  await server?.dispose();
});

test('over HTTPS the app is stored, says so, and opens with the server stopped', async () => {
  const origin = `https://${HOST}:${server.port}`;
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  try {
    const page = await context.newPage();
    const workers: string[] = [];
    page.on('worker', (worker) => workers.push(new URL(worker.url()).pathname));
    await page.addInitScript((key) => localStorage.setItem(key, 'en'), LANGUAGE_KEY);

    // The setup page on the plain HTTP port shows the fingerprint printed at start.
    await page.goto(`http://${HOST}:${httpPort}/setup?lang=en`);
    const fingerprint = (await page.getByTestId('fingerprint').textContent())!.trim();
    expect(server.output()).toContain(`Local certificate authority SHA-256 fingerprint: ${fingerprint}`);
    await expect(page.getByTestId('https-url')).toHaveAttribute('href', `${origin}/`);
    // Anything else on that port goes to HTTPS.
    await page.goto(`http://${HOST}:${httpPort}/login`);
    await expect(page).toHaveURL(`${origin}/login`);

    expect(await page.evaluate(() => window.isSecureContext)).toBe(true);
    await expect(page.getByTestId('insecure-context-banner')).toHaveCount(0);
    await page.locator('input[name="username"]').fill('admin');
    await page.locator('input[name="password"]').fill(server.adminPassword);
    await page.getByRole('button', { name: en('auth.signIn') }).click();
    await expect(page.getByRole('navigation', { name: en('shell.nav.label') }).first()).toBeVisible();

    await expect(page.locator('html')).toHaveAttribute('data-offline-ready', 'true', { timeout: 60_000 });
    await expect(page.getByTestId('offline-readiness')).toContainText(en('pwa.offline.ready'));
    // The page's share of the first install ran in a worker of its own, off the main thread.
    expect(workers.some((path) => /^\/assets\/precache-worker-[\w-]+\.js$/.test(path))).toBe(true);
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
    // The desk screens are stored after readiness, in the background, into the same precache.
    await expect(page.locator('html')).toHaveAttribute('data-offline-complete', 'true', { timeout: 60_000 });
    const stored = await page.evaluate(async () => {
      const urls: string[] = [];
      for (const name of await caches.keys()) {
        if (!name.includes('precache')) continue;
        for (const request of await (await caches.open(name)).keys())
          urls.push(new URL(request.url).pathname);
      }
      return urls;
    });
    for (const desk of ['users', 'settings', 'analytics'])
      expect(
        stored.some((path) => new RegExp(`^/assets/${desk}-[\\w-]{8}\\.js$`).test(path)),
        desk,
      ).toBe(true);

    await server.stop();
    expect(
      await page.evaluate(() =>
        fetch('/api/health').then(
          () => 'up',
          () => 'down',
        ),
      ),
    ).toBe('down');

    await page.reload();
    await expect(page.getByRole('navigation', { name: en('shell.nav.label') }).first()).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('data-offline-ready', 'true');
    await page.goto(`${origin}/reports`);
    await expect(page.getByRole('heading', { name: en('nav.reports') })).toBeVisible();
    await expect(page.getByText(en('errors.render.title'))).toHaveCount(0);
    // An administration screen, stored after readiness, opens offline too.
    await page.goto(`${origin}/users`);
    await expect(page.getByRole('heading', { name: en('nav.users'), level: 1 })).toBeVisible();
    await expect(page.getByText(en('errors.render.title'))).toHaveCount(0);
  } finally {
    await context.close();
  }
});

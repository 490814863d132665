import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { defineConfig, devices } from '@playwright/test';
import { CHROMIUM_LAUNCH } from './tests/e2e/support/chromium';

/**
 * e2e against the real server (`npm start` equivalent) on a free port and a fresh temporary DATA_DIR.
 * The config is evaluated by the runner and again by each worker: the port and the directory are chosen
 * once and handed down through the environment, so every process agrees on them.
 */
function freePort(): string {
  return execFileSync(process.execPath, [
    '-e',
    "const s=require('node:net').createServer();s.listen(0,'127.0.0.1',()=>{process.stdout.write(String(s.address().port));s.close()})",
  ])
    .toString()
    .trim();
}

process.env.E2E_PORT ??= freePort();
process.env.E2E_DATA_DIR ??= fs.mkdtempSync(path.join(os.tmpdir(), 'fleetpilot-e2e-'));
process.env.E2E_ADMIN_PASSWORD ??= 'e2e-Admin-Passw0rd';

const port = process.env.E2E_PORT;
export const baseURL = `http://127.0.0.1:${port}`;

// CI builds before e2e; a local run builds only when nothing was built yet.
const build = fs.existsSync('dist/client/index.html') ? '' : 'npm run build && ';

export default defineConfig({
  testDir: 'tests/e2e',
  outputDir: 'test-results/e2e',
  fullyParallel: false,
  // One worker: tests share one server and some change its settings (feature flags).
  workers: 1,
  retries: 0,
  forbidOnly: true,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [['list']],
  use: {
    baseURL,
    headless: true,
    locale: 'en-GB',
    timezoneId: 'Europe/Berlin',
    actionTimeout: 15_000,
    navigationTimeout: 20_000,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: CHROMIUM_LAUNCH,
  },
  projects: [
    { name: 'setup', testMatch: /global\.setup\.ts/ },
    {
      name: 'chromium',
      dependencies: ['setup'],
      testIgnore: /global\.setup\.ts/,
      use: { ...devices['Desktop Chrome'], channel: undefined, viewport: { width: 1440, height: 900 } },
    },
  ],
  webServer: {
    // Starts the server like `npm start` and removes the temporary DATA_DIR once it has stopped.
    command: `${build}node tests/e2e/support/serve.mjs`,
    url: `${baseURL}/api/health`,
    timeout: 240_000,
    reuseExistingServer: false,
    stdout: 'ignore',
    stderr: 'pipe',
    gracefulShutdown: { signal: 'SIGTERM', timeout: 5_000 },
    env: {
      PORT: port,
      HOST: '127.0.0.1',
      DATA_DIR: process.env.E2E_DATA_DIR,
      // Always the embedded database on the fresh directory, even where the shell exports DATABASE_URL.
      DATABASE_URL: '',
      ADMIN_USERNAME: 'admin',
      ADMIN_PASSWORD: process.env.E2E_ADMIN_PASSWORD,
      LOG_LEVEL: 'warn',
      // Many sign-ins from one address in a few minutes are the test, not an attack.
      LOGIN_MAX_ATTEMPTS: '1000',
      PATH: process.env.PATH ?? '',
      HOME: process.env.HOME ?? os.homedir(),
    },
  },
});

// The e2e web server: runs FleetPilot's server like `npm start` does, on the build that exists
// (playwright.config.ts builds only when there is none; CI builds before e2e), forwards the stop
// signal, waits for the graceful shutdown and then removes the run's temporary DATA_DIR (deleting
// it earlier would pull the database out from under the running server).
import { spawn } from 'node:child_process';
import fs from 'node:fs';

const server = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
  stdio: 'inherit',
  env: process.env,
});

for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));

server.on('exit', (code, signal) => {
  const dir = process.env.DATA_DIR;
  if (dir && dir.includes('fleetpilot-e2e-')) fs.rmSync(dir, { recursive: true, force: true });
  process.exit(code ?? (signal ? 1 : 0));
});

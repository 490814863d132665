// `npm start`: build the PWA when it is missing or older than its sources, then run the server in this
// very process, so SIGINT/SIGTERM reach src/server/main.ts directly and shut it down gracefully.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const builtIndex = path.join(root, 'dist/client/index.html');
/** Everything the client bundle is made from (the client imports src/domain too). */
const clientSources = ['src/client', 'src/domain', 'sw', 'public', 'index.html', 'vite.config.ts'];

/** Newest modification time under a file or directory, 0 when it does not exist. */
function newestMtime(target) {
  let stat;
  try {
    stat = fs.statSync(target);
  } catch {
    return 0;
  }
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of fs.readdirSync(target)) {
    newest = Math.max(newest, newestMtime(path.join(target, entry)));
  }
  return newest;
}

function buildReason() {
  if (!fs.existsSync(builtIndex)) return 'no build found';
  const builtAt = fs.statSync(builtIndex).mtimeMs;
  const changed = clientSources.find((source) => newestMtime(path.join(root, source)) > builtAt);
  return changed ? `${changed} changed since the last build` : null;
}

const reason = buildReason();
if (reason) {
  console.info(`Building the web app (${reason}) …`);
  const vite = path.join(root, 'node_modules/vite/bin/vite.js');
  const result = spawnSync(process.execPath, [vite, 'build'], { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) {
    console.error('The web app could not be built (see above); FleetPilot was not started.');
    process.exit(result.status ?? 1);
  }
}

const { register } = await import('tsx/esm/api');
register({ tsconfig: path.join(root, 'tsconfig.json') });
await import(pathToFileURL(path.join(root, 'src/server/main.ts')).href);

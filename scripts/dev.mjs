// `npm run dev`: the API server restarted on change (tsx watch) and Vite's dev server with hot reload,
// which proxies /api, /uploads and /socket.io to the API server (vite.config.ts). Ctrl+C stops both.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const bin = (file) => path.join(root, 'node_modules', file);

const children = [
  {
    name: 'server',
    args: [bin('tsx/dist/cli.mjs'), 'watch', '--clear-screen=false', 'src/server/main.ts'],
  },
  { name: 'vite', args: [bin('vite/bin/vite.js')] },
].map(({ name, args }) => {
  const child = spawn(process.execPath, args, { cwd: root, stdio: 'inherit', env: process.env });
  return { name, child, exited: false };
});

let stopping = false;
let exitCode = 0;

function stopAll(signal) {
  if (stopping) return;
  stopping = true;
  for (const { child, exited } of children) if (!exited) child.kill(signal);
  // Whatever does not stop in time is killed, so the terminal is never left with a stray process.
  setTimeout(() => {
    for (const { child, exited } of children) if (!exited) child.kill('SIGKILL');
  }, 10_000).unref();
}

for (const entry of children) {
  entry.child.on('exit', (code, signal) => {
    entry.exited = true;
    if (!stopping) {
      console.error(`${entry.name} stopped (${signal ?? `exit code ${code}`}); stopping the others.`);
      exitCode = code || 1;
      stopAll('SIGTERM');
    }
    if (children.every((c) => c.exited)) process.exit(exitCode);
  });
}

// Ctrl+C reaches every process of the terminal's group; forwarding it as well covers `kill <pid>`.
process.on('SIGINT', () => stopAll('SIGINT'));
process.on('SIGTERM', () => stopAll('SIGTERM'));

import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '../..');

/**
 * A module hook that names every package the process resolves, one per line on stderr. It runs in
 * the loader's own thread, so it reports rather than collects.
 */
const NAME_PACKAGES = `export async function resolve(specifier, context, next) {
  const result = await next(specifier, context);
  const [, inside] = result.url.split('/node_modules/').slice(-2);
  if (inside) {
    const parts = inside.split('/');
    process.stderr.write('package ' + (parts[0].startsWith('@') ? parts[0] + '/' + parts[1] : parts[0]) + '\\n');
  }
  return result;
}`;

const REGISTER = `import { register } from 'node:module';
register('data:text/javascript,' + encodeURIComponent(${JSON.stringify(NAME_PACKAGES)}));`;

/** The packages importing the app module resolves, as a fresh `npm start` would. */
async function packagesOfAppImport(): Promise<Set<string>> {
  const { stderr } = await promisify(execFile)(
    process.execPath,
    [
      '--import',
      'tsx',
      '--import',
      `data:text/javascript,${encodeURIComponent(REGISTER)}`,
      '--input-type=module',
      '--eval',
      `await import(${JSON.stringify(path.join(root, 'src/server/app.ts'))});`,
    ],
    { cwd: root, env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '' }, timeout: 60_000 },
  );
  return new Set(
    stderr
      .split('\n')
      .filter((line) => line.startsWith('package '))
      .map((line) => line.slice('package '.length)),
  );
}

describe('what a start loads', () => {
  it('leaves the optional adapters’ libraries until they are used', async () => {
    const packages = await packagesOfAppImport();
    // The hook saw the app's own libraries, so an empty answer cannot pass.
    expect(packages).toContain('fastify');
    expect(packages).toContain('drizzle-orm');
    for (const optional of ['@aws-sdk/client-s3', 'jspdf', 'jspdf-autotable', 'nodemailer', 'web-push'])
      expect(packages, optional).not.toContain(optional);
  }, 90_000);
});

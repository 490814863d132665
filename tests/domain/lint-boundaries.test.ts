import { readFileSync } from 'node:fs';
import path from 'node:path';
import { ESLint } from 'eslint';
import { beforeAll, describe, expect, it } from 'vitest';

/*
 * The import boundaries and the cycle rule live in eslint.config.js. These tests lint small fixtures
 * with that very config, so dropping a zone, the resolver settings that make no-cycle read TypeScript,
 * or the rules themselves turns a test red instead of silently letting imports through.
 */

const root = path.resolve(import.meta.dirname, '../..');
const fixture = (name: string) => path.join(root, 'tests/fixtures/lint', name);
let eslint: ESLint;

beforeAll(() => {
  // The fixtures are ignored by `npm run lint` (they are meant to fail); here the ignores are lifted.
  eslint = new ESLint({ cwd: root, ignore: false });
});

async function ruleIds(source: string, pretendPath: string): Promise<string[]> {
  const [result] = await eslint.lintText(readFileSync(fixture(source), 'utf8'), {
    filePath: path.join(root, pretendPath),
  });
  return (result?.messages ?? []).map((message) => message.ruleId ?? message.message);
}

describe('import boundaries', { timeout: 120_000 }, () => {
  it("rejects a relative import of another feature's internals", async () => {
    const ids = await ruleIds('cross-feature.ts', 'src/client/features/reports/components/lint-fixture.ts');
    expect(ids).toContain('import-x/no-restricted-paths');
  });

  it("allows imports inside a feature and of another feature's public face", async () => {
    const ids = await ruleIds('same-feature.ts', 'src/client/features/reports/components/lint-fixture.ts');
    expect(ids).not.toContain('import-x/no-restricted-paths');
    expect(ids).not.toContain('no-restricted-imports');
  });

  it('rejects client code in domain even when the path is relative', async () => {
    const ids = await ruleIds('domain-imports-client.ts', 'src/domain/lint-fixture.ts');
    expect(ids).toContain('import-x/no-restricted-paths');
  });

  it('keeps the offline engine off the shell', async () => {
    const ids = await ruleIds('offline-imports-shell.ts', 'src/client/offline/lint-fixture.ts');
    expect(ids).toContain('import-x/no-restricted-paths');
  });

  it('rejects an import cycle between TypeScript modules', async () => {
    const [result] = await eslint.lintFiles([fixture('cycle-a.ts')]);
    expect((result?.messages ?? []).map((message) => message.ruleId)).toContain('import-x/no-cycle');
  });
});

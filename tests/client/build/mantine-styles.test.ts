import type { ResolvedConfig } from 'vite';
import { describe, expect, it } from 'vitest';
import { mantineStylesPerComponent } from '../../../scripts/mantine-styles';

/** The plugin's transform as Vite calls it, after telling it whether this is the dev server or a build. */
function transformFor(command: 'serve' | 'build') {
  const plugin = mantineStylesPerComponent();
  (plugin.configResolved as (config: ResolvedConfig) => void)({ command } as ResolvedConfig);
  const transform = plugin.transform as (code: string, id: string) => { code: string } | null;
  return (id: string) => transform('export {};', id)?.code ?? null;
}

const BUTTON = '/app/node_modules/@mantine/core/esm/components/Button/Button.module.mjs';
const INLINE_INPUT = '/app/node_modules/@mantine/core/esm/utils/InlineInput/InlineInput.module.mjs';
const MAIN = '/app/src/client/main.tsx';

describe("Mantine's styles per component", () => {
  it("in a build, makes each classes module import its component's layered stylesheet", () => {
    const transform = transformFor('build');
    expect(transform(BUTTON)).toBe("import '@mantine/core/styles/Button.layer.css';\nexport {};");
    expect(transform(INLINE_INPUT)).toMatch(/^import '@mantine\/core\/styles\/InlineInput\.layer\.css';/);
    expect(transform(MAIN)).toBeNull();
    expect(transform('/app/node_modules/@mantine/core/esm/components/Button/Button.mjs')).toBeNull();
  });

  it('on the dev server, where Mantine comes pre-bundled, gives main.tsx the whole layered stylesheet', () => {
    const transform = transformFor('serve');
    expect(transform(MAIN)).toBe("import '@mantine/core/styles.layer.css';\nexport {};");
    expect(transform(BUTTON)).toBeNull();
  });
});

import type { Plugin } from 'vite';

/**
 * Mantine's styles travel with the components that use them instead of as one 295 KB stylesheet on the
 * first paint: each component's classes module (`<Name>.module.mjs`) imports that component's
 * stylesheet, so the build puts it into the CSS of the file holding the component, and a lazily loaded
 * screen brings (and waits for) the styles of the components only it uses. The stylesheets are the
 * `@layer mantine` ones: the app's own rules win over Mantine's whatever order the files arrive in
 * (before, they won ties by coming after Mantine's whole stylesheet). main.tsx imports the layer's
 * base (reset, default variables, globals). The dev server hands Mantine to the browser pre-bundled,
 * so no classes module passes through here: there main.tsx gets the whole layered stylesheet.
 */
const MANTINE_CLASSES_MODULE = /\/@mantine\/core\/esm\/.+\/(\w+)\.module\.mjs$/;
export const mantineStylesPerComponent = (): Plugin => {
  let serving = false;
  const stylesheetFor = (id: string): string | null => {
    if (serving) return id.endsWith('/src/client/main.tsx') ? '@mantine/core/styles.layer.css' : null;
    const name = MANTINE_CLASSES_MODULE.exec(id)?.[1];
    return name ? `@mantine/core/styles/${name}.layer.css` : null;
  };
  return {
    name: 'fleetpilot:mantine-styles-per-component',
    enforce: 'pre',
    configResolved(config) {
      serving = config.command === 'serve';
    },
    transform(code, id) {
      const stylesheet = stylesheetFor(id);
      return stylesheet ? { code: `import '${stylesheet}';\n${code}`, map: null } : null;
    },
  };
};

import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import { tanstackRouter } from '@tanstack/router-plugin/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { VitePWA, type ManifestOptions } from 'vite-plugin-pwa';
import { BOOT_LOCALE_SECTIONS } from './src/client/i18n/boot-keys';
import { FALLBACK_LANGUAGE } from './src/domain/constants';
import {
  SESSION_PRELOAD_LIST_ID,
  SESSION_PRELOAD_SCRIPT,
  type PreloadLink,
  type PreloadLists,
} from './src/domain/session-preload';
import { mantineStylesPerComponent } from './scripts/mantine-styles';
import { orderManifest, planPrecache, type PrecachePlan } from './sw/precache-order';

/** Colours of the Mantine theme (src/client/shell): the splash screen and title bar match the app. */
const THEME_COLOR = '#115aa2';
const BACKGROUND_COLOR = '#ffffff';

/** The web app manifest: installable, standalone, German first. */
const manifest: Partial<ManifestOptions> = {
  id: '/',
  // DEFAULT_APP_NAME (src/domain/constants.ts); the config imports no app code.
  name: 'FleetPilot',
  short_name: 'FleetPilot',
  description: 'Excavator fleet, maintenance reports and daily operations log — works offline.',
  lang: 'de',
  dir: 'ltr',
  start_url: '/',
  scope: '/',
  display: 'standalone',
  orientation: 'any',
  theme_color: THEME_COLOR,
  background_color: BACKGROUND_COLOR,
  categories: ['business', 'productivity', 'utilities'],
  icons: [
    { src: '/pwa-192x192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
    { src: '/pwa-512x512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
    { src: '/maskable-512x512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
  ],
};

/**
 * Modules the sign-in page and the signed-in shell both show beyond the entry's own imports: Mantine's
 * base components, the icons' factory, the service worker's host and the sign-in page's switches.
 */
const SHARED_BY_LOGIN_AND_SHELL = new RegExp(
  [
    String.raw`node_modules/@mantine/core/esm/(core|components/(Box|Button|Text|Group|Stack|Center|Title|Alert|Paper|Loader|Transition|Input|InputBase|CloseButton|UnstyledButton|VisuallyHidden|Portal|ActionIcon|SegmentedControl|ThemeIcon|Skeleton|Anchor|FloatingIndicator))/`,
    String.raw`node_modules/@mantine/hooks/`,
    String.raw`node_modules/@tabler/icons-react/dist/esm/(createReactComponent|defaultAttributes|icons/IconBackhoe)`,
    String.raw`node_modules/clsx/`,
    String.raw`src/client/shell/pwa/(service-worker-host|service-worker-registration|update-prompt|insecure-context-banner|offline-readiness)\.tsx?$`,
    String.raw`src/client/lib/(worker-messages|session/settings-cache)\.ts$`,
    String.raw`src/client/shell/(session/redirect|theme/theme-switch|language-switch)\.tsx?$`,
  ].join('|'),
);

const serverPort = Number(process.env.PORT ?? 3000);
const outDir = 'dist/client';

/** The precache order, worked out from the client bundle's chunk graph (see sw/precache-order.ts). */
let precachePlan: PrecachePlan | null = null;
const precacheOrder: Plugin = {
  name: 'fleetpilot:precache-order',
  apply: 'build',
  generateBundle(_options, bundle) {
    precachePlan = planPrecache(
      Object.values(bundle).flatMap((output) =>
        output.type === 'chunk'
          ? [
              {
                fileName: output.fileName,
                isEntry: output.isEntry,
                facadeModuleId: output.facadeModuleId,
                imports: output.imports,
                dynamicImports: output.dynamicImports,
                css: [...(output.viteMetadata?.importedCss ?? [])],
              },
            ]
          : [],
      ),
    );
  },
};

/**
 * `locales/<lang>.json?boot`: the locale's sections the sign-in page needs (src/client/i18n/boot-keys.ts),
 * so its first load does without the whole locale.
 */
const bootLocales: Plugin = {
  name: 'fleetpilot:boot-locales',
  enforce: 'pre',
  load(id) {
    const [file, query] = id.split('?');
    if (query !== 'boot' || !file?.endsWith('.json')) return null;
    const whole = JSON.parse(fs.readFileSync(file, 'utf8')) as Record<string, unknown>;
    const boot = Object.fromEntries(
      BOOT_LOCALE_SECTIONS.filter((key) => key in whole).map((key) => [key, whole[key]]),
    );
    return `export default JSON.parse(${JSON.stringify(JSON.stringify(boot))});`;
  },
};

/**
 * The files the first screen imports once the entry has run are fetched as soon as the page starts,
 * beside the entry, instead of after it has downloaded and run: on a slow link that was a whole
 * download and a round trip more before the first paint. The page's inline script
 * (`src/domain/session-preload.ts`, allowed by its hash in the server's content security policy) adds
 * `modulepreload` links for them and `preload` links for their styles; main.tsx's imports then find
 * them loading. This plugin writes the two lists into the page beside it: with a stored session the
 * file holding app-root.tsx and what it imports beyond the entry's files, and the fallback language's
 * whole locale; without one the sign-in page's files and the fallback language's sign-in sections.
 * i18next loads the fallback language beside the one in use, so its locale is never fetched for
 * nothing.
 */
const sessionPreload: Plugin = {
  name: 'fleetpilot:session-preload',
  apply: 'build',
  transformIndexHtml: {
    // After Vite's own transform, which is when the whole bundle is known.
    order: 'post',
    handler(html, { bundle }) {
      if (!bundle) return;
      const chunks = new Map(
        Object.values(bundle).flatMap((output) =>
          output.type === 'chunk' ? [[output.fileName, output]] : [],
        ),
      );
      const closure = (start: string[]) => {
        const seen = new Set<string>();
        const visit = (file: string) => {
          if (seen.has(file) || !chunks.has(file)) return;
          seen.add(file);
          chunks.get(file)!.imports.forEach(visit);
        };
        start.forEach(visit);
        return seen;
      };
      /** The file of the chunk holding the module whose id ends with `suffix`. */
      const chunkHolding = (suffix: string) => {
        const chunk = [...chunks.values()].find((candidate) =>
          candidate.moduleIds.some((id) => id.endsWith(suffix)),
        );
        if (!chunk) throw new Error(`session preload: no chunk holds ${suffix}`);
        return chunk.fileName;
      };
      const entries = [...chunks.values()].filter((chunk) => chunk.isEntry).map((chunk) => chunk.fileName);
      const loaded = closure(entries);
      /** The files of `start` and what they import, beyond the entry's, and the styles they bring. */
      const linksFor = (start: string[]): PreloadLink[] => {
        const scripts = [...closure(start)].filter((file) => !loaded.has(file));
        const styles = scripts.flatMap((file) => [...(chunks.get(file)!.viteMetadata?.importedCss ?? [])]);
        return [
          ...scripts.map((file): PreloadLink => ['modulepreload', `/${file}`]),
          ...styles.map((file): PreloadLink => ['preload', `/${file}`]),
        ];
      };
      const locale = `/src/client/i18n/locales/${FALLBACK_LANGUAGE}.json`;
      const lists: PreloadLists = {
        session: linksFor([chunkHolding('/src/client/app-root.tsx'), chunkHolding(locale)]),
        signIn: linksFor([
          chunkHolding('/src/client/features/auth/standalone-login.tsx'),
          chunkHolding(`${locale}?boot`),
        ]),
      };
      // Inside <script>, "<" is escaped so no file name could ever close the element.
      const list = JSON.stringify(lists).replace(/</g, '\\u003c');
      const preload =
        `<script type="application/json" id="${SESSION_PRELOAD_LIST_ID}">${list}</script>\n` +
        `    <script>${SESSION_PRELOAD_SCRIPT}</script>\n    `;
      // Ahead of the page's first stylesheet and script: an inline script after a stylesheet waits
      // until that stylesheet has downloaded, and on a slow link the files then started a whole
      // stylesheet's download late.
      const first = html.search(/<link rel="stylesheet"|<script type="module"/);
      if (first < 0) throw new Error('session preload: the page has no stylesheet or module script');
      return html.slice(0, first) + preload + html.slice(first);
    },
  },
};

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);
/**
 * Brotli (quality 11) and gzip copies next to every compressible file of the build, served as they
 * are (@fastify/static's preCompressed): the strongest compression costs nothing per request, and a
 * tablet on a slow link downloads a fifth less than with on-the-fly compression. Runs after the
 * service worker is written.
 */
const precompress: Plugin = {
  name: 'fleetpilot:precompress',
  apply: 'build',
  closeBundle: {
    order: 'post',
    sequential: true,
    async handler() {
      const files = fs
        .readdirSync(outDir, { recursive: true, encoding: 'utf8' })
        .filter((file) => /\.(js|css|html|svg|json|webmanifest|ttf|txt)$/.test(file));
      await Promise.all(
        files.map(async (file) => {
          const full = path.join(outDir, file);
          const content = fs.readFileSync(full);
          if (content.length < 1024) return;
          const [br, gz] = await Promise.all([
            brotli(content, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } }),
            gzip(content, { level: 9 }),
          ]);
          fs.writeFileSync(`${full}.br`, br);
          fs.writeFileSync(`${full}.gz`, gz);
        }),
      );
    },
  },
};

export default defineConfig({
  root: '.',
  resolve: { alias: { '@': path.resolve(import.meta.dirname, 'src') } },
  plugins: [
    tanstackRouter({
      target: 'react',
      autoCodeSplitting: true,
      // The signed-in layout and the dashboard (the first screen after a start with a session) stay in
      // the router's file: split, their files were asked for only once that file had run, one more
      // round trip before the first signed-in paint on a slow link.
      codeSplittingOptions: {
        splitBehavior: ({ routeId }) => (routeId === '/_app' || routeId === '/_app/' ? [] : undefined),
      },
      routesDirectory: './src/client/routes',
      generatedRouteTree: './src/client/routeTree.gen.ts',
    }),
    react(),
    mantineStylesPerComponent(),
    bootLocales,
    VitePWA({
      strategies: 'injectManifest',
      srcDir: 'sw',
      filename: 'service-worker.ts',
      scope: '/',
      // Registered by src/client/shell/pwa with workbox-window: the update prompt decides when to reload.
      injectRegister: false,
      registerType: 'prompt',
      manifest,
      // public/ icons are matched by globPatterns below; listing them again would duplicate entries.
      includeManifestIcons: false,
      injectManifest: {
        rollupFormat: 'iife',
        // Every route chunk is precached so each screen opens offline after one visit; fonts included
        // for PDFs made on the device.
        globPatterns: ['**/*.{js,css,html,svg,png,woff2,ttf}'],
        maximumFileSizeToCacheInBytes: 8 * 1024 * 1024,
        // Shell and field first, desk screens last, never-called library parts not at all.
        manifestTransforms: [
          (entries) => ({
            manifest: precachePlan ? orderManifest(entries, precachePlan) : entries,
            warnings: precachePlan ? [] : ['precache order unknown: the bundle was not seen'],
          }),
        ],
      },
      devOptions: { enabled: false },
    }),
    precacheOrder,
    sessionPreload,
    precompress,
  ],
  build: {
    outDir,
    emptyOutDir: true,
    sourcemap: false,
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            // Everything the entry imports statically (React, the router, i18next, Mantine's base, the
            // shell's stores) in one file: on a slow link each extra file of the first load costs a round
            // trip, and files compressed one by one share no dictionary.
            { name: 'boot', tags: ['$initial'], priority: 20 },
            // With it, what both the sign-in page and the signed-in shell show (Mantine's base, the
            // service worker's host): left alone it would be split into a dozen files that both load.
            { name: 'index', test: SHARED_BY_LOGIN_AND_SHELL, priority: 20 },
            // The router, the route tree and the routes' own (not split) parts with what they need: the
            // routed app, loaded at start with a session and after the sign-in without one
            // (src/client/main.tsx). One file for the same reasons.
            {
              name: 'router',
              test: /node_modules\/@tanstack\/(react-router|router-core|history|store|react-store)\/|src\/client\/(app-root\.tsx|router\.tsx|routeTree\.gen\.ts|routes\/[^?]*|shell\/app-layout\.tsx)$/,
              priority: 15,
            },
          ],
        },
      },
    },
  },
  server: {
    port: 5173,
    proxy: {
      '/api': `http://127.0.0.1:${serverPort}`,
      '/uploads': `http://127.0.0.1:${serverPort}`,
      '/socket.io': { target: `ws://127.0.0.1:${serverPort}`, ws: true },
    },
  },
});

import path from 'node:path';
import { tanstackRouter } from '@tanstack/router-plugin/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { VitePWA, type ManifestOptions } from 'vite-plugin-pwa';

/** Colours of the Mantine theme (src/client/shell): the splash screen and title bar match the app. */
const THEME_COLOR = '#115aa2';
const BACKGROUND_COLOR = '#ffffff';

/** The web app manifest (spec §2, ARCHITECTURE §6): installable, standalone, German first. */
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

const serverPort = Number(process.env.PORT ?? 3000);

export default defineConfig({
  root: '.',
  resolve: { alias: { '@': path.resolve(import.meta.dirname, 'src') } },
  plugins: [
    tanstackRouter({
      target: 'react',
      autoCodeSplitting: true,
      routesDirectory: './src/client/routes',
      generatedRouteTree: './src/client/routeTree.gen.ts',
    }),
    react(),
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
      },
      devOptions: { enabled: false },
    }),
  ],
  build: { outDir: 'dist/client', emptyOutDir: true, sourcemap: false },
  server: {
    port: 5173,
    proxy: {
      '/api': `http://127.0.0.1:${serverPort}`,
      '/uploads': `http://127.0.0.1:${serverPort}`,
      '/socket.io': { target: `ws://127.0.0.1:${serverPort}`, ws: true },
    },
  },
});

import fs from 'node:fs';
import path from 'node:path';
import js from '@eslint/js';
import { createNodeResolver, importX } from 'eslint-plugin-import-x';
import globals from 'globals';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

// Import boundaries (docs/architecture.md, Layers): client → domain, server → domain, sw → domain + client/offline.
// domain imports no other folder of ours; a feature never imports another feature.
const restrict = (patterns) => ({
  'no-restricted-imports': ['error', { patterns }],
});

// The same boundaries again, by the file an import resolves to rather than by how its string is spelled:
// `../../inventory/use-inventory` written inside another feature slips past the patterns above but not
// past these zones. Both stay: the patterns answer in the editor without resolving anything.
const root = import.meta.dirname;
const features = fs
  .readdirSync(path.join(root, 'src/client/features'), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);
// A feature's public.ts is the face it shows others (follow-ups lists embedded in other screens); a
// public-<name>.ts holds one piece another feature loads on its own with import(), so that loading it
// does not bring the rest of public.ts along.
const publicFaces = features.flatMap((feature) =>
  fs
    .readdirSync(path.join(root, 'src/client/features', feature))
    .filter((name) => /^public(-[a-z-]+)?\.ts$/.test(name))
    .map((name) => `./${feature}/${name}`),
);
const zones = [
  ...features.map((feature) => ({
    target: `./src/client/features/${feature}`,
    from: './src/client/features',
    except: [`./${feature}`, ...publicFaces],
    message:
      "A feature never imports another feature's internals (only its public.ts or a public-<name>.ts); share through domain, client/lib or client/ui.",
  })),
  {
    target: './src/domain',
    from: ['./src/client', './src/server', './sw'],
    message: 'domain is pure: it imports no other folder of ours.',
  },
  {
    target: './src/server',
    from: ['./src/client', './sw'],
    message: 'The server never imports client code.',
  },
  {
    target: ['./src/client', './sw'],
    from: './src/server',
    message: 'The client never imports server code.',
  },
  {
    target: './src/client/offline',
    from: ['./src/client/shell', './src/client/features', './src/client/routes', './src/client/ui'],
    message: 'The offline engine depends on client/lib and domain only, never on the shell, ui or a feature.',
  },
  {
    target: ['./src/client/lib', './src/client/ui'],
    from: ['./src/client/shell', './src/client/features', './src/client/routes'],
    message: 'client/lib and client/ui are shared by the shell and the features, so they import neither.',
  },
];

export default tseslint.config(
  {
    ignores: [
      'node_modules',
      'dist',
      'data',
      'coverage',
      'test-results',
      'playwright-report',
      'src/client/routeTree.gen.ts',
      'src/server/db/migrations',
      // Meant to fail: tests/domain/lint-boundaries.test.ts lints them with the ignores lifted.
      'tests/fixtures/lint',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['src/**/*.{ts,tsx}', 'sw/**/*.ts', 'tests/fixtures/lint/*.ts'],
    plugins: { 'import-x': importX },
    settings: {
      // Without these the plugin reads only .js files, so no-cycle would never look inside a .ts module.
      'import-x/extensions': ['.ts', '.tsx', '.js', '.mjs'],
      'import-x/external-module-folders': ['node_modules'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      'import-x/resolver-next': [
        createNodeResolver({
          extensions: ['.ts', '.tsx', '.js', '.mjs', '.json'],
          tsconfig: { configFile: path.join(root, 'tsconfig.json') },
        }),
      ],
    },
    rules: {
      'import-x/no-restricted-paths': ['error', { zones }],
      // A cycle makes module start-up order matter (a table or a constant read before its module ran).
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
    },
  },
  {
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      'no-console': ['error', { allow: ['warn', 'error', 'info'] }],
    },
  },
  {
    // Dates, numbers, hours and money are written for people only through src/domain/format, so one
    // value never reads two ways on two screens (or on a screen and its PDF).
    files: ['src/**/*.{ts,tsx}', 'sw/**/*.ts'],
    ignores: ['src/domain/format/**'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: "NewExpression[callee.object.name='Intl']",
          message: 'Format through createFormat/useFormat from @/domain/format instead of Intl.',
        },
        {
          selector: "CallExpression[callee.object.name='Intl']",
          message: 'Format through createFormat/useFormat from @/domain/format instead of Intl.',
        },
        {
          selector: 'CallExpression[callee.property.name=/^toLocale(Date|Time)?String$/]',
          message: 'Format through createFormat/useFormat from @/domain/format instead of toLocale*String.',
        },
      ],
    },
  },
  {
    files: ['src/client/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: { ...reactHooks.configs.recommended.rules },
  },
  {
    files: ['src/domain/**/*.ts'],
    rules: restrict([
      {
        group: ['@/client/*', '@/server/*', '**/client/*', '**/server/*'],
        message: 'domain is pure: it imports no other folder of ours.',
      },
      {
        group: ['react', 'react-dom', 'fastify', 'dexie', 'drizzle-orm', 'drizzle-orm/*'],
        message: 'domain is isomorphic and pure.',
      },
    ]),
  },
  {
    files: ['src/server/**/*.ts'],
    rules: restrict([
      { group: ['@/client/*', '**/client/*'], message: 'The server never imports client code.' },
    ]),
  },
  {
    files: ['src/client/**/*.{ts,tsx}'],
    rules: restrict([
      { group: ['@/server/*', '**/server/*'], message: 'The client never imports server code.' },
    ]),
  },
  {
    files: ['src/client/features/*/**/*.{ts,tsx}'],
    rules: restrict([
      { group: ['@/server/*', '**/server/*'], message: 'The client never imports server code.' },
      {
        regex: '(^@/client/|/)features/[^/]+/(?!public(-[a-z-]+)?$)',
        message:
          "A feature never imports another feature's internals, only its public.ts or a public-<name>.ts (use relative paths inside a feature; share through domain, client/lib or client/ui).",
      },
    ]),
  },
  {
    files: ['sw/**/*.ts'],
    rules: restrict([
      { group: ['@/server/*', '**/server/*'], message: 'sw imports only domain and client/offline.' },
      {
        group: ['@/client/*', '!@/client/offline', '!@/client/offline/*'],
        message: 'sw imports only domain and client/offline.',
      },
    ]),
  },
);

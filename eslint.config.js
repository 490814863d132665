import js from '@eslint/js';
import globals from 'globals';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

// Import boundaries (ARCHITECTURE §2): client → domain, server → domain, sw → domain + client/offline.
// domain imports no other folder of ours; a feature never imports another feature.
const restrict = (patterns) => ({
  'no-restricted-imports': ['error', { patterns }],
});

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
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
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
        group: ['@/client/features/**', '**/features/**'],
        message:
          'A feature never imports another feature (use relative paths inside a feature; share through domain, shell or offline).',
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

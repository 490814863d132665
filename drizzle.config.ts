import { defineConfig } from 'drizzle-kit';

export default defineConfig({
  dialect: 'postgresql',
  // The barrel plus every table file: a new table's file is found without editing the barrel.
  schema: ['./src/server/db/schema.ts', './src/server/db/schema/*.ts'],
  out: './src/server/db/migrations',
});

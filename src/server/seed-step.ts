import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { Config } from './config';
import type { Database } from './db/client';

// The contract between the demo seeder and each module's seed step, in a file of its own so a module's
// seed.ts does not import seed-demo.ts, which imports every module's seed.ts.

/** What a seed step gets: the real app (settings store, audit, storage) on the configured database. */
export interface SeedContext {
  app: FastifyInstance;
  db: Database;
  config: Config;
  log: FastifyBaseLogger;
}

/**
 * One module's demo data. A step must be idempotent: running `npm run seed:demo` twice leaves the same
 * data, and records a person changed since are left as they are. Modules add theirs to SEED_STEPS.
 */
export interface SeedStep {
  name: string;
  /** Returns a one-line summary for the console. */
  run(ctx: SeedContext): Promise<string>;
}

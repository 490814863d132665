import { pathToFileURL } from 'node:url';
import { inArray, sql } from 'drizzle-orm';
import { v7 as uuidv7 } from 'uuid';
import { DEFAULT_APP_NAME } from '@/domain/constants';
import { buildApp } from './app';
import { hashPassword } from './bootstrap';
import { ConfigError, loadConfig, type Config } from './config';
import { DatabaseLockedError, openDatabase } from './db/client';
import { users } from './db/schema';
import { demoExcavatorsStep } from './modules/excavators/seed';
import { demoReportsStep } from './modules/reports/seed';
import { demoLogbookStep } from './modules/logbook/seed';
import { demoInventoryStep } from './modules/inventory/seed';
import { demoDispoStep } from './modules/dispo/seed';
import type { SeedContext, SeedStep } from './seed-step';
import { loggerOptions } from './terminal-log';

export interface DemoUser {
  username: string;
  password: string;
  role: string;
  name: string;
  email: string;
  phone: string;
  department: string;
}

/** Demo accounts, one per role (README lists them). The passwords are public: demo data only. */
export const DEMO_USERS: readonly DemoUser[] = [
  {
    username: 'manager',
    password: 'Manager#2026',
    role: 'manager',
    name: 'Katrin Vogel',
    email: 'k.vogel@nordrecycling.example',
    phone: '+49 40 5550 1120',
    department: 'Betriebsleitung',
  },
  {
    username: 'operator',
    password: 'Operator#2026',
    role: 'operator',
    name: 'Jonas Becker',
    email: 'j.becker@nordrecycling.example',
    phone: '+49 40 5550 1342',
    department: 'Werkstatt & Maschinenpark',
  },
  {
    username: 'dispo',
    password: 'Dispo#2026',
    role: 'dispo',
    name: 'Sabine Krüger',
    email: 's.krueger@nordrecycling.example',
    phone: '+49 40 5550 1210',
    department: 'Disposition',
  },
  {
    username: 'viewer',
    password: 'Viewer#2026',
    role: 'viewer',
    name: 'Thomas Hartmann',
    email: 't.hartmann@nordrecycling.example',
    phone: '+49 40 5550 1090',
    department: 'Controlling',
  },
];

const SEED_ACTOR = 'seed:demo';

export const demoSettingsStep: SeedStep = {
  name: 'settings',
  async run({ app }) {
    const current = await app.settingsStore.get();
    const wanted = { name: DEFAULT_APP_NAME, defaultLanguage: 'de' as const };
    if (current.app.name === wanted.name && current.app.defaultLanguage === wanted.defaultLanguage) {
      return `app name ${wanted.name}, default language ${wanted.defaultLanguage} (unchanged)`;
    }
    await app.settingsStore.update({ app: wanted });
    await app.audit(null, {
      action: 'settings.update',
      entity: 'settings',
      username: SEED_ACTOR,
      changes: { app: wanted },
    });
    return `app name ${wanted.name}, default language ${wanted.defaultLanguage}`;
  },
};

export const demoUsersStep: SeedStep = {
  name: 'users',
  async run({ app, db }) {
    const names = DEMO_USERS.map((u) => u.username.toLowerCase());
    const existing = await db
      .select({ username: sql<string>`lower(${users.username})` })
      .from(users)
      .where(inArray(sql`lower(${users.username})`, names));
    const taken = new Set(existing.map((row) => row.username));
    const created: string[] = [];
    for (const demo of DEMO_USERS.filter((u) => !taken.has(u.username.toLowerCase()))) {
      const { password, ...fields } = demo;
      const id = uuidv7();
      const passwordHash = await hashPassword(password);
      await db.transaction(async (tx) => {
        const inserted = await tx
          .insert(users)
          .values({ id, ...fields, passwordHash })
          .onConflictDoNothing()
          .returning({ id: users.id });
        if (inserted.length === 0) return;
        await app.audit(
          null,
          {
            action: 'user.create',
            entity: 'user',
            entityId: id,
            username: SEED_ACTOR,
            changes: { ...fields },
          },
          tx,
        );
        created.push(demo.username);
      });
    }
    return created.length > 0 ? `created ${created.join(', ')}` : 'all demo accounts already present';
  },
};

/** In order: later modules append their steps (fleet before reports, reports before notifications …). */
export const SEED_STEPS: SeedStep[] = [
  demoSettingsStep,
  demoUsersStep,
  demoExcavatorsStep,
  demoReportsStep,
  demoLogbookStep,
  demoInventoryStep,
  demoDispoStep,
];

export async function runSeed(ctx: SeedContext, steps: readonly SeedStep[] = SEED_STEPS): Promise<string[]> {
  const summaries: string[] = [];
  for (const step of steps) {
    summaries.push(`${step.name}: ${await step.run(ctx)}`);
  }
  return summaries;
}

async function main() {
  let config: Config;
  try {
    config = loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(err.message);
      process.exit(1);
    }
    throw err;
  }
  let handle;
  try {
    handle = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  } catch (err) {
    if (err instanceof DatabaseLockedError) {
      console.error(`${err.message}\nStop FleetPilot before loading the demo data.`);
      process.exit(1);
    }
    throw err;
  }
  // The real app, so seeds write through the same settings store and audit log as the API; building it
  // also creates the administrator on an empty database, as the first start would.
  const app = await buildApp(config, { database: handle, logger: loggerOptions('warn') });
  try {
    await app.ready();
    for (const line of await runSeed({ app, db: handle.db, config, log: app.log })) console.info(line);
    console.info(
      `Demo data loaded. Demo accounts: ${DEMO_USERS.map((u) => `${u.username} / ${u.password}`).join(', ')}`,
    );
  } finally {
    await app.close();
    await handle.close();
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  main().catch((err: unknown) => {
    console.error(err);
    process.exit(1);
  });
}

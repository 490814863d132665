import { randomBytes } from 'node:crypto';
import { hash } from '@node-rs/argon2';
import { count } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { v7 as uuidv7 } from 'uuid';
import type { Config } from './config';
import type { Database } from './db/client';
import { users } from './db/schema';

/** Argon2id parameters (OWASP's second recommended set). */
export const ARGON2_OPTIONS = { memoryCost: 19456, timeCost: 2, parallelism: 1 } as const;

export function hashPassword(password: string): Promise<string> {
  return hash(password, ARGON2_OPTIONS);
}

/**
 * First start on an empty database: create the admin from ADMIN_USERNAME / ADMIN_PASSWORD, or with a
 * generated password printed once.
 */
export async function ensureAdmin(db: Database, config: Config, log: FastifyBaseLogger): Promise<void> {
  const [row] = await db.select({ n: count() }).from(users);
  if ((row?.n ?? 0) > 0) return;
  const generated = !config.adminPassword;
  const password = config.adminPassword ?? randomBytes(12).toString('base64url');
  await db
    .insert(users)
    .values({
      id: uuidv7(),
      username: config.adminUsername,
      name: 'Administrator',
      role: 'admin',
      passwordHash: await hashPassword(password),
    })
    .onConflictDoNothing();
  if (generated) {
    log.warn(
      `\n\n  First start: created the administrator account.\n    username: ${config.adminUsername}\n    password: ${password}\n  This password is shown only once. Change it after signing in.\n`,
    );
  } else {
    log.info(`First start: created the administrator account "${config.adminUsername}".`);
  }
}

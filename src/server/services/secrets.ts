import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Database } from '../db/client';
import { serverSecrets } from '../db/schema';

/**
 * A secret generated once and stored in the database, so every instance on the same database shares it
 * (not in DATA_DIR: the database is the one place all instances see).
 */
export async function getOrCreateSecret(
  db: Database,
  key: string,
  create: () => string = () => randomBytes(48).toString('base64url'),
): Promise<string> {
  const existing = await db.select().from(serverSecrets).where(eq(serverSecrets.key, key));
  if (existing[0]) return existing[0].value;
  await db.insert(serverSecrets).values({ key, value: create() }).onConflictDoNothing();
  const [row] = await db.select().from(serverSecrets).where(eq(serverSecrets.key, key));
  if (!row) throw new Error(`Secret ${key} could not be stored`);
  return row.value;
}

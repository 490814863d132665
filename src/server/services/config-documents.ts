import { eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { Executor } from '../db/client';
import { configDocuments } from '../db/schema';

/**
 * Reads a configuration document; a missing row, or one that no longer matches the schema, answers
 * the default so a bad stored value never breaks the forms that depend on it.
 */
export async function readConfigDocument<T>(
  executor: Executor,
  key: string,
  schema: z.ZodType<T>,
  fallback: T,
): Promise<T> {
  const [row] = await executor.select().from(configDocuments).where(eq(configDocuments.key, key));
  if (!row) return fallback;
  const parsed = schema.safeParse(row.data);
  return parsed.success ? parsed.data : fallback;
}

/** Replaces a configuration document; returns the previous value (for the audit's changed fields). */
export async function writeConfigDocument<T>(
  executor: Executor,
  key: string,
  data: T,
  userId: string | null,
): Promise<unknown> {
  const [previous] = await executor.select().from(configDocuments).where(eq(configDocuments.key, key));
  await executor
    .insert(configDocuments)
    .values({ key, data, updatedAt: new Date(), updatedBy: userId })
    .onConflictDoUpdate({
      target: configDocuments.key,
      set: { data, updatedAt: new Date(), updatedBy: userId },
    });
  return previous?.data ?? null;
}

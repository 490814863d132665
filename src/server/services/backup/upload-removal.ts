import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { UPLOAD_REMOVAL_LOCK_ID } from './postgres-snapshot';

/**
 * Runs each upload removal holding the removal lock shared: many removals at once, none while a
 * PostgreSQL backup links the uploads of its snapshot (it holds the lock exclusively for that moment).
 */
export function uploadRemovalGuard(db: Database) {
  return <T>(remove: () => Promise<T>): Promise<T> =>
    db.transaction(async (tx) => {
      await tx.execute(sql`select pg_advisory_xact_lock_shared(${UPLOAD_REMOVAL_LOCK_ID}::bigint)`);
      return remove();
    });
}

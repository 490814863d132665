import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { v7 as uuidv7 } from 'uuid';
import { forgetAccount } from '../auth/throttle';
import { isAdmin } from '@/domain/permissions';
import { normalizeRole } from '@/domain/roles';
import type { CreateUser, UpdateUser, User } from '@/domain/user';
import { hashPassword } from '../../bootstrap';
import type { Executor } from '../../db/client';
import { users } from '../../db/schema';
import { badRequest, conflict, notFound } from '../../http-error';
import { changedFields } from '../../plugins/audit';
import {
  EMAIL_TAKEN,
  otherActiveAdmins,
  takenFields,
  toUser,
  uniqueViolationField,
  USERNAME_TAKEN,
  type UserRow,
} from './data';

export const OWN_ADMIN_ROLE = 'You cannot remove your own administrator role.';
export const OWN_DEACTIVATION = 'You cannot deactivate your own account.';
export const LAST_ADMIN = 'At least one active administrator must remain.';
const TAKEN = 'The username or e-mail address is already in use.';

async function assertUnique(
  db: Executor,
  values: { username?: string | null; email?: string | null },
  exceptId?: string,
) {
  const fields = await takenFields(db, values, exceptId);
  if (Object.keys(fields).length) throw conflict(TAKEN, { fields });
}

/** A unique index caught what the pre-check missed (a concurrent write): same answer as the pre-check. */
function mapUniqueViolation(err: unknown): never {
  const field = uniqueViolationField(err);
  if (!field) throw err;
  throw conflict(TAKEN, { fields: { [field]: [field === 'username' ? USERNAME_TAKEN : EMAIL_TAKEN] } });
}

async function lockUser(tx: Executor, id: string): Promise<UserRow> {
  const [row] = await tx.select().from(users).where(eq(users.id, id)).for('update');
  if (!row) throw notFound('User not found');
  return row;
}

/**
 * An admin keeps their own role and account, and the last active admin stays one: otherwise nobody
 * could manage users or settings any more.
 */
async function assertAdminRemains(tx: Executor, actorId: string, before: UserRow, next: UserRow) {
  const losesAdmin = isAdmin(before) && before.active && (!isAdmin(next) || !next.active);
  if (!losesAdmin) return;
  if (before.id === actorId) throw badRequest(next.active ? OWN_ADMIN_ROLE : OWN_DEACTIVATION);
  if ((await otherActiveAdmins(tx, before.id)) === 0) throw conflict(LAST_ADMIN);
}

export async function createUser(app: FastifyInstance, request: FastifyRequest, input: CreateUser) {
  await assertUnique(app.db, input);
  const passwordHash = await hashPassword(input.password);
  try {
    return await app.db.transaction(async (tx) => {
      const [row] = await tx
        .insert(users)
        .values({
          id: uuidv7(),
          username: input.username,
          name: input.name,
          email: input.email,
          phone: input.phone,
          department: input.department,
          role: input.role,
          passwordHash,
        })
        .returning();
      const user = toUser(row!);
      await app.audit(
        request,
        { action: 'user.created', entity: 'user', entityId: user.id, changes: changedFields(null, user) },
        tx,
      );
      return user;
    });
  } catch (err) {
    mapUniqueViolation(err);
  }
}

export async function updateUser(
  app: FastifyInstance,
  request: FastifyRequest,
  id: string,
  input: UpdateUser,
  action = 'user.updated',
): Promise<User> {
  try {
    let revoked = false;
    const user = await app.db.transaction(async (tx) => {
      // A change of role or activity may demote an admin: lock the admins first, in the same (id) order
      // as every such change, then the user. Locking the user first let two admins demoting each other
      // deadlock (each held the other's row and waited for the admin rows).
      if (input.role !== undefined || input.active !== undefined) await otherActiveAdmins(tx, id);
      const before = await lockUser(tx, id);
      const patch = Object.fromEntries(
        Object.entries(input).filter(([, value]) => value !== undefined),
      ) as Partial<UserRow>;
      await assertAdminRemains(tx, request.user!.id, before, { ...before, ...patch });
      await assertUnique(tx, { username: patch.username, email: patch.email }, id);
      const deactivating = before.active && patch.active === false;
      revoked =
        deactivating ||
        (patch.role !== undefined && normalizeRole(patch.role) !== normalizeRole(before.role));
      const [row] = await tx
        .update(users)
        .set({
          ...patch,
          updatedAt: new Date(),
          // A reactivated account must not revive the tokens it had before deactivation.
          ...(deactivating && { tokenVersion: sql`${users.tokenVersion} + 1` }),
        })
        .where(eq(users.id, id))
        .returning();
      const after = toUser(row!);
      const changes = changedFields(toUser(before), after);
      if (Object.keys(changes).length) {
        await app.audit(request, { action, entity: 'user', entityId: id, changes }, tx);
      }
      return after;
    });
    if (revoked) app.events.emit('user:revoked', id);
    return user;
  } catch (err) {
    mapUniqueViolation(err);
  }
}

/** Admin reset: the user's sessions end, the hash never reaches the audit log. */
export async function resetPassword(
  app: FastifyInstance,
  request: FastifyRequest,
  id: string,
  password: string,
): Promise<User> {
  const passwordHash = await hashPassword(password);
  const user = await app.db.transaction(async (tx) => {
    await lockUser(tx, id);
    const [row] = await tx
      .update(users)
      .set({ passwordHash, tokenVersion: sql`${users.tokenVersion} + 1`, updatedAt: new Date() })
      .where(eq(users.id, id))
      .returning();
    await app.audit(
      request,
      { action: 'user.password_reset', entity: 'user', entityId: id, changes: { password: 'reset' } },
      tx,
    );
    // A reset is how an admin helps someone who was held back: their waits end with it.
    await forgetAccount(tx, id);
    return toUser(row!);
  });
  app.events.emit('user:revoked', id);
  return user;
}

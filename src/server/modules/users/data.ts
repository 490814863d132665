import { and, asc, count, eq, ilike, ne, or, sql, type SQL } from 'drizzle-orm';
import { normalizeRole } from '@/domain/roles';
import type { User, UserList, UserListQuery } from '@/domain/user';
import type { Executor } from '../../db/client';
import { users } from '../../db/schema';

export type UserRow = typeof users.$inferSelect;

export function toUser(row: UserRow): User {
  return {
    id: row.id,
    username: row.username,
    name: row.name,
    email: row.email,
    phone: row.phone,
    department: row.department,
    role: row.role,
    active: row.active,
    profileImage: row.profileImage,
    signature: row.signature,
    lastLogin: row.lastLogin ? row.lastLogin.toISOString() : null,
    createdAt: row.createdAt.toISOString(),
  };
}

export async function findUserById(db: Executor, id: string): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.id, id));
  return row;
}

/**
 * Sign-in accepts the username or the e-mail, both case-insensitive. Usernames and e-mails form one
 * namespace (takenFields keeps it so), so at most one account matches; should two ever do, the
 * username match wins, then the oldest account — never a random row.
 */
export async function findUserByLogin(db: Executor, login: string): Promise<UserRow | undefined> {
  const value = login.trim().toLowerCase();
  const [row] = await db
    .select()
    .from(users)
    .where(sql`lower(${users.username}) = ${value} or lower(${users.email}) = ${value}`)
    .orderBy(sql`(lower(${users.username}) = ${value}) desc`, asc(users.createdAt), asc(users.id))
    .limit(1);
  return row;
}

const escapeLike = (value: string) => value.replace(/[\\%_]/g, (c) => `\\${c}`);

/** GET /api/users: filters and one page, ordered by username. */
export async function listUsers(db: Executor, query: UserListQuery): Promise<UserList> {
  const filters: SQL[] = [];
  if (query.q) {
    const pattern = `%${escapeLike(query.q)}%`;
    filters.push(
      or(ilike(users.username, pattern), ilike(users.name, pattern), ilike(users.email, pattern))!,
    );
  }
  if (query.role) filters.push(sql`lower(trim(${users.role})) = ${normalizeRole(query.role)}`);
  if (query.active !== undefined) filters.push(eq(users.active, query.active));
  const where = filters.length ? and(...filters) : undefined;
  const [totalRow] = await db.select({ n: count() }).from(users).where(where);
  const rows = await db
    .select()
    .from(users)
    .where(where)
    .orderBy(asc(sql`lower(${users.username})`), asc(users.id))
    .limit(query.limit)
    .offset((query.page - 1) * query.limit);
  return { items: rows.map(toUser), total: totalRow?.n ?? 0, page: query.page, limit: query.limit };
}

export const USERNAME_TAKEN = 'This username is already taken';
export const EMAIL_TAKEN = 'This e-mail address is already in use';

/**
 * Usernames and e-mails form one case-insensitive namespace of sign-in names: neither may equal any
 * other account's username or e-mail. Returns the taken fields as form details
 * (`{ username: [...], email: [...] }`), empty when both are free.
 */
export async function takenFields(
  db: Executor,
  values: { username?: string | null; email?: string | null },
  exceptId?: string,
): Promise<Record<string, string[]>> {
  const fields: Record<string, string[]> = {};
  const checks: Array<[field: 'username' | 'email', value: string | null | undefined]> = [
    ['username', values.username],
    ['email', values.email],
  ];
  for (const [field, value] of checks) {
    if (!value) continue;
    const name = value.toLowerCase();
    const [row] = await db
      .select({ id: users.id })
      .from(users)
      .where(
        and(
          sql`(lower(${users.username}) = ${name} or lower(${users.email}) = ${name})`,
          exceptId ? ne(users.id, exceptId) : undefined,
        ),
      )
      .limit(1);
    if (row) fields[field] = [field === 'username' ? USERNAME_TAKEN : EMAIL_TAKEN];
  }
  return fields;
}

/**
 * The field behind a unique-index violation (a concurrent write won the race after takenFields
 * passed), or null for any other error. Drivers wrap the PostgreSQL error differently.
 */
export function uniqueViolationField(err: unknown): 'username' | 'email' | null {
  for (let e: unknown = err, depth = 0; e && depth < 4; e = (e as { cause?: unknown }).cause, depth++) {
    const pgError = e as { code?: unknown; constraint?: unknown; message?: unknown };
    if (pgError.code !== '23505') continue;
    const text = `${String(pgError.constraint ?? '')} ${String(pgError.message ?? '')}`;
    if (text.includes('users_username_lower_idx')) return 'username';
    if (text.includes('users_email_lower_idx')) return 'email';
  }
  return null;
}

/**
 * Active administrators other than `exceptId`. Locks every active admin row, always in id order, so
 * two admins demoting each other at the same moment are serialised and cannot leave none behind.
 */
export async function otherActiveAdmins(tx: Executor, exceptId: string): Promise<number> {
  const rows = await tx
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.active, true), sql`lower(trim(${users.role})) = 'admin'`))
    .orderBy(asc(users.id))
    .for('update');
  return rows.filter((row) => row.id !== exceptId).length;
}

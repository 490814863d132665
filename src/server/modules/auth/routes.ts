import { randomBytes } from 'node:crypto';
import { verify } from '@node-rs/argon2';
import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { v7 as uuidv7 } from 'uuid';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { changePasswordSchema, loginRequestSchema, loginResponseSchema, userSchema } from '@/domain/user';
import { hashPassword } from '../../bootstrap';
import type { Database } from '../../db/client';
import { auditLog, users } from '../../db/schema';
import { HttpError, validationFailed } from '../../http-error';
import { encodeResponse, sendJsonText } from '../../plugins/list-memo';
import { findUserByLogin, toUser, type UserRow } from '../users/data';
import { errorBodySchema } from './schemas';
import { createLoginThrottle, forgetAccount, throttleKeys, type Reservation } from './throttle';

export const INVALID_CREDENTIALS = 'Invalid credentials. Please try again.';
export const TOO_MANY_ATTEMPTS = 'Too many sign-in attempts. Please wait and try again later.';
export const WRONG_CURRENT_PASSWORD = 'The current password is not correct.';

let dummyHash: Promise<string> | undefined;
/** Unknown accounts still cost one argon2 verification, so response times do not reveal usernames. */
async function verifyPassword(hash: string | undefined, password: string): Promise<boolean> {
  dummyHash ??= hashPassword(randomBytes(16).toString('hex'));
  return verify(hash ?? (await dummyHash), password).catch(() => false);
}

function rateLimited(reply: FastifyReply, reservation: Reservation): HttpError {
  reply.header('retry-after', String(reservation.retryAfterSeconds));
  return new HttpError('RATE_LIMITED', TOO_MANY_ATTEMPTS, {
    retryAfterSeconds: reservation.retryAfterSeconds,
  });
}

/**
 * Failed sign-ins are audited as one row per attempted name and address per window, with a count:
 * a guesser (or a flood of them) adds one row per window instead of one per attempt. The row keeps
 * the time of the first attempt and the reason of the latest.
 */
async function auditFailedSignIn(
  db: Database,
  request: FastifyRequest,
  entry: { userId: string | null; username: string; reason: string; windowSeconds: number },
): Promise<void> {
  const name = entry.username.trim().toLowerCase();
  const ip = request.ip;
  const latest = db
    .select({ id: auditLog.id })
    .from(auditLog)
    .where(
      and(
        eq(auditLog.action, 'login.failed'),
        eq(auditLog.ip, ip),
        sql`lower(${auditLog.username}) = ${name}`,
        sql`${auditLog.at} > now() - make_interval(secs => ${entry.windowSeconds})`,
      ),
    )
    .orderBy(desc(auditLog.at))
    .limit(1);
  const updated = await db
    .update(auditLog)
    .set({
      changes: sql`jsonb_build_object('reason', ${entry.reason}::text, 'count', coalesce((${auditLog.changes}->>'count')::int, 1) + 1)`,
    })
    .where(inArray(auditLog.id, latest))
    .returning({ id: auditLog.id });
  if (updated.length > 0) return;
  await db.insert(auditLog).values({
    id: uuidv7(),
    userId: entry.userId,
    username: entry.username,
    action: 'login.failed',
    entity: 'user',
    entityId: entry.userId,
    changes: { reason: entry.reason, count: 1 },
    ip,
  });
}

export async function authRoutes(app: FastifyInstance, opts: { db: Database }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const throttle = createLoginThrottle(opts.db, {
    maxAttempts: app.config.loginMaxAttempts,
    windowSeconds: app.config.loginWindowSeconds,
  });

  r.post('/auth/login', {
    config: { access: 'public' },
    schema: {
      tags: ['auth'],
      body: loginRequestSchema,
      response: { 200: loginResponseSchema, 401: errorBodySchema, 429: errorBodySchema },
    },
    handler: async (request, reply) => {
      const { username, password } = request.body;
      const row = await findUserByLogin(opts.db, username);
      const keys = throttleKeys(username, row?.id, request.ip);
      const failed = (reason: string) =>
        auditFailedSignIn(opts.db, request, {
          userId: row?.id ?? null,
          username,
          reason,
          windowSeconds: app.config.loginWindowSeconds,
        });

      const reservation = await throttle.reserve(keys);
      if (reservation.limited) {
        await failed('rate_limited');
        throw rateLimited(reply, reservation);
      }
      const ok = await verifyPassword(row?.passwordHash, password);
      if (!row || !ok || !row.active) {
        await failed(!row || !ok ? 'credentials' : 'inactive');
        throw new HttpError('UNAUTHENTICATED', INVALID_CREDENTIALS);
      }
      await throttle.succeeded(keys);
      const lastLogin = new Date();
      await opts.db.update(users).set({ lastLogin }).where(eq(users.id, row.id));
      await app.audit(request, {
        action: 'login',
        entity: 'user',
        entityId: row.id,
        userId: row.id,
        username: row.username,
      });
      return { token: await app.tokens.sign(row), user: toUser({ ...row, lastLogin }) };
    },
  });

  // The answer is a function of the user row alone. The auth hook hands out the same row object until
  // the row changes (hot-cache drops it then), so its JSON is encoded once per row, not per request.
  const meJson = new WeakMap<UserRow, string>();
  r.get('/auth/me', {
    schema: { tags: ['auth'], response: { 200: userSchema } },
    // Synchronous: nothing to wait for, so no promise to settle per request.
    handler: (request, reply) => {
      const row = request.user!;
      let json = meJson.get(row);
      if (json === undefined) {
        json = encodeResponse(request, userSchema, toUser(row));
        meJson.set(row, json);
      }
      // With the type the serializer would have set.
      sendJsonText(reply, json, 'application/json; charset=utf-8');
    },
  });

  /**
   * Own password. Wrong current passwords count against the same per-account budget as sign-ins, so
   * a stolen session cannot be used to guess the password. Every other session ends (tokenVersion).
   */
  r.put('/auth/password', {
    schema: {
      tags: ['auth'],
      body: changePasswordSchema,
      response: { 200: loginResponseSchema, 400: errorBodySchema, 429: errorBodySchema },
    },
    handler: async (request, reply) => {
      const me = request.user!;
      const { currentPassword, newPassword } = request.body;
      const keys = throttleKeys(me.username, me.id, request.ip);
      const reservation = await throttle.reserve(keys);
      if (reservation.limited) throw rateLimited(reply, reservation);
      if (!(await verifyPassword(me.passwordHash, currentPassword))) {
        await app.audit(request, {
          action: 'user.password_change_failed',
          entity: 'user',
          entityId: me.id,
          changes: { reason: 'current_password' },
        });
        throw validationFailed(WRONG_CURRENT_PASSWORD, {
          fields: { currentPassword: [WRONG_CURRENT_PASSWORD] },
        });
      }
      await throttle.succeeded(keys);
      if (currentPassword === newPassword) {
        const message = 'The new password must differ from the current one.';
        throw validationFailed(message, { fields: { newPassword: [message] } });
      }
      const passwordHash = await hashPassword(newPassword);
      const updated = await opts.db.transaction(async (tx) => {
        const [row] = await tx
          .update(users)
          .set({ passwordHash, tokenVersion: sql`${users.tokenVersion} + 1`, updatedAt: new Date() })
          .where(eq(users.id, me.id))
          .returning();
        await app.audit(
          request,
          {
            action: 'user.password_changed',
            entity: 'user',
            entityId: me.id,
            changes: { password: 'changed' },
          },
          tx,
        );
        await forgetAccount(tx, me.id);
        return row!;
      });
      app.events.emit('user:revoked', me.id);
      return { token: await app.tokens.sign(updated), user: toUser(updated) };
    },
  });
}

import type { FastifyInstance, FastifyReply, FastifyRequest, HookHandlerDoneFunction } from 'fastify';
import fp from 'fastify-plugin';
import { errors as joseErrors, jwtVerify, SignJWT } from 'jose';
import type { Config } from '../config';
import type { Database } from '../db/client';
import type { UserRow } from '../modules/users/data';
import { getOrCreateSecret } from '../services/secrets';
import type { TokenClaims } from './hot-cache';
import { AUTH_TOKEN_HEADER } from '@/domain/constants';

export const JWT_ALGORITHM = 'HS256';
export const JWT_ISSUER = 'fleetpilot';
export const JWT_AUDIENCE = 'fleetpilot-app';
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export interface Tokens {
  sign(user: Pick<UserRow, 'id' | 'tokenVersion'>): Promise<string>;
  /** The user behind a token, or null when it is missing, invalid, expired or revoked. */
  verify(token: string): Promise<UserRow | null>;
  /**
   * What `verify` would answer, when it can be decided from memory alone (the token verified before and
   * has not expired, its user's current row is held); undefined when `verify` has to be called.
   */
  verifyInMemory(token: string): UserRow | null | undefined;
}

declare module 'fastify' {
  interface FastifyInstance {
    tokens: Tokens;
  }
  interface FastifyRequest {
    /** The signed-in user, loaded by the auth hook; null when anonymous. */
    user: UserRow | null;
  }
}

/** Revocation, decided on every request from the user's current row: deactivated, or token version moved. */
function acceptedUser(user: UserRow | undefined, claims: TokenClaims): UserRow | null {
  return user && user.active && user.tokenVersion === claims.tv ? user : null;
}

export function tokenFromRequest(request: FastifyRequest): string | null {
  const header = request.headers[AUTH_TOKEN_HEADER];
  if (typeof header === 'string' && header) return header;
  const auth = request.headers.authorization;
  if (auth?.startsWith('Bearer ')) return auth.slice(7).trim() || null;
  return null;
}

export const authPlugin = fp(
  async (app: FastifyInstance, opts: { config: Config; db: Database }) => {
    const secret = new TextEncoder().encode(
      opts.config.jwtSecret ?? (await getOrCreateSecret(opts.db, 'jwt')),
    );

    const tokens: Tokens = {
      async sign(user) {
        return new SignJWT({ tv: user.tokenVersion })
          .setProtectedHeader({ alg: JWT_ALGORITHM, typ: 'JWT' })
          .setSubject(user.id)
          .setIssuer(JWT_ISSUER)
          .setAudience(JWT_AUDIENCE)
          .setIssuedAt()
          .setExpirationTime(`${opts.config.tokenTtlSeconds}s`)
          .sign(secret);
      },
      async verify(token) {
        try {
          let payload = app.hotCache.claims.get(token);
          if (!payload) {
            const verified = await jwtVerify(token, secret, {
              algorithms: [JWT_ALGORITHM],
              issuer: JWT_ISSUER,
              audience: JWT_AUDIENCE,
              requiredClaims: ['exp', 'sub'],
            });
            // A validly signed token whose subject is no user id (another issuer's token with our secret,
            // or a forged one) is simply invalid; it must not reach the uuid column as bad input.
            const sub = verified.payload.sub;
            if (typeof sub !== 'string' || !UUID.test(sub)) return null;
            payload = { sub, tv: verified.payload.tv, exp: verified.payload.exp! };
            app.hotCache.claims.set(token, payload);
          }
          return acceptedUser(await app.hotCache.user(payload.sub), payload);
        } catch (err) {
          if (err instanceof joseErrors.JOSEError) return null;
          throw err;
        }
      },
      verifyInMemory(token) {
        const claims = app.hotCache.claims.get(token);
        if (!claims) return undefined;
        const user = app.hotCache.userInMemory(claims.sub);
        return user === undefined ? undefined : acceptedUser(user, claims);
      },
    };

    app.decorate('tokens', tokens);
    app.decorateRequest('user', null);
    // Not an async hook: a signed-in request whose token and user are in memory is decided without a
    // promise; anything else takes the full path above.
    app.addHook(
      'onRequest',
      function authenticate(request: FastifyRequest, _reply: FastifyReply, done: HookHandlerDoneFunction) {
        const token = tokenFromRequest(request);
        if (!token) {
          request.user = null;
          return done();
        }
        const known = tokens.verifyInMemory(token);
        if (known !== undefined) {
          request.user = known;
          return done();
        }
        tokens.verify(token).then((user) => {
          request.user = user;
          done();
        }, done);
      },
    );
  },
  { name: 'auth', dependencies: ['hot-cache'] },
);

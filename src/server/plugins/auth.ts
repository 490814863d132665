import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { errors as joseErrors, jwtVerify, SignJWT } from 'jose';
import type { Config } from '../config';
import type { Database } from '../db/client';
import type { UserRow } from '../modules/users/data';
import { getOrCreateSecret } from '../services/secrets';

export const JWT_ALGORITHM = 'HS256';
export const JWT_ISSUER = 'fleetpilot';
export const JWT_AUDIENCE = 'fleetpilot-app';
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export interface Tokens {
  sign(user: Pick<UserRow, 'id' | 'tokenVersion'>): Promise<string>;
  /** The user behind a token, or null when it is missing, invalid, expired or revoked. */
  verify(token: string): Promise<UserRow | null>;
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

export function tokenFromRequest(request: FastifyRequest): string | null {
  const header = request.headers['x-auth-token'];
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
          const user = await app.hotCache.user(payload.sub);
          if (!user || !user.active || user.tokenVersion !== payload.tv) return null;
          return user;
        } catch (err) {
          if (err instanceof joseErrors.JOSEError) return null;
          throw err;
        }
      },
    };

    app.decorate('tokens', tokens);
    app.decorateRequest('user', null);
    app.addHook('onRequest', async (request) => {
      const token = tokenFromRequest(request);
      request.user = token ? await tokens.verify(token) : null;
    });
  },
  { name: 'auth', dependencies: ['hot-cache'] },
);

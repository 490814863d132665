import { eq } from 'drizzle-orm';
import { SignJWT, UnsecuredJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '@/server/db/schema';
import { JWT_AUDIENCE, JWT_ISSUER } from '@/server/plugins/auth';
import { createTestApp, createUser, login, type TestApp } from '../support/helpers';

const SECRET = 'tokens-test-secret-with-more-than-32-characters';
const key = new TextEncoder().encode(SECRET);

let t: TestApp;
let user: { id: string; token: string };
beforeAll(async () => {
  t = await createTestApp({ jwtSecret: SECRET });
  user = await createUser(t, { username: 'holder', role: 'operator' });
});
afterAll(async () => t.close());

interface Craft {
  alg?: string;
  secret?: Uint8Array;
  sub?: string;
  tv?: number;
  iss?: string;
  aud?: string;
  exp?: number | string;
}

/** A token like the server's, with one thing changed. */
function craft(c: Craft = {}): Promise<string> {
  const jwt = new SignJWT({ tv: c.tv ?? 0 })
    .setProtectedHeader({ alg: c.alg ?? 'HS256', typ: 'JWT' })
    .setSubject(c.sub ?? user.id)
    .setIssuer(c.iss ?? JWT_ISSUER)
    .setAudience(c.aud ?? JWT_AUDIENCE)
    .setIssuedAt()
    .setExpirationTime(c.exp ?? '1h');
  return jwt.sign(c.secret ?? key);
}

async function me(token: string) {
  return t.app.inject({ url: '/api/auth/me', headers: { 'x-auth-token': token } });
}

describe('token verification', () => {
  it('accepts a well-formed token signed with the configured secret (the control case)', async () => {
    const res = await me(await craft());
    expect(res.statusCode).toBe(200);
    expect(res.json().username).toBe('holder');
    expect((await me(user.token)).statusCode).toBe(200);
  });

  it('refuses an expired token', async () => {
    const res = await me(await craft({ exp: Math.floor(Date.now() / 1000) - 60 }));
    expect(res.statusCode).toBe(401);
    expect(res.json().code).toBe('UNAUTHENTICATED');
  });

  it('refuses a token whose signature was tampered with', async () => {
    const [header, payload, signature] = user.token.split('.');
    const flipped = (signature![0] === 'A' ? 'B' : 'A') + signature!.slice(1);
    expect((await me(`${header}.${payload}.${flipped}`)).statusCode).toBe(401);
    // A payload changed to another subject keeps the old signature: also refused.
    const other = await createUser(t, { username: 'victim', role: 'admin' });
    const forgedPayload = Buffer.from(JSON.stringify({ ...decode(user.token), sub: other.id })).toString(
      'base64url',
    );
    expect((await me(`${header}.${forgedPayload}.${signature}`)).statusCode).toBe(401);
  });

  it('refuses alg "none"', async () => {
    const unsecured = new UnsecuredJWT({ tv: 0 })
      .setSubject(user.id)
      .setIssuer(JWT_ISSUER)
      .setAudience(JWT_AUDIENCE)
      .setIssuedAt()
      .setExpirationTime('1h')
      .encode();
    expect(unsecured.split('.')[2]).toBe('');
    expect((await me(unsecured)).statusCode).toBe(401);
  });

  it('refuses another algorithm, even with the right secret', async () => {
    expect((await me(await craft({ alg: 'HS512' }))).statusCode).toBe(401);
  });

  it('refuses a wrong audience or issuer', async () => {
    expect((await me(await craft({ aud: 'someone-else' }))).statusCode).toBe(401);
    expect((await me(await craft({ iss: 'someone-else' }))).statusCode).toBe(401);
  });

  it('refuses a token signed with another secret', async () => {
    const other = new TextEncoder().encode('another-secret-also-longer-than-32-chars!');
    expect((await me(await craft({ secret: other }))).statusCode).toBe(401);
  });

  it('refuses a token for an unknown user', async () => {
    expect((await me(await craft({ sub: '01900000-0000-7000-8000-000000000000' }))).statusCode).toBe(401);
  });

  it('refuses every older token once the password changed', async () => {
    const changer = await createUser(t, { username: 'rotator', role: 'manager' });
    const crafted = await craft({ sub: changer.id, tv: 0 });
    expect((await me(crafted)).statusCode).toBe(200);
    const res = await t.app.inject({
      method: 'PUT',
      url: '/api/auth/password',
      headers: { 'x-auth-token': changer.token },
      payload: { currentPassword: 'rotator-password', newPassword: 'rotated-password' },
    });
    expect(res.statusCode).toBe(200);
    expect((await me(changer.token)).statusCode).toBe(401);
    expect((await me(crafted)).statusCode).toBe(401);
    expect((await me(res.json().token)).statusCode).toBe(200);
    expect((await me(await login(t.app, 'rotator', 'rotated-password'))).statusCode).toBe(200);
  });

  it('refuses the token of a user deactivated after signing in', async () => {
    const leaving = await createUser(t, { username: 'leaving', role: 'operator' });
    expect((await me(leaving.token)).statusCode).toBe(200);
    await t.db.db.update(users).set({ active: false }).where(eq(users.id, leaving.id));
    expect((await me(leaving.token)).statusCode).toBe(401);
  });
});

function decode(token: string): Record<string, unknown> {
  return JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString('utf8')) as Record<
    string,
    unknown
  >;
}

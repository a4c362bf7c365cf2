import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiKeys, emailVerificationTokens, users } from '../../db/schema/index';
import { createOpaqueToken, hashToken } from '../../lib/tokens';
import { createTestApp, TEST_PASSWORD, type TTestApp } from '../../test/test-app';
import { verificationTokenFrom } from '../../test/smtp-test-server';
import { testDatabaseKinds } from '../../test/test-databases';

describe.each(testDatabaseKinds)('auth on %s', (database) => {
  let t: TTestApp;
  beforeAll(async () => {
    t = await createTestApp({ database });
  });
  afterAll(() => t.close());

  const post = (url: string, payload: unknown, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'POST', url, payload: payload as object, headers });
  const register = (email: string, extra: object = {}) =>
    post('/api/auth/register', { email, password: TEST_PASSWORD, name: 'Ada', ...extra });

  it('registers, mails a link that verifies, signs in, and signs out for good', async () => {
    const registered = await register('Ada@Example.com ');
    expect(registered.statusCode).toBe(201);
    expect(registered.json().user).toMatchObject({
      email: 'ada@example.com',
      name: 'Ada',
      emailVerified: false,
    });
    expect(registered.body).not.toContain('password');

    const mail = await t.smtp.waitForMail('ada@example.com');
    expect(mail.subject).toMatch(/verify/i);
    expect(mail.text).toContain('http://flowsmith.test/verify-email?token=');
    const verified = await post('/api/auth/verify-email', { token: verificationTokenFrom(mail) });
    expect(verified.statusCode).toBe(200);
    expect(verified.json().user.emailVerified).toBe(true);

    const login = await post('/api/auth/login', {
      email: 'ADA@example.com',
      password: TEST_PASSWORD,
    });
    expect(login.statusCode).toBe(200);
    expect(login.json()).toMatchObject({
      user: { email: 'ada@example.com' },
      wsInfo: { url: 'http://flowsmith.test' },
    });
    const cookie = login.cookies.find((c) => c.name === 'token')!;
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' });
    const headers = { cookie: `token=${cookie.value}` };

    const me = await t.app.inject({ url: '/api/auth/me', headers });
    expect(me.statusCode).toBe(200);
    expect(me.json().user.email).toBe('ada@example.com');
    const wsToken = await t.app.inject({ url: '/api/auth/ws-token', headers });
    expect(wsToken.statusCode).toBe(200);
    expect(wsToken.json().token.split('.')).toHaveLength(3);

    const logout = await post('/api/auth/logout', {}, headers);
    expect(logout.statusCode).toBe(204);
    expect(logout.cookies.find((c) => c.name === 'token')?.value).toBe('');
    const after = await t.app.inject({ url: '/api/auth/me', headers });
    expect(after.statusCode).toBe(401);
    expect(after.json()).toEqual({ error: { code: 'unauthorized', message: expect.any(String) } });
  });

  it('makes the first user the admin and nobody after', async () => {
    const rows = await t.database.db.select().from(users);
    const admins = rows.filter((row) => row.isAdmin);
    expect(admins.map((row) => row.email)).toEqual(['ada@example.com']);
    const second = await t.signUp('second@example.com');
    const me = await t.app.inject({ url: '/api/auth/me', headers: { cookie: second.cookie } });
    expect(me.json().user.isAdmin).toBe(false);
  });

  it('rejects malformed JSON, missing, wrong-typed and over-long fields with the field named', async () => {
    const malformed = await t.app.inject({
      method: 'POST',
      url: '/api/auth/register',
      headers: { 'content-type': 'application/json' },
      payload: '{"email": "x@example.com",',
    });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().error).toMatchObject({
      code: 'validation_error',
      details: [{ field: '(body)' }],
    });

    const missing = await post('/api/auth/register', {});
    expect(missing.statusCode).toBe(400);
    const fields = missing.json().error.details.map((d: { field: string }) => d.field);
    expect(fields).toEqual(expect.arrayContaining(['email', 'password', 'name']));

    const wrongType = await post('/api/auth/register', { email: 42, password: ['x'], name: {} });
    expect(wrongType.statusCode).toBe(400);
    expect(wrongType.json().error.details.map((d: { field: string }) => d.field)).toEqual(
      expect.arrayContaining(['email', 'password', 'name']),
    );

    const cases: Array<[object, string]> = [
      [{ name: 'x'.repeat(101) }, 'name'],
      [{ email: `${'x'.repeat(250)}@example.com` }, 'email'],
      [{ email: 'not-an-email' }, 'email'],
      [{ password: 'short' }, 'password'],
      [{ password: 'x'.repeat(257) }, 'password'],
    ];
    for (const [extra, field] of cases) {
      const response = await register('valid@example.com', extra);
      expect(response.statusCode, JSON.stringify(extra)).toBe(400);
      expect(response.json().error.details).toEqual([{ field, message: expect.any(String) }]);
    }
    const short = await register('valid@example.com', { password: 'short' });
    expect(short.json().error.details[0].message).toMatch(/at least 12/);

    const notJson = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { 'content-type': 'text/plain' },
      payload: 'email=x',
    });
    expect(notJson.statusCode).toBe(415);
    expect(notJson.json().error.code).toBe('unsupported_media_type');
    expect((await t.database.db.select().from(users)).map((u) => u.email)).not.toContain(
      'valid@example.com',
    );
  });

  it('refuses a second account for the same e-mail with 409', async () => {
    const again = await register('ADA@example.com');
    expect(again.statusCode).toBe(409);
    expect(again.json().error).toMatchObject({ code: 'conflict', details: [{ field: 'email' }] });
  });

  it('refuses an unverified sign-in with 403, and wrong password and unknown user alike with 401', async () => {
    await register('unverified@example.com');
    const unverified = await post('/api/auth/login', {
      email: 'unverified@example.com',
      password: TEST_PASSWORD,
    });
    expect(unverified.statusCode).toBe(403);
    expect(unverified.json().error.code).toBe('email_not_verified');

    const wrong = await post('/api/auth/login', {
      email: 'ada@example.com',
      password: 'wrong password!!',
    });
    const unknown = await post('/api/auth/login', {
      email: 'nobody@example.com',
      password: TEST_PASSWORD,
    });
    expect(wrong.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    expect(wrong.json()).toEqual(unknown.json());
    expect(wrong.json().error.code).toBe('invalid_credentials');
  });

  it('refuses a used, unknown or expired verification token with 400', async () => {
    await register('tokens@example.com');
    const token = verificationTokenFrom(await t.smtp.waitForMail('tokens@example.com'));
    expect((await post('/api/auth/verify-email', { token })).statusCode).toBe(200);
    const used = await post('/api/auth/verify-email', { token });
    expect(used.statusCode).toBe(400);
    expect(used.json().error).toMatchObject({
      code: 'validation_error',
      details: [{ field: 'token' }],
    });
    expect((await post('/api/auth/verify-email', { token: 'made-up' })).statusCode).toBe(400);
    expect((await post('/api/auth/verify-email', {})).statusCode).toBe(400);

    await register('expired@example.com');
    const expired = verificationTokenFrom(await t.smtp.waitForMail('expired@example.com'));
    await t.database.db
      .update(emailVerificationTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(emailVerificationTokens.tokenHash, hashToken(expired)));
    expect((await post('/api/auth/verify-email', { token: expired })).statusCode).toBe(400);
  });

  it('answers resend with 202 whatever the address, and mails a fresh link to the unverified', async () => {
    const unknown = await post('/api/auth/resend-verification', { email: 'ghost@example.com' });
    expect(unknown.statusCode).toBe(202);
    const before = t.smtp.received.length;
    const known = await post('/api/auth/resend-verification', { email: 'unverified@example.com' });
    expect(known.statusCode).toBe(202);
    await expect.poll(() => t.smtp.received.length).toBe(before + 1);
    const token = verificationTokenFrom(t.smtp.received.at(-1)!);
    expect((await post('/api/auth/verify-email', { token })).statusCode).toBe(200);
    expect((await post('/api/auth/resend-verification', { email: 'nope' })).statusCode).toBe(400);
  });

  it('accepts an API key as a bearer token until it is revoked', async () => {
    const [owner] = await t.database.db
      .select()
      .from(users)
      .where(eq(users.email, 'ada@example.com'));
    const key = createOpaqueToken('fs_');
    const [row] = await t.database.db
      .insert(apiKeys)
      .values({ userId: owner!.id, name: 'ci', prefix: key.slice(0, 8), keyHash: hashToken(key) })
      .returning();
    const me = await t.app.inject({
      url: '/api/auth/me',
      headers: { authorization: `Bearer ${key}` },
    });
    expect(me.statusCode).toBe(200);
    expect(me.json().user.email).toBe('ada@example.com');
    await t.database.db
      .update(apiKeys)
      .set({ revokedAt: new Date() })
      .where(eq(apiKeys.id, row!.id));
    const revoked = await t.app.inject({
      url: '/api/auth/me',
      headers: { authorization: `Bearer ${key}` },
    });
    expect(revoked.statusCode).toBe(401);
  });

  it('needs a session for ws-token and me', async () => {
    expect((await t.app.inject({ url: '/api/auth/ws-token' })).statusCode).toBe(401);
    const forged = await t.app.inject({ url: '/api/auth/me', headers: { cookie: 'token=forged' } });
    expect(forged.statusCode).toBe(401);
  });
});

describe('auth rate limits', () => {
  let t: TTestApp;
  beforeAll(async () => {
    t = await createTestApp({
      database: 'pglite',
      config: { authRateLimit: { max: 3, timeWindowMs: 60_000 } },
    });
  });
  afterAll(() => t.close());

  it.each(['/api/auth/login', '/api/auth/register', '/api/auth/resend-verification'])(
    'answers 429 rate_limited once %s is hit too often',
    async (url) => {
      const statuses: number[] = [];
      for (let i = 0; i < 4; i++) {
        const response = await t.app.inject({ method: 'POST', url, payload: { email: 'x' } });
        statuses.push(response.statusCode);
        if (response.statusCode === 429) {
          expect(response.json().error.code).toBe('rate_limited');
        }
      }
      expect(statuses).toEqual([400, 400, 400, 429]);
    },
  );
});

describe('auth rate limits and X-Forwarded-For', () => {
  const attempts = async (trustProxy: string | undefined, clients: string[]) => {
    const t = await createTestApp({
      database: 'pglite',
      ...(trustProxy ? { env: { TRUST_PROXY: trustProxy } } : {}),
      config: { authRateLimit: { max: 2, timeWindowMs: 60_000 } },
    });
    try {
      const statuses: number[] = [];
      for (const client of clients) {
        const response = await t.app.inject({
          method: 'POST',
          url: '/api/auth/login',
          headers: { 'x-forwarded-for': client },
          payload: { email: 'proxied@example.com', password: 'wrong password here' },
        });
        statuses.push(response.statusCode);
      }
      return statuses;
    } finally {
      await t.close();
    }
  };

  it('holds by default when every attempt names another address', async () => {
    const clients = ['203.0.113.1', '203.0.113.2', '203.0.113.3', '203.0.113.4'];
    expect(await attempts(undefined, clients)).toEqual([401, 401, 429, 429]);
  });

  it.each([
    ['an address list', '127.0.0.1'],
    ['a hop count', '1'],
  ])('counts each client a trusted proxy names (TRUST_PROXY as %s)', async (_kind, trustProxy) => {
    const clients = ['198.51.100.1', '198.51.100.1', '198.51.100.1', '198.51.100.2'];
    expect(await attempts(trustProxy, clients)).toEqual([401, 401, 429, 401]);
  });
});

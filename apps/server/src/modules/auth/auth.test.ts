import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiKeys, emailVerificationTokens, mailOutbox, users } from '../../db/schema/index';
import { createOpaqueToken, hashToken } from '../../lib/tokens';
import { captureLog, createTestApp, TEST_PASSWORD, type TTestApp } from '../../test/test-app';
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

  it('rejects malformed JSON, missing, wrong-typed and over-long fields with the field named and what is wrong', async () => {
    const malformed = await post('/api/auth/register', '{"email": "x@example.com",', {
      'content-type': 'application/json',
    });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().error).toMatchObject({
      code: 'validation_error',
      details: [{ field: '(body)' }],
    });

    const missing = await post('/api/auth/register', { name: null });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().error.details).toEqual(
      expect.arrayContaining([
        { field: 'email', message: 'E-mail is required' },
        { field: 'password', message: 'Password is required' },
        { field: 'name', message: 'Name is required' },
      ]),
    );

    // Sent, but not as text: not called missing.
    const wrongType = await post('/api/auth/register', { email: 42, password: ['x'], name: {} });
    expect(wrongType.statusCode).toBe(400);
    expect(wrongType.json().error.details).toEqual(
      expect.arrayContaining([
        { field: 'email', message: 'E-mail must be text' },
        { field: 'password', message: 'Password must be text' },
        { field: 'name', message: 'Name must be text' },
      ]),
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

    const notJson = await post('/api/auth/login', 'email=x', { 'content-type': 'text/plain' });
    expect(notJson.statusCode).toBe(415);
    expect(notJson.json().error.code).toBe('unsupported_media_type');
    expect((await t.database.db.select().from(users)).map((u) => u.email)).not.toContain(
      'valid@example.com',
    );
  });

  it('answers a sign-up with a taken address as a new one, creates nothing, and mails the owner', async () => {
    const fresh = await register('fresh@example.com');
    const taken = await register('ADA@example.com', { name: 'Mallory' });
    expect(taken.statusCode).toBe(fresh.statusCode);
    expect(taken.statusCode).toBe(201);
    expect(Object.keys(taken.json().user).sort()).toEqual(Object.keys(fresh.json().user).sort());
    expect(taken.json().user).toMatchObject({
      id: expect.any(String),
      email: 'ada@example.com',
      name: 'Mallory',
      isAdmin: false,
      emailVerified: false,
    });
    const rows = await t.database.db.select().from(users).where(eq(users.email, 'ada@example.com'));
    expect(rows.map((row) => [row.id, row.name])).toEqual([[expect.any(String), 'Ada']]);
    expect(rows[0]!.id).not.toBe(taken.json().user.id);

    await expect
      .poll(() => t.smtp.received.filter((m) => m.subject.includes('tried to sign up')).length)
      .toBe(1);
    const warning = t.smtp.received.find((m) => m.subject.includes('tried to sign up'))!;
    expect(warning.to).toEqual(['ada@example.com']);
    expect(warning.text).toContain('http://flowsmith.test/login');
    expect(warning.text).not.toContain('verify-email');

    // An owner who never verified gets a fresh link with the warning.
    await register('fresh@example.com');
    await expect
      .poll(() => t.smtp.received.filter((m) => m.to.includes('fresh@example.com')).length)
      .toBe(2);
    const again = t.smtp.received.filter((m) => m.to.includes('fresh@example.com')).at(-1)!;
    expect(again.subject).toMatch(/tried to sign up/);
    const token = verificationTokenFrom(again);
    expect((await post('/api/auth/verify-email', { token })).statusCode).toBe(200);
  });

  it('answers sign-up and resend before any mail goes out, whatever the address', async () => {
    const release = t.smtp.stall();
    try {
      const before = t.smtp.received.length;
      const answers = await Promise.race([
        Promise.all([
          register('slow-mail@example.com'),
          register('ada@example.com'),
          post('/api/auth/resend-verification', { email: 'slow-mail@example.com' }),
          post('/api/auth/resend-verification', { email: 'ada@example.com' }),
          post('/api/auth/resend-verification', { email: 'nobody-at-all@example.com' }),
        ]),
        new Promise<'waited for the mail server'>((resolve) =>
          setTimeout(() => resolve('waited for the mail server'), 5_000),
        ),
      ]);
      expect(answers).not.toBe('waited for the mail server');
      const statuses = (answers as Array<{ statusCode: number }>).map((a) => a.statusCode);
      expect(statuses).toEqual([201, 201, 202, 202, 202]);
      expect(t.smtp.received.length).toBe(before);
    } finally {
      release();
    }
    await t.smtp.waitForMail('slow-mail@example.com');
  });

  it('keeps verification links out of the mail outbox', async () => {
    await register('outbox@example.com');
    const token = verificationTokenFrom(await t.smtp.waitForMail('outbox@example.com'));
    await expect
      .poll(async () =>
        (await t.database.db.select().from(mailOutbox)).filter(
          (m) => m.to === 'outbox@example.com',
        ),
      )
      .toHaveLength(1);
    const [stored] = (await t.database.db.select().from(mailOutbox)).filter(
      (m) => m.to === 'outbox@example.com',
    );
    expect(stored!.text).toContain('/verify-email?token=[redacted]');
    expect(stored!.html).toContain('[redacted]');
    const everything = JSON.stringify(await t.database.db.select().from(mailOutbox));
    expect(everything).not.toContain(token);
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
    // Its last use is written at most once a minute, not on every call.
    const lastUsed = async () =>
      (await t.database.db.select().from(apiKeys).where(eq(apiKeys.id, row!.id)))[0]!.lastUsedAt;
    const first = await lastUsed();
    expect(first).toBeInstanceOf(Date);
    await t.app.inject({ url: '/api/auth/me', headers: { authorization: `Bearer ${key}` } });
    expect(await lastUsed()).toEqual(first);
    const aWhileAgo = new Date(Date.now() - 61_000);
    await t.database.db
      .update(apiKeys)
      .set({ lastUsedAt: aWhileAgo })
      .where(eq(apiKeys.id, row!.id));
    await t.app.inject({ url: '/api/auth/me', headers: { authorization: `Bearer ${key}` } });
    expect((await lastUsed())!.getTime()).toBeGreaterThan(aWhileAgo.getTime());
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

describe('mail without SMTP_URL', () => {
  it('prints the whole verification link to the server log, and keeps it out of the outbox', async () => {
    const log = captureLog();
    const t = await createTestApp({
      database: 'pglite',
      env: { SMTP_URL: '' },
      logStream: log.stream,
    });
    try {
      const answer = await t.app.inject({
        method: 'POST',
        url: '/api/auth/register',
        payload: { email: 'logged@example.com', password: TEST_PASSWORD, name: 'Lou' },
      });
      expect(answer.statusCode).toBe(201);
      await expect.poll(() => log.text()).toContain('verify-email?token=');
      const token = /verify-email\?token=([\w-]+)/.exec(log.text())![1]!;
      expect(token).not.toBe('[redacted]');
      const verified = await t.app.inject({
        method: 'POST',
        url: '/api/auth/verify-email',
        payload: { token },
      });
      expect(verified.statusCode).toBe(200);
      expect(JSON.stringify(await t.database.db.select().from(mailOutbox))).not.toContain(token);
      // The web app tells a newcomer to look in the server log for the link.
      expect((await t.app.inject({ url: '/api/check' })).json()).toMatchObject({ mail: 'log' });
    } finally {
      await t.close();
    }
  });
});

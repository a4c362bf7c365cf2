import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, TEST_PASSWORD, type TTestApp } from '../../test/test-app';
import { openTestDatabase, testDatabaseKinds } from '../../test/test-databases';

type TApp = TTestApp['app'];

const signIn = (app: TApp, email: string, password: string, headers: Record<string, string> = {}) =>
  app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password }, headers });

/** A different client address on every attempt, as an attacker rotating addresses sends. */
let address = 0;
const anotherAddress = () => ({ 'x-forwarded-for': `203.0.113.${(address++ % 250) + 1}` });

describe.each(testDatabaseKinds)('sign-in limits per account on %s', (database) => {
  let t: TTestApp;
  beforeAll(async () => {
    t = await createTestApp({
      database,
      // Addresses are trusted here, so that only the per-account limit can hold.
      env: { TRUST_PROXY: '127.0.0.1' },
      config: { accountSignInLimit: { max: 3, timeWindowMs: 60_000 } },
    });
    await t.signUp('owner@example.com');
  });
  afterAll(() => t.close());

  it('stops guessing one account from ever-new addresses, without locking its owner out', async () => {
    // The owner's browser has signed in before: it keeps a device cookie.
    const owned = await signIn(t.app, 'owner@example.com', TEST_PASSWORD);
    const device = owned.cookies.find((c) => c.name === 'device')!;
    expect(device).toMatchObject({ httpOnly: true, path: '/api/auth' });

    const guesses = [];
    for (let i = 0; i < 5; i++)
      guesses.push(
        await signIn(t.app, 'owner@example.com', `wrong guess ${i}!!`, anotherAddress()),
      );
    expect(guesses.map((g) => g.statusCode)).toEqual([401, 401, 401, 429, 429]);
    expect(guesses[3]!.json().error).toEqual({
      code: 'rate_limited',
      message: expect.stringMatching(
        /^Too many failed sign-ins to this account\. Try again in 1 minute, or sign in from a browser you have signed in with before\.$/,
      ),
    });
    // The right password from a new browser waits too: the answer must not tell a right guess.
    expect(
      (await signIn(t.app, 'owner@example.com', TEST_PASSWORD, anotherAddress())).statusCode,
    ).toBe(429);

    const fromOwnBrowser = await signIn(t.app, 'owner@example.com', TEST_PASSWORD, {
      cookie: `device=${device.value}`,
    });
    expect(fromOwnBrowser.statusCode).toBe(200);
    // A successful sign-in starts the account's count afresh.
    expect(
      (await signIn(t.app, 'owner@example.com', TEST_PASSWORD, anotherAddress())).statusCode,
    ).toBe(200);
  });

  it('counts a device token only for its own account, and a forged one not at all', async () => {
    const owned = await signIn(t.app, 'owner@example.com', TEST_PASSWORD);
    const device = owned.cookies.find((c) => c.name === 'device')!.value;
    const [user, id] = device.split('.');
    for (const cookie of [`device=${device}`, `device=${user}.${id}.forged`, 'device=junk']) {
      for (let i = 0; i < 3; i++)
        await signIn(t.app, 'someone-else@example.com', 'wrong guess!!', { cookie });
    }
    const answer = await signIn(t.app, 'someone-else@example.com', 'wrong guess!!', {
      cookie: `device=${device}`,
    });
    expect(answer.statusCode).toBe(429);
  });

  it('limits unknown addresses exactly as accounts, so the limit tells nothing', async () => {
    const statuses = [];
    for (let i = 0; i < 4; i++)
      statuses.push(
        (await signIn(t.app, 'ghost@example.com', 'wrong guess!!', anotherAddress())).statusCode,
      );
    expect(statuses).toEqual([401, 401, 401, 429]);
  });
});

describe.each(testDatabaseKinds)('sign-in limits across servers on %s', (kind) => {
  it('holds across two servers on one database, whatever X-Forwarded-For says', async () => {
    const database = await openTestDatabase(kind);
    const second = await database.reopen();
    const limits = { authRateLimit: { max: 4, timeWindowMs: 60_000 } };
    const a = await createTestApp({ database, config: limits });
    const b = await createTestApp({ database: second, config: limits });
    try {
      const statuses = [];
      for (const app of [a.app, b.app, a.app, b.app, a.app, b.app]) {
        const answer = await signIn(
          app,
          `person${statuses.length}@example.com`,
          'wrong guess!!',
          anotherAddress(),
        );
        statuses.push(answer.statusCode);
      }
      expect(statuses).toEqual([401, 401, 401, 401, 429, 429]);
    } finally {
      await a.close();
      await b.close();
      await second.close();
      await database.close();
    }
  });
});

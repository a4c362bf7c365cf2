import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountTokens, mailOutbox } from '../../db/schema/index';
import { clientFor, expectError, fieldsOf, type TActor } from '../../test/api-world';
import { linkTokenFrom, type TReceivedMail } from '../../test/smtp-test-server';
import { createTestApp, TEST_PASSWORD, type TTestApp } from '../../test/test-app';
import { testDatabaseKinds } from '../../test/test-databases';

const NEW_PASSWORD = 'a brand new passphrase 42';
const TINY_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

describe.each(testDatabaseKinds)('account on %s', (database) => {
  let t: TTestApp;
  let counter = 0;
  let admin: { id: string; cookie: string };
  beforeAll(async () => {
    t = await createTestApp({ database });
    // The first account is the instance's administrator.
    const { cookie, body } = await t.signUp('admin@example.com', 'Ada Admin');
    admin = { id: body.user.id, cookie };
  });
  afterAll(() => t.close());

  /** A verified, signed-in person of their own. */
  async function person(name = 'Pat') {
    counter += 1;
    const email = `person-${counter}@example.com`;
    const { cookie, body } = await t.signUp(email, name);
    return { id: body.user.id, cookie, email, name };
  }

  /** Another session of the same account, as from a second browser. */
  async function signIn(email: string, password = TEST_PASSWORD) {
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email, password },
    });
    const token = login.cookies.find((c) => c.name === 'token');
    return { status: login.statusCode, cookie: token ? `token=${token.value}` : '' };
  }

  const anonymous = () => clientFor(t, null);
  const as = (actor: TActor) => clientFor(t, actor);
  const me = async (cookie: string) =>
    (await t.app.inject({ url: '/api/auth/me', headers: { cookie } })).statusCode;

  /** Waits for a further mail to `to` whose subject matches, after `seen` such mails. */
  async function nextMail(to: string, subject: RegExp, seen = 0): Promise<TReceivedMail> {
    const matching = () =>
      t.smtp.received.filter((m) => m.to.includes(to) && subject.test(m.subject));
    await expect.poll(() => matching().length, { timeout: 5_000 }).toBeGreaterThan(seen);
    return matching().at(-1)!;
  }
  const mailsTo = (to: string, subject: RegExp) =>
    t.smtp.received.filter((m) => m.to.includes(to) && subject.test(m.subject)).length;

  describe('forgot password', () => {
    it('mails a single-use link that sets a new password and signs out every session', async () => {
      const pat = await person();
      const second = await signIn(pat.email);
      const asked = await anonymous().post('/api/auth/forgot-password', { email: pat.email });
      expect(asked.status).toBe(202);

      const mail = await nextMail(pat.email, /reset/i);
      expect(mail.text).toContain('http://flowsmith.test/reset-password?token=');
      expect(mail.text).toMatch(/expires in 1 hour/);
      const token = linkTokenFrom(mail, '/reset-password');

      const reset = await anonymous().post('/api/auth/reset-password', {
        token,
        password: NEW_PASSWORD,
      });
      expect(reset.status).toBe(204);
      expect(await me(pat.cookie)).toBe(401);
      expect(await me(second.cookie)).toBe(401);
      expect((await signIn(pat.email)).status).toBe(401);
      expect((await signIn(pat.email, NEW_PASSWORD)).status).toBe(200);

      const again = await anonymous().post('/api/auth/reset-password', {
        token,
        password: 'yet another passphrase',
      });
      expectError(again, 400, 'validation_error');
      expect(fieldsOf(again)).toEqual(['token']);
      expect((await signIn(pat.email, NEW_PASSWORD)).status).toBe(200);

      // The outbox keeps the mail but never the link's token.
      const outbox = await t.database.db
        .select()
        .from(mailOutbox)
        .where(eq(mailOutbox.to, pat.email));
      expect(outbox.some((row) => /reset/i.test(row.subject))).toBe(true);
      expect(JSON.stringify(outbox)).not.toContain(token);
      const stored = await t.database.db
        .select()
        .from(accountTokens)
        .where(eq(accountTokens.userId, pat.id));
      expect(JSON.stringify(stored)).not.toContain(token);
    });

    it('refuses a link once it has expired', async () => {
      const pat = await person();
      await anonymous().post('/api/auth/forgot-password', { email: pat.email });
      const token = linkTokenFrom(await nextMail(pat.email, /reset/i), '/reset-password');
      await t.database.db
        .update(accountTokens)
        .set({ expiresAt: new Date(Date.now() - 1_000) })
        .where(eq(accountTokens.userId, pat.id));
      const reset = await anonymous().post('/api/auth/reset-password', {
        token,
        password: NEW_PASSWORD,
      });
      expectError(reset, 400, 'validation_error');
      expect(reset.body.error.details).toEqual([
        { field: 'token', message: 'This reset link is invalid, used or expired' },
      ]);
      expect(await me(pat.cookie)).toBe(200);
    });

    it('answers an unknown address as a known one and mails nobody', async () => {
      const unknown = await anonymous().post('/api/auth/forgot-password', {
        email: 'nobody-here@example.com',
      });
      const pat = await person();
      const known = await anonymous().post('/api/auth/forgot-password', { email: pat.email });
      expect(unknown).toEqual(known);
      await nextMail(pat.email, /reset/i);
      expect(t.smtp.received.some((m) => m.to.includes('nobody-here@example.com'))).toBe(false);
    });

    it('mails one address a few links an hour at most, each new one retiring the last', async () => {
      const pat = await person();
      for (let i = 0; i < 5; i++) {
        const answer = await anonymous().post('/api/auth/forgot-password', { email: pat.email });
        expect(answer.status).toBe(202);
      }
      await nextMail(pat.email, /reset/i, 2);
      await new Promise((resolve) => setTimeout(resolve, 500));
      expect(mailsTo(pat.email, /reset/i)).toBe(3);
      const rows = await t.database.db
        .select()
        .from(accountTokens)
        .where(eq(accountTokens.userId, pat.id));
      expect(rows.filter((row) => row.usedAt === null)).toHaveLength(1);
    });

    it('names the bad fields', async () => {
      const bad = await anonymous().post('/api/auth/reset-password', {
        token: '',
        password: 'short',
      });
      expectError(bad, 400, 'validation_error');
      expect(fieldsOf(bad).sort()).toEqual(['password', 'token']);
      const noEmail = await anonymous().post('/api/auth/forgot-password', {
        email: 'not-an-address',
      });
      expect(fieldsOf(noEmail)).toEqual(['email']);
    });
  });

  describe('signed in', () => {
    it('renames, and refuses a 10,000-character name next to the field', async () => {
      const pat = await person();
      const long = await as(pat).put('/api/account/profile', { name: 'x'.repeat(10_000) });
      expectError(long, 400, 'validation_error');
      expect(fieldsOf(long)).toEqual(['name']);
      const blank = await as(pat).put('/api/account/profile', { name: '   ' });
      expect(fieldsOf(blank)).toEqual(['name']);
      const renamed = await as(pat).put('/api/account/profile', { name: '  Pat Smith ' });
      expect(renamed.status).toBe(200);
      expect(renamed.body.user).toMatchObject({ id: pat.id, name: 'Pat Smith' });
      expect((await as(pat).get('/api/auth/me')).body.user.name).toBe('Pat Smith');
    });

    it('takes a PNG, JPEG or WebP picture up to 512 KB, shown to co-members only', async () => {
      const pat = await person();
      const sam = await person('Sam');
      const stranger = await person('Stan');
      const upload = (body: Buffer | string, type: string) =>
        t.app.inject({
          method: 'PUT',
          url: '/api/account/avatar',
          headers: { cookie: pat.cookie, origin: t.origin, 'content-type': type },
          payload: body,
        });
      const fake = await upload(Buffer.from('<svg onload="alert(1)"/>'), 'image/png');
      expect(fake.statusCode).toBe(400);
      expect(fake.json().error.details).toEqual([
        { field: 'avatar', message: 'This file is not a PNG picture' },
      ]);
      const svg = await upload(Buffer.from('<svg/>'), 'image/svg+xml');
      expect(svg.json().error.details[0].field).toBe('avatar');
      const huge = Buffer.concat([TINY_PNG, Buffer.alloc(600 * 1024)]);
      expect((await upload(huge, 'image/png')).statusCode).toBe(413);

      const saved = await upload(TINY_PNG, 'image/png');
      expect(saved.statusCode).toBe(200);
      const url: string = saved.json().user.avatarUrl;
      expect(url).toMatch(new RegExp(`^/api/users/${pat.id}/avatar\\?v=`));
      const own = await t.app.inject({ url, headers: { cookie: pat.cookie } });
      expect(own.statusCode).toBe(200);
      expect(own.headers['content-type']).toBe('image/png');
      expect(own.rawPayload.equals(TINY_PNG)).toBe(true);

      expectError(await as(sam).get(url), 404, 'not_found');
      const project = (await as(pat).post('/api/projects', { name: 'Together' })).body.id;
      await as(pat).post('/api/project_users', {
        projectId: project,
        userId: sam.id,
        role: 'viewer',
      });
      expect((await as(sam).get(url)).status).toBe(200);
      expectError(await as(stranger).get(url), 404, 'not_found');

      const removed = await as(pat).del('/api/account/avatar');
      expect(removed.body.user.avatarUrl).toBeNull();
      expectError(await as(pat).get(url), 404, 'not_found');
    });

    it('changes the password with the current one, signing out every other session', async () => {
      const pat = await person();
      const other = await signIn(pat.email);
      const wrong = await as(pat).post('/api/account/password', {
        currentPassword: 'not my password at all',
        newPassword: NEW_PASSWORD,
      });
      expectError(wrong, 400, 'validation_error');
      expect(fieldsOf(wrong)).toEqual(['currentPassword']);
      const short = await as(pat).post('/api/account/password', {
        currentPassword: TEST_PASSWORD,
        newPassword: 'short',
      });
      expect(fieldsOf(short)).toEqual(['newPassword']);
      expect(await me(other.cookie)).toBe(200);

      const changed = await as(pat).post('/api/account/password', {
        currentPassword: TEST_PASSWORD,
        newPassword: NEW_PASSWORD,
      });
      expect(changed.status).toBe(204);
      expect(await me(pat.cookie)).toBe(200);
      expect(await me(other.cookie)).toBe(401);
      expect((await signIn(pat.email)).status).toBe(401);
      expect((await signIn(pat.email, NEW_PASSWORD)).status).toBe(200);
      expect((await nextMail(pat.email, /password was changed/i)).text).toMatch(/signed out/);
    });

    it('lists the active sessions and revokes one, but never another person’s', async () => {
      const pat = await person();
      const other = await signIn(pat.email);
      const sam = await person('Sam');
      const listed = await as(pat).get('/api/account/sessions');
      expect(listed.status).toBe(200);
      expect(listed.body.items).toHaveLength(2);
      const current = listed.body.items.filter((s: { current: boolean }) => s.current);
      expect(current).toHaveLength(1);
      const otherId = listed.body.items.find((s: { current: boolean }) => !s.current).id;

      expectError(await as(sam).del(`/api/account/sessions/${otherId}`), 404, 'not_found');
      expect(await me(other.cookie)).toBe(200);
      expect(fieldsOf(await as(pat).del('/api/account/sessions/not-an-id'))).toEqual(['id']);

      expect((await as(pat).del(`/api/account/sessions/${otherId}`)).status).toBe(204);
      expect(await me(other.cookie)).toBe(401);
      expect(await me(pat.cookie)).toBe(200);
      expectError(await as(pat).del(`/api/account/sessions/${otherId}`), 404, 'not_found');
      expect((await as(pat).get('/api/account/sessions')).body.items).toHaveLength(1);
    });

    it('changes the e-mail address once the link mailed to the new one is opened', async () => {
      const pat = await person();
      const sam = await person('Sam');
      const taken = await as(pat).post('/api/account/email', {
        email: sam.email,
        currentPassword: TEST_PASSWORD,
      });
      expectError(taken, 400, 'validation_error');
      expect(taken.body.error.details).toEqual([
        { field: 'email', message: 'Another account uses this address' },
      ]);
      const wrong = await as(pat).post('/api/account/email', {
        email: 'pat-new@example.com',
        currentPassword: 'not my password at all',
      });
      expect(fieldsOf(wrong)).toEqual(['currentPassword']);

      const asked = await as(pat).post('/api/account/email', {
        email: 'Pat-New@Example.com',
        currentPassword: TEST_PASSWORD,
      });
      expect(asked.status).toBe(202);
      expect((await as(pat).get('/api/auth/me')).body.user.email).toBe(pat.email);
      const token = linkTokenFrom(
        await nextMail('pat-new@example.com', /confirm your new/i),
        '/confirm-email',
      );
      const confirmed = await anonymous().post('/api/auth/confirm-email', { token });
      expect(confirmed.status).toBe(200);
      expect(confirmed.body.user).toMatchObject({ id: pat.id, email: 'pat-new@example.com' });
      expect((await nextMail(pat.email, /was changed/i)).text).toContain('pat-new@example.com');
      expect((await signIn('pat-new@example.com')).status).toBe(200);
      expect((await signIn(pat.email)).status).toBe(401);

      const reused = await anonymous().post('/api/auth/confirm-email', { token });
      expect(fieldsOf(reused)).toEqual(['token']);
    });

    it('keeps the instance’s only administrator', async () => {
      const refused = await as(admin).post('/api/account/delete', {
        currentPassword: TEST_PASSWORD,
        deleteProjects: true,
      });
      expectError(refused, 409, 'conflict');
      expect(refused.body.error.message).toMatch(/only administrator/);
      expect(await me(admin.cookie)).toBe(200);
    });

    it('deletes the account: shared projects stay, sole-owned ones pass to an editor or go after a second confirmation', async () => {
      const pat = await person();
      const sam = await person('Sam');
      const create = async (name: string) =>
        (await as(pat).post('/api/projects', { name })).body.id;
      const shared = await create('Shared');
      const handed = await create('Handed');
      const alone = await create('Alone');
      await as(pat).post('/api/project_users', {
        projectId: shared,
        userId: sam.id,
        role: 'owner',
      });
      await as(pat).post('/api/project_users', {
        projectId: handed,
        userId: sam.id,
        role: 'editor',
      });
      await as(pat).post('/api/project_users', {
        projectId: alone,
        userId: sam.id,
        role: 'viewer',
      });

      const plan = await as(pat).get('/api/account/deletion-plan');
      expect(plan.body).toEqual({
        deleted: [{ id: alone, name: 'Alone' }],
        handedOver: [{ id: handed, name: 'Handed', to: 'Sam' }],
      });

      // User management is no way around the password.
      expectError(await as(pat).del(`/api/users/${pat.id}`), 403, 'forbidden');
      expect(await me(pat.cookie)).toBe(200);
      const wrong = await as(pat).post('/api/account/delete', {
        currentPassword: 'not my password at all',
      });
      expect(fieldsOf(wrong)).toEqual(['currentPassword']);
      const unconfirmed = await as(pat).post('/api/account/delete', {
        currentPassword: TEST_PASSWORD,
      });
      expectError(unconfirmed, 409, 'conflict');
      expect(await me(pat.cookie)).toBe(200);
      expect((await as(sam).get(`/api/projects/${alone}`)).status).toBe(200);

      const deleted = await as(pat).post('/api/account/delete', {
        currentPassword: TEST_PASSWORD,
        deleteProjects: true,
      });
      expect(deleted.status).toBe(204);
      expect(await me(pat.cookie)).toBe(401);
      expect((await signIn(pat.email)).status).toBe(401);
      expect((await as(sam).get(`/api/projects/${shared}`)).body.role).toBe('owner');
      expect((await as(sam).get(`/api/projects/${handed}`)).body.role).toBe('owner');
      expectError(await as(sam).get(`/api/projects/${alone}`), 404, 'not_found');
    });
  });
});

import { eq } from 'drizzle-orm';
import Papa from 'papaparse';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_VALUE_LENGTH, VALUE_PREVIEW_LENGTH } from '@flowsmith/shared';
import { databaseValues } from '../../db/schema/index';
import { createWorld, type TWorld } from '../../test/api-world';
import { testDatabaseKinds } from '../../test/test-databases';

const HUGE = 2_000_000;

describe.each(testDatabaseKinds)('database limits and attacks on %s', (database) => {
  let w: TWorld;
  beforeAll(async () => {
    w = await createWorld(database, { env: { IMPORT_MAX_BYTES: String(8 * 1024 * 1024) } });
  }, 120_000);
  afterAll(() => w.t.close());

  const importAs = (
    databaseId: string,
    body: string,
    headers: Record<string, string>,
    query = 'mode=replace',
  ) =>
    w.t.app.inject({
      method: 'POST',
      url: `/api/node_databases/${databaseId}/import?${query}`,
      headers: { 'content-type': 'text/plain', ...headers },
      payload: body,
    });
  const keys = async (databaseId: string) =>
    (
      await w.t.database.db
        .select({ key: databaseValues.key })
        .from(databaseValues)
        .where(eq(databaseValues.nodeDatabaseId, databaseId))
    )
      .map((row) => row.key)
      .sort();

  it('refuses a cross-site text/plain import that would wipe a database, and takes it from an API key', async () => {
    const db = await w.make.database();
    await w.created(
      w.as.owner.post('/api/database_values', { nodeDatabaseId: db.id, key: 'keep', value: '1' }),
    );
    const cookie = w.users.owner.cookie;
    const attacks: Array<Record<string, string>> = [
      { origin: 'https://evil.example' },
      // Same site, another port: SameSite=Lax sends the cookie along.
      { origin: 'http://flowsmith.test:8080' },
      { referer: 'http://other.flowsmith.test/form.html' },
      {},
    ];
    for (const origin of attacks) {
      const answer = await importAs(db.id, 'key,value\nx,1\n', { cookie, ...origin });
      expect(answer.statusCode, JSON.stringify(origin)).toBe(403);
      expect(answer.json().error.code).toBe('forbidden');
    }
    expect(await keys(db.id)).toEqual(['keep']);

    const fromApp = await importAs(db.id, 'key,value\nmine,1\n', { cookie, origin: w.t.origin });
    expect(fromApp.json()).toMatchObject({ imported: 1, replaced: 1 });
    const { key } = await w.created(w.as.owner.post('/api/api_keys', { name: 'script' }));
    const byKey = await importAs(db.id, 'key,value\nscripted,1\n', {
      authorization: `Bearer ${key}`,
      origin: 'https://elsewhere.example',
    });
    expect(byKey.statusCode).toBe(200);
    expect(await keys(db.id)).toEqual(['scripted']);
  });

  it('refuses a value over the value limit on CSV and JSON import, naming its row and column', async () => {
    const db = await w.make.database();
    const huge = 'x'.repeat(HUGE);
    const csv = await importAs(db.id, `key,value\nsmall,1\nbig,${huge}\n`, {
      cookie: w.users.owner.cookie,
      origin: w.t.origin,
    });
    expect(csv.statusCode).toBe(400);
    expect(csv.json().error.details).toEqual([
      { field: 'rows.3.value', message: 'The value is longer than 100,000 characters' },
    ]);
    const json = await importAs(
      db.id,
      JSON.stringify([{ key: 'big', value: huge }]),
      { cookie: w.users.owner.cookie, origin: w.t.origin, 'content-type': 'application/json' },
      'format=json',
    );
    expect(json.statusCode).toBe(400);
    expect(json.json().error.details).toEqual([
      { field: 'rows.1.value', message: 'The value is longer than 100,000 characters' },
    ]);
    const atLimit = await importAs(db.id, `key,value\nfull,${'y'.repeat(MAX_VALUE_LENGTH)}\n`, {
      cookie: w.users.owner.cookie,
      origin: w.t.origin,
    });
    expect(atLimit.json()).toMatchObject({ imported: 1 });
    expect(await keys(db.id)).toEqual(['full']);
  });

  it('refuses an import over IMPORT_MAX_BYTES with 413', async () => {
    const db = await w.make.database();
    const rows = Array.from({ length: 100_000 }, (_, i) => `k${i},${'v'.repeat(80)}`).join('\n');
    const answer = await importAs(db.id, `key,value\n${rows}\n`, {
      cookie: w.users.owner.cookie,
      origin: w.t.origin,
    });
    expect(answer.statusCode).toBe(413);
    expect(answer.json().error).toMatchObject({
      code: 'payload_too_large',
      message: 'The file is larger than 8 MB',
    });
    expect(await keys(db.id)).toEqual([]);
  });

  it('lists a long value by its beginning, and its own row has all of it', async () => {
    const db = await w.make.database();
    // Written before the limit existed: lists must stay small whatever is stored.
    const [row] = await w.t.database.db
      .insert(databaseValues)
      .values({
        projectId: w.projectId,
        nodeDatabaseId: db.id,
        key: 'old',
        value: 'z'.repeat(HUGE),
        type: 'text',
      })
      .returning();
    await w.created(
      w.as.owner.post('/api/database_values', { nodeDatabaseId: db.id, key: 'short', value: 'hi' }),
    );
    const list = await w.t.app.inject({
      url: `/api/database_values?nodeDatabaseId=${db.id}&sort=key`,
      headers: { cookie: w.users.viewer.cookie },
    });
    expect(list.statusCode).toBe(200);
    expect(list.body.length).toBeLessThan(10_000);
    const [long, short] = list.json().items;
    expect(long).toMatchObject({ key: 'old', truncated: true, valueLength: HUGE });
    expect(long.value).toBe('z'.repeat(VALUE_PREVIEW_LENGTH));
    expect(short).toMatchObject({ key: 'short', value: 'hi', truncated: false, valueLength: 2 });

    const whole = await w.as.viewer.get(`/api/database_values/${row!.id}`);
    expect(whole.body).toMatchObject({ truncated: false, valueLength: HUGE });
    expect(whole.body.value).toHaveLength(HUGE);
    expect((await w.as.stranger.get(`/api/database_values/${row!.id}`)).status).toBe(404);
  });

  it('exports cells a spreadsheet would run as formulas as text, and imports them back unchanged', async () => {
    const db = await w.make.database();
    const risky = [
      '=HYPERLINK("http://evil.example")',
      '+1+2',
      '-2+3',
      '@SUM(A1)',
      '\tx',
      "'=kept",
    ];
    for (const [index, value] of risky.entries())
      await w.created(
        w.as.owner.post('/api/database_values', { nodeDatabaseId: db.id, key: `k${index}`, value }),
      );
    await w.created(
      w.as.owner.post('/api/database_values', {
        nodeDatabaseId: db.id,
        key: 'n',
        value: '-5',
        type: 'number',
      }),
    );
    const exported = await w.t.app.inject({
      url: `/api/node_databases/${db.id}/export`,
      headers: { cookie: w.users.viewer.cookie },
    });
    expect(exported.headers['content-disposition']).toMatch(/^attachment; filename=".+\.csv"$/);
    const cells = Papa.parse<string[]>(exported.body, { skipEmptyLines: true }).data;
    expect(cells).toEqual(
      expect.arrayContaining([
        ['k0', `'=HYPERLINK("http://evil.example")`, 'text'],
        ['k1', "'+1+2", 'text'],
        ['k2', "'-2+3", 'text'],
        ['k3', "'@SUM(A1)", 'text'],
        ['k4', "'\tx", 'text'],
        ['k5', "''=kept", 'text'],
        ['n', '-5', 'number'],
      ]),
    );

    const copy = await w.make.database();
    const back = await importAs(
      copy.id,
      exported.body,
      {
        cookie: w.users.owner.cookie,
        origin: w.t.origin,
      },
      'typeColumn=type',
    );
    expect(back.statusCode).toBe(200);
    const values = async (id: string) =>
      (await w.as.owner.get(`/api/database_values?nodeDatabaseId=${id}&sort=key`)).body.items.map(
        (v: { key: string; value: string }) => [v.key, v.value],
      );
    expect(await values(copy.id)).toEqual(await values(db.id));
  });
});

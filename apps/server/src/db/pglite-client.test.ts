import { PGlite, types } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PgliteWorkerClient } from './pglite-client';

const SETUP = `
  create table items (id int primary key, name text unique, at timestamptz, big int8,
    data jsonb, bytes bytea, day date, tags text[]);
  insert into items values (1, 'one', '2026-01-02T03:04:05.678Z', 9007199254740993,
    '{"a": [1, "x", null]}', '\\x00ff10', '2026-02-03', '{a,b}');
`;
const SELECT = 'select * from items where id = $1';

describe('PGlite on its own thread', () => {
  let client: PgliteWorkerClient;
  let direct: PGlite;

  beforeAll(async () => {
    [client, direct] = await Promise.all([PgliteWorkerClient.open(undefined), PGlite.create()]);
    await client.exec(SETUP);
    await direct.exec(SETUP);
  }, 60_000);
  afterAll(async () => {
    await client.close();
    await direct.close();
  });

  it('answers as PGlite in this thread does: dates, JSON, bigint, bytea, arrays', async () => {
    const theirs = await direct.query(SELECT, [1]);
    const ours = await client.query(SELECT, [1]);
    expect(ours.rows).toEqual(theirs.rows);
    expect(ours.fields).toEqual(theirs.fields);
    const arrays = { rowMode: 'array' } as const;
    expect((await client.query(SELECT, [1], arrays)).rows).toEqual(
      (await direct.query(SELECT, [1], arrays)).rows,
    );
    expect((ours.rows[0] as { at: unknown }).at).toBeInstanceOf(Date);
    expect((ours.rows[0] as { bytes: unknown }).bytes).toEqual(new Uint8Array([0, 255, 16]));
  });

  it("runs the caller's parsers on the values of their types", async () => {
    const parsers = {
      [types.TIMESTAMPTZ]: (value: string) => `at ${value}`,
      [types.DATE]: (value: string) => value,
    };
    const ours = await client.query(SELECT, [1], { parsers, rowMode: 'array' });
    const theirs = await direct.query(SELECT, [1], { parsers, rowMode: 'array' });
    expect(ours.rows).toEqual(theirs.rows);
    expect(ours.rows[0]).toContain('at 2026-01-02 03:04:05.678+00');
  });

  it("keeps PostgreSQL's error fields", async () => {
    const insert = "insert into items (id, name) values (2, 'one')";
    const theirs = await direct.query(insert).catch((error: unknown) => error);
    const ours = await client.query(insert).catch((error: unknown) => error);
    expect(ours).toBeInstanceOf(Error);
    expect(ours).toMatchObject({
      code: '23505',
      constraint: 'items_name_key',
      detail: (theirs as { detail: string }).detail,
      message: (theirs as Error).message,
    });
  });

  it('binds parameters as PGlite does, again and again, and keeps error fields', async () => {
    const insert =
      'insert into items (id, name, at, big, data, bytes, tags) values ($1, $2, $3, $4, $5, $6, $7) returning *';
    const params = (id: number) => [
      id,
      `item ${id}`,
      new Date('2026-03-04T05:06:07.890Z'),
      9007199254740993n,
      { nested: [id, 'x'] },
      new Uint8Array([id, 0]),
      ['p', 'q'],
    ];
    for (const id of [10, 11, 12]) {
      const ours = await client.query(insert, params(id));
      const theirs = await direct.query(insert, params(id));
      expect(ours.rows).toEqual(theirs.rows);
      expect(ours.affectedRows).toBe(theirs.affectedRows);
    }
    const duplicate = await client.query(insert, params(10)).catch((error: unknown) => error);
    expect(duplicate).toMatchObject({ code: '23505', constraint: 'items_pkey' });
    const failed = client.transaction(async (tx) => {
      await tx.query(insert, params(13));
      await tx.query(insert, params(10));
    });
    await expect(failed).rejects.toMatchObject({ code: '23505' });
    expect((await client.query(SELECT, [13])).rows).toEqual([]);
  });

  it('reads a table as it is after `exec` changed it', async () => {
    await client.exec('create table shapes (id int, size int)');
    await client.query('insert into shapes values ($1, $2)', [1, 2]);
    const read = 'select * from shapes where id = $1';
    expect((await client.query(read, [1])).rows).toEqual([{ id: 1, size: 2 }]);
    await client.exec(
      "alter table shapes alter column size type text; update shapes set size = 'big'",
    );
    expect((await client.query(read, [1])).rows).toEqual([{ id: 1, size: 'big' }]);
  });

  it('commits a transaction, and rolls it back when its work throws', async () => {
    await client.transaction(async (tx) => {
      await tx.query("insert into items (id, name) values (3, 'three')");
    });
    const failed = client.transaction(async (tx) => {
      await tx.query("insert into items (id, name) values (4, 'four')");
      throw new Error('changed my mind');
    });
    await expect(failed).rejects.toThrow('changed my mind');
    const { rows } = await client.query<{ id: number }>(
      'select id from items where id in (3, 4) order by id',
    );
    expect(rows).toEqual([{ id: 3 }]);
  });

  it('makes other statements wait while a transaction is open', async () => {
    const order: string[] = [];
    let outside: Promise<unknown> | undefined;
    await client.transaction(async (tx) => {
      await tx.query("insert into items (id, name) values (5, 'five')");
      outside = client
        .query<{ name: string }>('select name from items where id = 5')
        .then(({ rows }) => order.push(`outside saw ${rows[0]?.name}`));
      await new Promise((resolve) => setTimeout(resolve, 50));
      order.push('transaction ends');
    });
    await outside;
    expect(order).toEqual(['transaction ends', 'outside saw five']);
  });

  it('forwards notifications until the listener stops', async () => {
    const payloads: string[] = [];
    const stop = await client.listen('changes', (payload) => payloads.push(payload));
    await client.query('select pg_notify($1, $2)', ['changes', 'first']);
    await expect.poll(() => payloads).toEqual(['first']);
    await stop();
    await client.query("select pg_notify('changes', 'second')");
    await client.query('select 1');
    expect(payloads).toEqual(['first']);
  });
});

describe('the upkeep of the embedded database', () => {
  it('vacuums and analyses every table once enough statements have run, between them', async () => {
    const client = await PgliteWorkerClient.open(undefined, undefined, {
      checkMs: 20,
      afterStatements: 40,
    });
    try {
      await client.exec(
        'create table counters (id int primary key, n int); ' +
          'insert into counters select g, 0 from generate_series(1, 1000) g',
      );
      const update = 'update counters set n = n + 1 where id <= $1';
      // Statements keep their answers while passes come and go between them.
      for (let i = 1; i <= 60; i++)
        expect((await client.query(update, [1000])).affectedRows).toBe(1000);
      const upkept = () =>
        client.query<{ vacuumed: boolean; analysed: boolean; estimate: number }>(
          `select s.last_vacuum is not null as vacuumed, s.last_analyze is not null as analysed,
             c.reltuples::int as estimate
           from pg_stat_user_tables s join pg_class c on c.oid = s.relid
           where s.relname = 'counters'`,
        );
      // Dead versions gone, and the planner knows the table's size.
      await expect
        .poll(async () => (await upkept()).rows[0], { timeout: 10_000 })
        .toEqual({ vacuumed: true, analysed: true, estimate: 1000 });
      const { rows } = await client.query<{ n: number }>('select min(n) as n from counters');
      expect(rows[0]!.n).toBe(60);
    } finally {
      await client.close();
    }
  });

  it('leaves a database alone until enough statements have run', async () => {
    const client = await PgliteWorkerClient.open(undefined, undefined, {
      checkMs: 20,
      afterStatements: 1_000,
    });
    try {
      await client.exec('create table quiet (id int primary key)');
      await client.query('insert into quiet values ($1)', [1]);
      await new Promise((resolve) => setTimeout(resolve, 200));
      const { rows } = await client.query<{ vacuumed: boolean }>(
        "select last_vacuum is not null as vacuumed from pg_stat_user_tables where relname = 'quiet'",
      );
      expect(rows).toEqual([{ vacuumed: false }]);
    } finally {
      await client.close();
    }
  });
});

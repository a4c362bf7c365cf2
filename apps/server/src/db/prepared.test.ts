import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { openTestDatabase, testDatabaseKinds } from '../test/test-databases';
import { inTransaction } from './database';
import {
  executeNamedSql,
  nameOfText,
  preparedByText,
  preparedSql,
  preparedStatements,
} from './prepared';

const rowsOf = (result: unknown) => (result as { rows: unknown[] }).rows;

describe.each(testDatabaseKinds)('statements prepared by their text (%s)', (kind) => {
  it('answer as unprepared ones, and PostgreSQL keeps them under the name of their text', async () => {
    const database = await openTestDatabase(kind);
    try {
      // One connection throughout: a statement is prepared on the connection that ran it.
      await inTransaction(database.db, async (tx) => {
        const built = (n: number) =>
          tx.select({ n: sql<number>`${n}::int + 1` }).from(sql`(select 1) as one`);
        const raw = (n: number) => sql`select ${n}::int + 2 as n`;
        for (const n of [1, 2]) {
          expect(await preparedByText(built(n)).execute()).toEqual([{ n: n + 1 }]);
          expect(rowsOf(await executeNamedSql(tx, raw(n)))).toEqual([{ n: n + 2 }]);
        }
        if (kind !== 'postgres') return;
        const names = [built(0).toSQL().sql, 'select $1::int + 2 as n'].map(nameOfText);
        const prepared = await tx.execute(
          sql`select name from pg_prepared_statements where name in (${names[0]}, ${names[1]})`,
        );
        expect(rowsOf(prepared)).toHaveLength(2);
      });
    } finally {
      await database.close();
    }
  });

  it('builds a statement of several shapes once per shape, and fills its placeholders', async () => {
    const database = await openTestDatabase(kind);
    try {
      const built: string[] = [];
      const statement = preparedStatements((db, shape: { plus: number }) => {
        built.push(String(shape.plus));
        return preparedSql(
          db,
          sql`select ${sql.placeholder('n')}::int + ${sql.raw(String(shape.plus))} as n`,
        );
      });
      const run = async (plus: number, n: number) =>
        rowsOf(await statement(database.db, `plus ${plus}`, { plus }).execute({ n }));
      expect(await run(1, 1)).toEqual([{ n: 2 }]);
      expect(await run(1, 5)).toEqual([{ n: 6 }]);
      expect(await run(10, 5)).toEqual([{ n: 15 }]);
      expect(await run(10, 7)).toEqual([{ n: 17 }]);
      expect(built).toEqual(['1', '10']);
    } finally {
      await database.close();
    }
  });
});

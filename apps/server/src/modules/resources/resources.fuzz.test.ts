import fc from 'fast-check';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { useWorld, type TWorld } from '../../test/api-world';
import { catalogTextFixtures, resourceFixtures } from '../../test/resource-fixtures';
import { queryRows } from '../../test/test-databases';

/** A fingerprint of a whole table, to prove a rejected request changed nothing. */
async function fingerprint(w: TWorld, table: string): Promise<string> {
  const [row] = await queryRows<{ n: number; h: string }>(
    w.t.database.db,
    sql`select count(*)::int as n, coalesce(md5(string_agg(t::text, ',' order by t.id)), '') as h from ${sql.identifier(table)} t`,
  );
  return `${row!.n}:${row!.h}`;
}

const anyValue = fc.oneof(
  fc.string({ maxLength: 300 }),
  fc.string({ maxLength: 5 }).map((s) => `${s}\u0000`),
  fc.integer(),
  fc.double(),
  fc.boolean(),
  fc.constant(null),
  fc.uuid(),
  fc.array(fc.jsonValue({ maxDepth: 2 }), { maxLength: 4 }),
  fc.dictionary(fc.string({ maxLength: 10 }), fc.jsonValue({ maxDepth: 2 }), { maxKeys: 4 }),
);

/** Bodies near a valid one: some fields dropped, some replaced by anything, some keys added. */
function bodiesNear(valid: Record<string, unknown>) {
  const keys = Object.keys(valid);
  return fc
    .record({
      keep: fc.subarray(keys),
      replace: fc.dictionary(fc.constantFrom(...keys, 'extra'), anyValue, { maxKeys: 3 }),
    })
    .map(({ keep, replace }) => ({
      ...Object.fromEntries(keep.map((key) => [key, valid[key]])),
      ...replace,
    }));
}

describe('fuzzed request bodies', () => {
  const w = useWorld('pglite');

  it.each(resourceFixtures.map((f) => [f.name, f] as const))(
    '%s never answers 5xx, and a rejected write changes nothing',
    async (name, f) => {
      const writer = f.scope === 'catalog' ? w.as.admin : w.as.owner;
      const valid = await f.create(w);
      const existing = (await writer.post(`/api/${name}`, await f.create(w))).body;
      await fc.assert(
        fc.asyncProperty(bodiesNear(valid), fc.boolean(), async (body, update) => {
          const before = await fingerprint(w, name);
          const answer = update
            ? await writer.put(`/api/${name}/${existing.id}`, body)
            : await writer.post(`/api/${name}`, body);
          expect(answer.status, JSON.stringify({ body, answer: answer.body })).toBeLessThan(500);
          if (answer.status >= 400) {
            expect(answer.body.error.code).toEqual(expect.any(String));
            expect(await fingerprint(w, name)).toBe(before);
          }
        }),
        { numRuns: 30 },
      );
    },
    60_000,
  );

  it.each(catalogTextFixtures.map((f) => [f.name, f] as const))(
    '%s never answers 5xx to an update, and a rejected one changes nothing',
    async (name, f) => {
      const row = (await w.as.admin.get(`/api/${name}?${f.find}`)).body.items[0];
      await fc.assert(
        fc.asyncProperty(bodiesNear({ ...f.texts, ...f.fixed }), async (body) => {
          const before = await fingerprint(w, name);
          const answer = await w.as.admin.put(`/api/${name}/${row.id}`, body);
          expect(answer.status, JSON.stringify({ body, answer: answer.body })).toBeLessThan(500);
          if (answer.status >= 400) expect(await fingerprint(w, name)).toBe(before);
        }),
        { numRuns: 30 },
      );
    },
    60_000,
  );
});

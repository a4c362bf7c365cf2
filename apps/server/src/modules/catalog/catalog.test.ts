import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { nodeCatalog } from '@flowsmith/shared';
import { nodes, nodeTypeParams, nodeTypes } from '../../db/schema/index';
import { seedCatalog, seedCatalogIfChanged } from '../../db/seed-catalog';
import { expectError, fieldsOf, useWorld } from '../../test/api-world';
import { catalogTextFixtures, type TCatalogTextFixture } from '../../test/resource-fixtures';
import { testDatabaseKinds } from '../../test/test-databases';

describe.each(testDatabaseKinds)('catalog rows on %s', (database) => {
  const w = useWorld(database);

  describe.each(catalogTextFixtures)('$name', (f: TCatalogTextFixture) => {
    const url = `/api/${f.name}`;
    const seeded = async () => {
      const listed = await w.as.admin.get(`${url}?${f.find}`);
      expect(listed.body.items.length, JSON.stringify(listed.body)).toBeGreaterThan(0);
      return listed.body.items[0] as Record<string, unknown> & { id: string };
    };

    it('lists, sorts and shows the seeded rows to every signed-in user', async () => {
      const row = await seeded();
      expect((await w.as.owner.get(`${url}/${row.id}`)).body).toEqual(row);
      const all = await w.as.stranger.get(`${url}?pageSize=200`);
      expect(all.body.items.map((item: { id: string }) => item.id)).toContain(row.id);
      for (const sort of f.sorts.flatMap((s) => [s, `-${s}`]))
        expect((await w.as.owner.get(`${url}?sort=${sort}`)).status, sort).toBe(200);
      expectError(await w.as.anonymous.get(url), 401, 'unauthorized');
    });

    it('lets the administrator reword a row, and nobody else', async () => {
      const row = await seeded();
      expectError(await w.as.owner.put(`${url}/${row.id}`, f.texts), 403, 'forbidden');
      expectError(await w.as.anonymous.put(`${url}/${row.id}`, f.texts), 401, 'unauthorized');
      const updated = await w.as.admin.put(`${url}/${row.id}`, f.texts);
      expect(updated.status, JSON.stringify(updated.body)).toBe(200);
      expect(updated.body).toEqual({ ...row, ...f.texts, updatedAt: expect.any(String) });
      expectError(await w.as.admin.put(`${url}/${randomUUID()}`, f.texts), 404, 'not_found');
    });

    it('refuses a change of what the code defines, naming each field, and changes nothing', async () => {
      const row = await seeded();
      const refused = await w.as.admin.put(`${url}/${row.id}`, { ...f.texts, ...f.fixed });
      expectError(refused, 400, 'validation_error');
      expect(fieldsOf(refused).sort()).toEqual(Object.keys(f.fixed).sort());
      expect(refused.body.error.details[0].message).toMatch(/only the .* can be changed/);
      const [field, tooLong] = f.tooLong;
      const long = await w.as.admin.put(`${url}/${row.id}`, tooLong);
      expectError(long, 400, 'validation_error');
      expect(fieldsOf(long)).toEqual([field]);
      expect((await w.as.admin.get(`${url}/${row.id}`)).body).toEqual(row);
    });

    it('refuses to create or remove rows: kinds and their params come from the code', async () => {
      const row = await seeded();
      for (const answer of [
        await w.as.admin.post(url, { ...row, ...f.texts, id: undefined }),
        await w.as.admin.del(`${url}/${row.id}`),
      ]) {
        expectError(answer, 405, 'method_not_allowed');
      }
      expect((await w.as.admin.get(`${url}/${row.id}`)).status).toBe(200);
    });
  });

  it('brings behaviour back from the code on start, and keeps what the admin reworded', async () => {
    const db = w.t.database.db;
    const [blank] = await db.select().from(nodeTypes).where(eq(nodeTypes.kind, 'blank'));
    await db
      .update(nodeTypes)
      .set({ name: 'Sticky', isGroup: true, inputs: [], color: '#000000' })
      .where(eq(nodeTypes.kind, 'ai_processor'));
    await db
      .update(nodeTypeParams)
      .set({ label: 'Words', type: 'number', options: ['x'] })
      .where(eq(nodeTypeParams.nodeTypeId, blank!.id));
    await db
      .insert(nodeTypeParams)
      .values({ nodeTypeId: blank!.id, name: 'stale', label: 'Stale', type: 'string' });
    await db.insert(nodeTypes).values([
      { kind: 'retired', name: 'Retired' },
      { kind: 'still_used', name: 'Still used' },
    ]);
    await db.insert(nodes).values({
      projectId: w.projectId,
      type: 'still_used',
      data: { title: 'Old', params: {} },
    });

    await seedCatalog(db);

    const [processor] = await db.select().from(nodeTypes).where(eq(nodeTypes.kind, 'ai_processor'));
    expect(processor).toMatchObject({
      name: 'Sticky',
      isGroup: false,
      color: nodeCatalog.ai_processor.color,
      inputs: nodeCatalog.ai_processor.inputs,
    });
    const params = await db
      .select()
      .from(nodeTypeParams)
      .where(eq(nodeTypeParams.nodeTypeId, blank!.id));
    expect(params).toEqual([
      expect.objectContaining({ name: 'note', label: 'Words', type: 'text', options: null }),
    ]);
    const kinds = (await db.select({ kind: nodeTypes.kind }).from(nodeTypes)).map((r) => r.kind);
    expect(kinds).toContain('still_used');
    expect(kinds).not.toContain('retired');
  });

  it('seeds again on start only when the catalog of the code differs from the one seeded last', async () => {
    const db = w.t.database.db;
    expect(await seedCatalogIfChanged(db)).toBe(false);
    // A database seeded by other code carries another fingerprint, or none.
    await db.execute(sql`comment on table node_types is null`);
    await db.delete(nodeTypes).where(eq(nodeTypes.kind, 'ai_output'));
    expect(await seedCatalogIfChanged(db)).toBe(true);
    const kinds = (await db.select({ kind: nodeTypes.kind }).from(nodeTypes)).map((r) => r.kind);
    expect(kinds).toContain('ai_output');
    expect(await seedCatalogIfChanged(db)).toBe(false);
  });
});

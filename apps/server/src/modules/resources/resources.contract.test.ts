import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { expectError, fieldsOf, useWorld } from '../../test/api-world';
import { resourceFixtures, updateBody, type TResourceFixture } from '../../test/resource-fixtures';
import { testDatabaseKinds } from '../../test/test-databases';

describe.each(testDatabaseKinds)('resources on %s', (database) => {
  const w = useWorld(database);

  describe.each(resourceFixtures)('$name', (f: TResourceFixture) => {
    const url = `/api/${f.name}`;
    const writer = () => (f.scope === 'catalog' ? w.as.admin : w.as.owner);
    const scopeFilter = () => (f.scope === 'project' ? `projectId=${w.projectId}&` : '');

    it('answers list, create, get, update and delete', async () => {
      const body = await f.create(w);
      const created = await writer().post(url, body);
      expect(created.status, JSON.stringify(created.body)).toBe(201);
      const id = created.body.id as string;
      expect(created.body).toMatchObject({ id: expect.any(String), createdAt: expect.any(String) });

      const fetched = await writer().get(`${url}/${id}`);
      expect(fetched.status).toBe(200);
      expect(fetched.body.id).toBe(id);

      const listed = await writer().get(`${url}?${scopeFilter()}pageSize=200`);
      expect(listed.status).toBe(200);
      expect(listed.body).toMatchObject({ total: expect.any(Number), page: 1, pageSize: 200 });
      expect(listed.body.items.map((item: { id: string }) => item.id)).toContain(id);

      const changes = await updateBody(f, w);
      const updated = await writer().put(`${url}/${id}`, changes);
      expect(updated.status, JSON.stringify(updated.body)).toBe(200);
      expect(updated.body).toMatchObject(changes);
      // Fields the update left out keep their values (canvas rows count versions of changes).
      const untouched = Object.keys(fetched.body).filter(
        (key) => !(key in changes) && key !== 'updatedAt' && key !== 'versions',
      );
      for (const key of untouched) expect(updated.body[key], key).toEqual(fetched.body[key]);

      expect((await writer().del(`${url}/${id}`)).status).toBe(204);
      expectError(await writer().get(`${url}/${id}`), 404, 'not_found');
    });

    it('pages, sorts and bounds the list', async () => {
      for (let i = 0; i < 2; i++)
        expect((await writer().post(url, await f.create(w))).status).toBe(201);
      const first = await writer().get(`${url}?${scopeFilter()}pageSize=1&page=1`);
      const second = await writer().get(`${url}?${scopeFilter()}pageSize=1&page=2`);
      expect(first.body.items).toHaveLength(1);
      expect(first.body.total).toBeGreaterThanOrEqual(2);
      expect(second.body).toMatchObject({ page: 2, pageSize: 1 });
      expect(second.body.items[0].id).not.toBe(first.body.items[0].id);
      const beyond = await writer().get(`${url}?${scopeFilter()}page=100000`);
      expect(beyond.body.items).toEqual([]);

      for (const sort of f.sorts.flatMap((s) => [s, `-${s}`])) {
        const sorted = await writer().get(`${url}?${scopeFilter()}sort=${sort}&pageSize=200`);
        expect(sorted.status, sort).toBe(200);
        if (sort === '-createdAt') {
          const stamps = sorted.body.items.map((item: { createdAt: string }) => item.createdAt);
          expect(stamps).toEqual([...stamps].sort().reverse());
        }
      }

      for (const [query, field] of [
        ['pageSize=0', 'pageSize'],
        ['pageSize=-5', 'pageSize'],
        ['pageSize=201', 'pageSize'],
        ['pageSize=1e9', 'pageSize'],
        ['pageSize=abc', 'pageSize'],
        ['page=0', 'page'],
        ['page=1.5', 'page'],
        ['sort=nope', 'sort'],
        ['sort=-', 'sort'],
        [`search=${'s'.repeat(201)}`, 'search'],
      ]) {
        const answer = await writer().get(`${url}?${query}`);
        expectError(answer, 400, 'validation_error');
        expect(fieldsOf(answer), query).toContain(field);
      }
    });

    it('rejects bad input with a 4xx naming the field, and unknown ids with 404', async () => {
      const empty = await writer().post(url, {});
      expectError(empty, 400, 'validation_error');
      expect(fieldsOf(empty)).toEqual(expect.arrayContaining(f.required));

      const notObject = await writer().post(url, [1, 2, 3]);
      expectError(notObject, 400, 'validation_error');

      const wrong = await writer().post(url, { ...(await f.create(w)), ...f.wrongTypes });
      expectError(wrong, 400, 'validation_error');
      expect(fieldsOf(wrong)).toEqual(expect.arrayContaining(Object.keys(f.wrongTypes)));

      if (f.tooLong) {
        const [field, value] = f.tooLong;
        const tooLong = await writer().post(url, { ...(await f.create(w)), ...value });
        expectError(tooLong, 400, 'validation_error');
        expect(fieldsOf(tooLong)).toContain(field);
      }

      const created = await writer().post(url, await f.create(w));
      const id = created.body.id as string;
      const wrongUpdate = await writer().put(`${url}/${id}`, f.wrongTypes);
      expect(wrongUpdate.status).toBe(400);

      const unknown = randomUUID();
      expectError(await writer().get(`${url}/${unknown}`), 404, 'not_found');
      expectError(
        await writer().put(`${url}/${unknown}`, await updateBody(f, w)),
        404,
        'not_found',
      );
      expectError(await writer().del(`${url}/${unknown}`), 404, 'not_found');
      const malformed = await writer().get(`${url}/not-an-id`);
      expectError(malformed, 400, 'validation_error');
      expect(fieldsOf(malformed)).toEqual(['id']);

      if (f.scope === 'project') {
        const body = await f.create(w);
        if ('projectId' in body) {
          const missing = await writer().post(url, { ...body, projectId: unknown });
          expectError(missing, 404, 'not_found');
          expect(fieldsOf(missing)).toEqual(['projectId']);
          const theirs = await writer().post(url, { ...body, projectId: w.strangerProjectId });
          expectError(theirs, 404, 'not_found');
        }
      }
      if (f.foreign) {
        const [field, body] = await f.foreign(w);
        const foreign = await writer().post(url, body);
        expect([400, 404], JSON.stringify(foreign.body)).toContain(foreign.status);
        expect(fieldsOf(foreign)).toContain(field);
      }
    });

    it('lets each role do only what it may', async () => {
      const row = (await writer().post(url, await f.create(w))).body;
      const rowUrl = `${url}/${row.id}`;
      const changes = await updateBody(f, w);

      for (const answer of [
        await w.as.anonymous.get(url),
        await w.as.anonymous.get(rowUrl),
        await w.as.anonymous.post(url, await f.create(w)),
        await w.as.anonymous.put(rowUrl, changes),
        await w.as.anonymous.del(rowUrl),
      ]) {
        expectError(answer, 401, 'unauthorized');
      }

      if (f.scope === 'catalog') {
        expect((await w.as.owner.get(rowUrl)).status).toBe(200);
        expect((await w.as.owner.get(url)).status).toBe(200);
        expectError(await w.as.owner.post(url, await f.create(w)), 403, 'forbidden');
        expectError(await w.as.owner.put(rowUrl, changes), 403, 'forbidden');
        expectError(await w.as.owner.del(rowUrl), 403, 'forbidden');
        return;
      }

      // Someone else's row does not exist for them.
      expectError(await w.as.stranger.get(rowUrl), 404, 'not_found');
      expectError(await w.as.stranger.put(rowUrl, changes), 404, 'not_found');
      expectError(await w.as.stranger.del(rowUrl), 404, 'not_found');
      const theirList = await w.as.stranger.get(`${url}?pageSize=200`);
      expect(theirList.body.items.map((item: { id: string }) => item.id)).not.toContain(row.id);
      if (f.scope === 'owner') return;

      expect((await w.as.stranger.post(url, await f.create(w))).status).toBe(404);
      expect((await w.as.stranger.get(`${url}?projectId=${w.projectId}`)).body.total).toBe(0);

      expect((await w.as.viewer.get(rowUrl)).status).toBe(200);
      const viewerList = await w.as.viewer.get(`${url}?projectId=${w.projectId}&pageSize=200`);
      expect(viewerList.body.items.map((item: { id: string }) => item.id)).toContain(row.id);
      expectError(await w.as.viewer.post(url, await f.create(w)), 403, 'forbidden');
      expectError(await w.as.viewer.put(rowUrl, changes), 403, 'forbidden');
      expectError(await w.as.viewer.del(rowUrl), 403, 'forbidden');

      const byEditor = await w.as.editor.post(url, await f.create(w));
      expect(byEditor.status, JSON.stringify(byEditor.body)).toBe(201);
      expect(
        (await w.as.editor.put(`${url}/${byEditor.body.id}`, await updateBody(f, w))).status,
      ).toBe(200);
      expect((await w.as.editor.del(`${url}/${byEditor.body.id}`)).status).toBe(204);
      expect((await w.as.owner.put(rowUrl, await updateBody(f, w))).status).toBe(200);
      expect((await w.as.owner.del(rowUrl)).status).toBe(204);
    });
  });
});

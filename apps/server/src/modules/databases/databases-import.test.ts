import { request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { useWorld } from '../../test/api-world';
import { testDatabaseKinds } from '../../test/test-databases';

describe.each(testDatabaseKinds)('database import and export on %s', (database) => {
  const w = useWorld(database, { config: { importMaxBytes: 4 * 1024 } });

  async function upload(
    databaseId: string,
    body: string | Buffer,
    query = '',
    contentType = 'text/csv',
    cookie = w.users.owner.cookie,
  ) {
    const response = await w.t.app.inject({
      method: 'POST',
      url: `/api/node_databases/${databaseId}/import${query ? `?${query}` : ''}`,
      headers: { cookie, origin: w.t.origin, 'content-type': contentType },
      payload: body,
    });
    return { status: response.statusCode, body: response.json() };
  }
  const values = async (databaseId: string) =>
    (
      await w.as.owner.get(
        `/api/database_values?nodeDatabaseId=${databaseId}&sort=key&pageSize=200`,
      )
    ).body.items.map((v: { key: string; value: string; type: string }) => [v.key, v.value, v.type]);

  it('imports a CSV with a header, quoted commas and newlines, a BOM and blank lines', async () => {
    const db = await w.make.database();
    const csv =
      '\uFEFFkey,value,type\r\nalpha,"one, two",text\r\n\r\nbeta,"line 1\nline 2",text\r\ngamma,42,number\r\ndelta,"{""a"":1}",json\r\n\r\n';
    const result = await upload(db.id, csv, 'typeColumn=type');
    expect(result).toEqual({
      status: 200,
      body: { rowsRead: 4, imported: 4, replaced: 0, dryRun: false },
    });
    expect(await values(db.id)).toEqual([
      ['alpha', 'one, two', 'text'],
      ['beta', 'line 1\nline 2', 'text'],
      ['delta', '{"a":1}', 'json'],
      ['gamma', '42', 'number'],
    ]);
  });

  it('numbers bad rows by their line in the file, blank lines and quoted newlines counted', async () => {
    const db = await w.make.database();
    const csv = 'key,value,type\n\nok,1,number\n\n"multi\nline",2,number\nbad,x,number\n';
    const result = await upload(db.id, csv, 'typeColumn=type');
    expect(result.status).toBe(400);
    expect(result.body.error.message).toBe('1 of 3 rows has problems; nothing was imported');
    expect(result.body.error.details).toEqual([
      { field: 'rows.7.value', message: 'Must be a number' },
    ]);
    const crlf = await upload(db.id, 'key,value\r\n\r\n\r\n,1\r\n', '');
    expect(crlf.body.error.details).toEqual([{ field: 'rows.4.key', message: 'The key is empty' }]);
  });

  it('maps columns by name or by number, detects the delimiter, and can replace', async () => {
    const db = await w.make.database();
    expect(
      (
        await upload(
          db.id,
          'name;amount\nx;1\ny;2\n',
          'keyColumn=name&valueColumn=amount&defaultType=number',
        )
      ).body.imported,
    ).toBe(2);
    const noHeader = await upload(
      db.id,
      'z|3\n',
      'header=false&keyColumn=1&valueColumn=2&delimiter=%7C&mode=replace',
    );
    expect(noHeader.body).toMatchObject({ imported: 1, replaced: 2 });
    expect(await values(db.id)).toEqual([['z', '3', 'text']]);
    const wrongMapping = await upload(db.id, 'a,b\n1,2\n', 'keyColumn=name&valueColumn=b');
    expect(wrongMapping.status).toBe(400);
    expect(wrongMapping.body.error.details).toEqual([
      { field: 'keyColumn', message: 'No column named "name"; the file has "a", "b"' },
    ]);
    const numbersNeeded = await upload(db.id, 'a,b\n', 'header=false&keyColumn=key');
    expect(numbersNeeded.body.error.details[0].field).toBe('keyColumn');
  });

  it('reports every bad row by number and column, and writes nothing', async () => {
    const db = await w.make.database();
    await upload(db.id, 'key,value\nkept,1\n');
    const csv = [
      'key,value,type',
      'ok,1,number',
      'bad-number,twelve,number',
      ',empty key,text',
      'short,1',
      'bad-date,31/01/2026,date',
      'bad-json,{oops,json',
      'bad-type,x,colour',
      'too,many,text,columns',
    ].join('\n');
    const result = await upload(db.id, csv, 'typeColumn=type');
    expect(result.status).toBe(400);
    expect(result.body.error.message).toBe('7 of 8 rows have problems; nothing was imported');
    expect(result.body.error.details).toEqual([
      { field: 'rows.3.value', message: 'Must be a number' },
      { field: 'rows.4.key', message: 'The key is empty' },
      { field: 'rows.5', message: 'Expected 3 columns, found 2' },
      { field: 'rows.6.value', message: expect.stringContaining('Must be a date') },
      { field: 'rows.7.value', message: 'Must be valid JSON' },
      { field: 'rows.8.type', message: expect.stringContaining('Unknown type "colour"') },
      { field: 'rows.9', message: 'Expected 3 columns, found 4' },
    ]);
    expect(await values(db.id)).toEqual([['kept', '1', 'text']]);
    const replaced = await upload(db.id, 'key,value\nbad,1\n,2\n', 'mode=replace');
    expect(replaced.status).toBe(400);
    expect(await values(db.id)).toEqual([['kept', '1', 'text']]);
  });

  it('refuses an empty file, a header with no rows, and a file over the size limit with 413', async () => {
    const db = await w.make.database();
    expect((await upload(db.id, '')).body.error.details).toEqual([
      { field: 'file', message: 'The file is empty' },
    ]);
    expect((await upload(db.id, 'key,value\n')).body.error.details[0].message).toBe(
      'The file has a header row but no data',
    );
    const big = `key,value\n${'k,v\n'.repeat(2000)}`;
    const tooBig = await upload(db.id, big);
    expect(tooBig.status).toBe(413);
    expect(tooBig.body.error.code).toBe('payload_too_large');
    expect(await values(db.id)).toEqual([]);
  });

  it('imports a JSON array of objects, and checks it as carefully', async () => {
    const db = await w.make.database();
    const json = JSON.stringify([
      { key: 'a', value: 'x' },
      { key: 'b', value: 2, type: 'number' },
      { key: 'c', value: { deep: [1] }, type: 'json' },
      { key: 'd', value: true, type: 'boolean' },
    ]);
    const result = await upload(db.id, json, 'format=json&typeColumn=type', 'application/json');
    expect(result.body).toMatchObject({ imported: 4 });
    expect(await values(db.id)).toEqual([
      ['a', 'x', 'text'],
      ['b', '2', 'number'],
      ['c', '{"deep":[1]}', 'json'],
      ['d', 'true', 'boolean'],
    ]);
    const broken = await upload(
      db.id,
      '[{"key":"e","value":"1"},{"key"',
      'format=json',
      'application/json',
    );
    expect(broken.status).toBe(400);
    expect(broken.body.error.details[0].field).toBe('file');
    const notArray = await upload(db.id, '{"key":"e"}', 'format=json', 'application/json');
    expect(notArray.status).toBe(400);
    expect((await values(db.id)).length).toBe(4);
  });

  it('refuses a JSON row nested deeper than the API allows, naming the row', async () => {
    const db = await w.make.database();
    const nested = (depth: number) => `${'['.repeat(depth)}${']'.repeat(depth)}`;
    const file = (depth: number) =>
      `[{"key":"flat","value":"1"},{"key":"deep","value":${nested(depth)}}]`;
    const deep = await upload(db.id, file(1_500), 'format=json', 'application/json');
    expect(deep.status).toBe(400);
    expect(deep.body.error.details).toEqual([
      { field: 'rows.2', message: expect.stringContaining('deeper than 64') },
    ]);
    expect(await values(db.id)).toEqual([]);
    // The row object is one level, so its value may nest 63 more.
    const fine = await upload(db.id, file(63), 'format=json&defaultType=json', 'application/json');
    expect(fine.body).toMatchObject({ imported: 2 });
  });

  it('checks without writing on a dry run, and exports CSV that imports back the same', async () => {
    const db = await w.make.database();
    expect((await upload(db.id, 'key,value\na,1\n', 'dryRun=true')).body).toEqual({
      rowsRead: 1,
      imported: 0,
      replaced: 0,
      dryRun: true,
    });
    expect(await values(db.id)).toEqual([]);
    await upload(
      db.id,
      'key,value,type\n"q, 1","say ""hi""\nthere",text\nn,5,number\n',
      'typeColumn=type',
    );
    const exported = await w.t.app.inject({
      url: `/api/node_databases/${db.id}/export`,
      headers: { cookie: w.users.viewer.cookie },
    });
    expect(exported.statusCode).toBe(200);
    expect(exported.headers['content-type']).toContain('text/csv');
    expect(exported.body).toBe(
      'key,value,type\r\nn,5,number\r\n"q, 1","say ""hi""\nthere",text\r\n',
    );
    const copy = await w.make.database();
    await upload(copy.id, exported.body, 'typeColumn=type');
    expect(await values(copy.id)).toEqual(await values(db.id));
  });

  it('keeps imports to editors of the project', async () => {
    const db = await w.make.database();
    expect(
      (await upload(db.id, 'key,value\na,1\n', '', 'text/csv', w.users.viewer.cookie)).status,
    ).toBe(403);
    expect(
      (await upload(db.id, 'key,value\na,1\n', '', 'text/csv', w.users.stranger.cookie)).status,
    ).toBe(404);
    expect(
      (
        await w.t.app.inject({
          url: `/api/node_databases/${db.id}/export`,
          headers: { cookie: w.users.stranger.cookie },
        })
      ).statusCode,
    ).toBe(404);
    const anonymous = await w.t.app.inject({
      method: 'POST',
      url: `/api/node_databases/${db.id}/import`,
      payload: 'key,value\n',
      headers: { 'content-type': 'text/csv' },
    });
    expect(anonymous.statusCode).toBe(401);
    expect(
      (await upload(db.id, 'key,value\na,1\n', 'mode=merge')).body.error.details[0].field,
    ).toBe('mode');
    expect(await values(db.id)).toEqual([]);
  });

  it('writes nothing when the client disconnects in the middle of an upload', async () => {
    const db = await w.make.database();
    await w.t.app.listen({ port: 0, host: '127.0.0.1' }).catch(() => undefined);
    const { port } = w.t.app.server.address() as AddressInfo;
    await new Promise<void>((resolve) => {
      const req = httpRequest({
        host: '127.0.0.1',
        port,
        method: 'POST',
        path: `/api/node_databases/${db.id}/import`,
        headers: {
          cookie: w.users.owner.cookie,
          origin: w.t.origin,
          'content-type': 'text/csv',
          'content-length': '4000',
        },
      });
      req.on('error', () => resolve());
      req.write('key,value\n');
      for (let i = 0; i < 100; i++) req.write(`k${i},${i}\n`);
      setTimeout(() => {
        req.destroy();
        resolve();
      }, 300);
    });
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(await values(db.id)).toEqual([]);
    const after = await upload(db.id, 'key,value\nfine,1\n');
    expect(after.body.imported).toBe(1);
  });
});

import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createWorld, type TWorld } from '../../test/api-world';
import { createTestApp, type TTestApp } from '../../test/test-app';
import {
  openTestDatabase,
  testDatabaseKinds,
  type TTestDatabaseKind,
} from '../../test/test-databases';

const png = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 1, 2, 3]);

/** Each database with the store it chooses by default, and the embedded one told to use rows. */
type TSetup = [TTestDatabaseKind, 'local' | 'postgres', Record<string, string>];
const setups: TSetup[] = [
  ['pglite', 'local', {}],
  ['pglite', 'postgres', { FILE_STORE: 'postgres' }],
  ...testDatabaseKinds
    .filter((kind) => kind === 'postgres')
    .map((kind): TSetup => [kind, 'postgres', {}]),
];

describe.each(setups)('generated files on %s in the %s store', (kind, store, env) => {
  let database: Awaited<ReturnType<typeof openTestDatabase>>;
  let dataDir: string;
  let w: TWorld;
  const others: TTestApp[] = [];

  beforeAll(async () => {
    database = await openTestDatabase(kind);
    dataDir = await mkdtemp(path.join(tmpdir(), 'flowsmith-files-'));
    w = await createWorld(database, { env: { ...env, DATA_DIR: dataDir } });
  }, 120_000);
  afterAll(async () => {
    await w.t.close();
    for (const other of others) {
      await other.close();
      if (other.database !== database) await other.database.close();
    }
    await database.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  /** Another server on the same database: its own connection and, unless told, its own folder. */
  async function anotherServer(serverEnv: Record<string, string> = env) {
    const other = await createTestApp({
      database: kind === 'postgres' ? await database.reopen() : database,
      env: serverEnv,
    });
    others.push(other);
    return other;
  }
  const get = (t: TTestApp, url: string, cookie: string) =>
    t.app.inject({ url, headers: { cookie } });

  it(`keeps files in the ${store} store`, () => {
    expect(w.t.app.files.kind).toBe(store);
  });

  it('serves a picture inline under a safe name to members, never as something to sniff', async () => {
    const saved = await w.t.app.files.save(w.projectId, png, 'image/png', w.users.owner.id);
    const name = saved.fileId.split('/')[1]!;
    expect(saved).toEqual({
      fileId: `${w.projectId}/${name}`,
      url: `/api/files/${w.projectId}/${name}`,
      mediaType: 'image/png',
    });
    const answer = await get(w.t, saved.url, w.users.viewer.cookie);
    expect(answer.statusCode).toBe(200);
    expect(answer.headers).toMatchObject({
      'content-type': 'image/png',
      'content-disposition': `inline; filename="${name}"`,
      'content-length': String(png.byteLength),
      'x-content-type-options': 'nosniff',
    });
    expect(new Uint8Array(answer.rawPayload)).toEqual(png);
  });

  it("answers 404 to another user, and for a file under another project's id", async () => {
    const saved = await w.t.app.files.save(w.projectId, png, 'image/jpeg');
    expect(saved.mediaType).toBe('image/jpeg');
    const name = saved.fileId.split('/')[1]!;
    const stranger = await get(w.t, saved.url, w.users.stranger.cookie);
    expect(stranger.statusCode).toBe(404);
    expect(stranger.json().error.code).toBe('not_found');
    // The stranger may read their own project, but the file was not made there.
    const elsewhere = await get(
      w.t,
      `/api/files/${w.strangerProjectId}/${name}`,
      w.users.stranger.cookie,
    );
    expect(elsewhere.statusCode).toBe(404);
    const anonymous = await w.t.app.inject({ url: saved.url });
    expect(anonymous.statusCode).toBe(401);
  });

  it('answers 404 for a file that is not there, and 400 naming a name that is no file name', async () => {
    const missing = await get(
      w.t,
      `/api/files/${w.projectId}/00000000-0000-4000-8000-000000000000.png`,
      w.users.owner.cookie,
    );
    expect(missing.statusCode).toBe(404);
    expect(missing.json().error).toMatchObject({ code: 'not_found', message: 'File not found' });
    const bad = await get(w.t, `/api/files/${w.projectId}/..%2Fsecret.key`, w.users.owner.cookie);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.details).toEqual([expect.objectContaining({ field: 'name' })]);
  });

  it.runIf(store === 'postgres')(
    'serves a file saved through one server from another',
    async () => {
      const saved = await w.t.app.files.save(w.projectId, png, 'image/webp');
      const b = await anotherServer();
      expect(b.config.dataDir).not.toBe(dataDir);
      const answer = await get(b, saved.url, w.users.editor.cookie);
      expect(answer.statusCode).toBe(200);
      expect(answer.headers['content-type']).toBe('image/webp');
      expect(new Uint8Array(answer.rawPayload)).toEqual(png);
      expect((await get(b, saved.url, w.users.stranger.cookie)).statusCode).toBe(404);
    },
  );

  it('keeps every file over a restart of the server', async () => {
    const saved = await w.t.app.files.save(w.projectId, png, 'image/gif');
    await w.t.app.close();
    const restarted = await anotherServer({ ...env, DATA_DIR: dataDir });
    const answer = await get(restarted, saved.url, w.users.viewer.cookie);
    expect(answer.statusCode).toBe(200);
    expect(new Uint8Array(answer.rawPayload)).toEqual(png);
    expect((await get(restarted, saved.url, w.users.stranger.cookie)).statusCode).toBe(404);
  });
});

import { existsSync } from 'node:fs';
import { appendFile, cp, mkdir, mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serverDir } from '../paths';
import { openDatabase } from './database';
import { startEmbeddedDatabase } from './pglite-client';
import { adoptTemplateCopy, createPgliteTemplate } from './pglite-template';

const migrationsFolder = path.join(serverDir, 'drizzle');

describe('the embedded database template', () => {
  let dir: string;
  let template: string;
  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'flowsmith-template-'));
    template = path.join(dir, 'template');
    await createPgliteTemplate(migrationsFolder, template);
  }, 120_000);
  afterAll(() => rm(dir, { recursive: true, force: true }));

  /** The template's copy in `dataDir`, if it fits the migrations in `migrations`. */
  const fromTemplate = (dataDir: string, from: string, migrations = migrationsFolder) => {
    const started = startEmbeddedDatabase(dataDir, from);
    expect(started.fromTemplate).toBe(true);
    return adoptTemplateCopy(started.opening, dataDir, migrations);
  };

  it('starts a new database from the template, migrated, and reopens it as it is', async () => {
    const dataDir = path.join(dir, 'first');
    const client = await fromTemplate(dataDir, template);
    expect(client).toBeDefined();
    await client!.close();
    const database = await openDatabase({
      kind: 'pglite',
      dataDir,
      started: startEmbeddedDatabase(dataDir, template),
    });
    const users = await database.db.execute('select count(*)::int as count from users');
    expect((users as unknown as { rows: Array<{ count: number }> }).rows[0]!.count).toBe(0);
    await database.db.execute(
      "insert into users (email, name, password_hash) values ('kept@example.com', 'Kept', 'x')",
    );
    await database.close();

    const reopened = await openDatabase({
      kind: 'pglite',
      dataDir,
      started: startEmbeddedDatabase(dataDir, template),
    });
    const kept = await reopened.db.execute('select email from users');
    expect((kept as unknown as { rows: unknown[] }).rows).toEqual([{ email: 'kept@example.com' }]);
    await reopened.close();
  });

  it('is not used when its migrations differ from the code’s, and leaves nothing behind', async () => {
    const changed = path.join(dir, 'changed-migrations');
    await cp(migrationsFolder, changed, { recursive: true });
    const lastSql = (await readdir(changed))
      .filter((name) => name.endsWith('.sql'))
      .sort()
      .at(-1)!;
    await appendFile(path.join(changed, lastSql), '\n-- edited after the template was made\n');
    const dataDir = path.join(dir, 'changed');
    expect(await fromTemplate(dataDir, template, changed)).toBeUndefined();
    expect(await readdir(dataDir)).toEqual([]);
  });

  it('is not used when it cannot be read', async () => {
    const broken = path.join(dir, 'broken-template');
    await mkdir(broken);
    await writeFile(path.join(broken, 'PG_VERSION'), '7\n');
    const dataDir = path.join(dir, 'broken');
    expect(await fromTemplate(dataDir, broken)).toBeUndefined();
    expect(existsSync(path.join(dataDir, 'PG_VERSION'))).toBe(false);
  });
});

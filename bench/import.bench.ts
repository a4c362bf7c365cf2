// `npm run bench:import`: a 100,000-row CSV imported through the HTTP endpoint, against a bare
// multi-row INSERT of the same rows through the same database driver, in the same run.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { performance } from 'node:perf_hooks';
import { eq } from 'drizzle-orm';
import { buildApp } from '../apps/server/src/app';
import { loadConfig } from '../apps/server/src/config/config';
import { openDatabase } from '../apps/server/src/db/database';
import { openTestDatabase } from '../apps/server/src/test/test-databases';
import { databaseValues, mailOutbox } from '../apps/server/src/db/schema/index';

const ROWS = 100_000;
const BATCH = 1_000;
const PASSWORD = 'benchmark password 123';

const row = (i: number) => ({ key: `key-${i}`, value: String(i * 7), type: 'number' as const });

function* csvChunks(): Generator<string> {
  yield 'key,value,type\n';
  for (let i = 0; i < ROWS; i += BATCH) {
    let chunk = '';
    for (let j = i; j < Math.min(ROWS, i + BATCH); j++) chunk += `key-${j},${j * 7},number\n`;
    yield chunk;
  }
}

/**
 * Samples memory while work runs: the peak JavaScript heap (what the importer itself holds) and
 * the peak resident size of the whole process, which with the embedded database includes its
 * WebAssembly memory.
 */
async function measured<T>(work: () => Promise<T>) {
  const mb = (bytes: number) => bytes / 1024 / 1024;
  let heap = process.memoryUsage().heapUsed;
  const startRss = process.memoryUsage().rss;
  let rss = startRss;
  const sample = () => {
    const usage = process.memoryUsage();
    heap = Math.max(heap, usage.heapUsed);
    rss = Math.max(rss, usage.rss);
  };
  const timer = setInterval(sample, 10);
  const start = performance.now();
  try {
    const result = await work();
    sample();
    return {
      result,
      ms: performance.now() - start,
      heapMb: mb(heap),
      rssMb: mb(rss),
      startRssMb: mb(startRss),
    };
  } finally {
    clearInterval(timer);
  }
}

const dataDir = await mkdtemp(path.join(tmpdir(), 'flowsmith-bench-'));
const config = loadConfig({
  DATA_DIR: dataDir,
  LOG_LEVEL: 'silent',
  WEB_DIST_DIR: path.join(dataDir, 'none'),
});
// The embedded database by default; with DATABASE_URL, a throw-away database on that server.
const database = process.env.DATABASE_URL
  ? await openTestDatabase('postgres')
  : await openDatabase({ kind: 'pglite', dataDir: path.join(dataDir, 'db') });
const app = await buildApp({
  config,
  database,
  secretKey: 'benchmark-secret-key-that-is-long-enough',
  logger: false,
});
await app.ready();

const call = async (method: 'GET' | 'POST', url: string, payload?: object, cookie = '') => {
  const response = await app.inject({ method, url, payload, headers: cookie ? { cookie } : {} });
  return { status: response.statusCode, body: response.json(), cookies: response.cookies };
};
await call('POST', '/api/auth/register', {
  email: 'bench@example.com',
  password: PASSWORD,
  name: 'Bench',
});
const [mail] = await database.db.select().from(mailOutbox);
const token = decodeURIComponent(/token=([\w%-]+)/.exec(mail!.text)![1]!);
await call('POST', '/api/auth/verify-email', { token });
const login = await call('POST', '/api/auth/login', {
  email: 'bench@example.com',
  password: PASSWORD,
});
const cookie = `token=${login.cookies.find((c) => c.name === 'token')!.value}`;
const project = (await call('POST', '/api/projects', { name: 'Bench' }, cookie)).body;
const imported = (
  await call('POST', '/api/node_databases', { projectId: project.id, name: 'Imported' }, cookie)
).body;
const bare = (
  await call('POST', '/api/node_databases', { projectId: project.id, name: 'Bare' }, cookie)
).body;

const importRun = await measured(async () => {
  const response = await app.inject({
    method: 'POST',
    url: `/api/node_databases/${imported.id}/import?typeColumn=type`,
    headers: { cookie, 'content-type': 'text/csv' },
    payload: Readable.from(csvChunks()),
  });
  if (response.statusCode !== 200) throw new Error(`import failed: ${response.body}`);
  return response.json() as { imported: number };
});

const bareRun = await measured(async () => {
  await database.db.transaction(async (tx) => {
    for (let i = 0; i < ROWS; i += BATCH) {
      const batch = [];
      for (let j = i; j < Math.min(ROWS, i + BATCH); j++)
        batch.push({ projectId: project.id, nodeDatabaseId: bare.id, ...row(j) });
      await tx.insert(databaseValues).values(batch);
    }
  });
});

const count = async (id: string) =>
  (
    await database.db
      .select({ id: databaseValues.id })
      .from(databaseValues)
      .where(eq(databaseValues.nodeDatabaseId, id))
  ).length;
if ((await count(imported.id)) !== ROWS || (await count(bare.id)) !== ROWS)
  throw new Error('row counts differ');

const rate = (ms: number) => Math.round((ROWS / ms) * 1000);
const ratio = rate(importRun.ms) / rate(bareRun.ms);
const kind = database.kind === 'pglite' ? 'the embedded database (PGlite)' : 'PostgreSQL';
const line = (name: string, run: Awaited<ReturnType<typeof measured>>) => ({
  path: name,
  'rows/s': rate(run.ms),
  seconds: (run.ms / 1000).toFixed(2),
  'peak heap MB': run.heapMb.toFixed(0),
  'process MB before': run.startRssMb.toFixed(0),
  'peak process MB': run.rssMb.toFixed(0),
});
console.log(`Importing ${ROWS.toLocaleString('en-US')} CSV rows into ${kind}`);
console.table([line('CSV import endpoint', importRun), line('bare multi-row INSERT', bareRun)]);
console.log(
  `import / bare rate: ${ratio.toFixed(2)} (target ≥ 0.50: ${ratio >= 0.5 ? 'met' : 'NOT met'})`,
);
const heapMet = importRun.heapMb < 300 ? 'met' : 'NOT met';
console.log(`import peak heap: ${importRun.heapMb.toFixed(0)} MB (target < 300 MB: ${heapMet})`);

await app.close();
await database.close();
await rm(dataDir, { recursive: true, force: true });

// `npm run bench:import`: a 100,000-row CSV imported through the HTTP endpoint, against a bare
// multi-row INSERT of the same rows sent with the database driver itself (PGlite's or pg's
// `query`, no ORM), in the same run.
import './support/as-started';
import { Readable } from 'node:stream';
import { performance } from 'node:perf_hooks';
import { eq } from 'drizzle-orm';
import { databaseValues } from '../apps/server/src/db/schema/index';
import { startBenchApp } from './support/bench-app';

const ROWS = 100_000;
const BATCH = 1_000;

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

const bench = await startBenchApp();
const { app, database } = bench;
const { cookie } = await bench.signUp('bench@example.com', 'Bench');
const call = async (method: 'GET' | 'POST', url: string, payload?: object) => {
  const response = await app.inject({
    method,
    url,
    payload,
    headers: { cookie, origin: bench.origin },
  });
  return { status: response.statusCode, body: response.json() };
};
const project = (await call('POST', '/api/projects', { name: 'Bench' })).body;
const imported = (
  await call('POST', '/api/node_databases', { projectId: project.id, name: 'Imported' })
).body;
const bare = (await call('POST', '/api/node_databases', { projectId: project.id, name: 'Bare' }))
  .body;

const importRun = await measured(async () => {
  const response = await app.inject({
    method: 'POST',
    url: `/api/node_databases/${imported.id}/import?typeColumn=type`,
    headers: { cookie, origin: bench.origin, 'content-type': 'text/csv' },
    payload: Readable.from(csvChunks()),
  });
  if (response.statusCode !== 200) throw new Error(`import failed: ${response.body}`);
  return response.json() as { imported: number };
});

type TQueryable = { query(text: string, params: unknown[]): Promise<unknown> };
type TPgliteDriver = { transaction<T>(work: (tx: TQueryable) => Promise<T>): Promise<T> };
type TPoolDriver = { connect(): Promise<TQueryable & { release(): void }> };

/** One multi-row INSERT per batch of `rows`, its parameters numbered as the driver wants. */
const insertText = (rows: number) =>
  'insert into database_values (project_id, node_database_id, key, value, type) values ' +
  Array.from({ length: rows }, (_, r) => {
    const n = r * 5;
    return `($${n + 1}, $${n + 2}, $${n + 3}, $${n + 4}, $${n + 5})`;
  }).join(', ');

/** The baseline: the same rows in one transaction, sent with the database's driver directly. */
async function rawInsert(nodeDatabaseId: string) {
  const text = insertText(BATCH);
  const batches = async (client: TQueryable) => {
    for (let i = 0; i < ROWS; i += BATCH) {
      const params: unknown[] = [];
      for (let j = i; j < Math.min(ROWS, i + BATCH); j++) {
        const { key, value, type } = row(j);
        params.push(project.id, nodeDatabaseId, key, value, type);
      }
      await client.query(
        params.length === BATCH * 5 ? text : insertText(params.length / 5),
        params,
      );
    }
  };
  const driver = (database.db as unknown as { $client: unknown }).$client;
  if (database.kind === 'pglite') {
    await (driver as TPgliteDriver).transaction(batches);
    return;
  }
  const client = await (driver as TPoolDriver).connect();
  try {
    await client.query('begin', []);
    await batches(client);
    await client.query('commit', []);
  } catch (error) {
    await client.query('rollback', []);
    throw error;
  } finally {
    client.release();
  }
}

const bareRun = await measured(() => rawInsert(bare.id));

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
console.table([
  line('CSV import endpoint', importRun),
  line('bare multi-row INSERT (driver)', bareRun),
]);
console.log(
  `import / bare rate: ${ratio.toFixed(2)} (target ≥ 0.50: ${ratio >= 0.5 ? 'met' : 'NOT met'})`,
);
const heapMet = importRun.heapMb < 300 ? 'met' : 'NOT met';
console.log(`import peak heap: ${importRun.heapMb.toFixed(0)} MB (target < 300 MB: ${heapMet})`);

await bench.close();

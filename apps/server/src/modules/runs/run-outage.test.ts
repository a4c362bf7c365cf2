import { eq } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runEvents, runs } from '../../db/schema/index';
import { createWorld, type TWorld } from '../../test/api-world';
import { startFakeOpenAiServer, type TFakeOpenAiServer } from '../../test/fake-openai-server';
import { openTestDatabase } from '../../test/test-databases';

const QUESTION = Array.from({ length: 40 }, (_, i) => `word${i}`).join(' ');

/** Keeps a database unreachable for `ms`: refuses new connections and ends the open ones. */
async function outage(databaseUrl: string, ms: number) {
  const name = new URL(databaseUrl).pathname.slice(1);
  const admin = new pg.Client({ connectionString: process.env.DATABASE_URL });
  await admin.connect();
  try {
    await admin.query(`alter database ${name} allow_connections false`);
    await admin.query(
      'select pg_terminate_backend(pid) from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()',
      [name],
    );
    await new Promise((resolve) => setTimeout(resolve, ms));
  } finally {
    await admin.query(`alter database ${name} allow_connections true`);
    await admin.end();
  }
}

describe.skipIf(!process.env.DATABASE_URL)('a run while the database is away', () => {
  let database: Awaited<ReturnType<typeof openTestDatabase>>;
  let w: TWorld;
  let ai: TFakeOpenAiServer;

  beforeAll(async () => {
    ai = await startFakeOpenAiServer();
    database = await openTestDatabase('postgres');
    w = await createWorld(database, { env: { OPENAI_COMPATIBLE_BASE_URL: ai.baseUrl } });
  }, 120_000);
  afterAll(async () => {
    await w?.t.close();
    await database?.close();
    await ai?.close();
  });

  const rowOf = async (id: string) => {
    for (;;) {
      // The test's own connections are cut too; it asks again until the database is back.
      const row = await database.db
        .select()
        .from(runs)
        .where(eq(runs.id, id))
        .then(([found]) => found!)
        .catch(() => undefined);
      if (row) return row;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  };

  it('stores every event in order and the final state once the database is back', async () => {
    const { group } = await w.make.flow('compatible:slow-chat');
    const started = await w.as.owner.post('/api/runs', {
      projectId: w.projectId,
      nodeGroupId: group.id,
      inputs: { question: QUESTION },
    });
    expect(started.status).toBe(202);
    const id = started.body.run.id as string;
    // 44 streamed words, one each 150 ms: the outage starts near the end and lasts past it, so
    // both late events and the run's end are written while the database is away.
    for (;;) {
      const tokens = await database.db
        .select({ seq: runEvents.seq })
        .from(runEvents)
        .where(eq(runEvents.runId, id));
      if (tokens.length >= 32) break;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    await outage(database.url!, 3_500);

    let run = await rowOf(id);
    for (let i = 0; i < 200 && run.status === 'running'; i++) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      run = await rowOf(id);
    }
    expect(run.status, run.error ?? '').toBe('succeeded');
    expect(run.outputs).toEqual({ answer: `Hello from tiny: Q: ${QUESTION}` });

    const events = (await w.as.owner.get(`/api/runs/${id}/events`)).body.items as Array<{
      seq: number;
      type: string;
      delta?: string;
      status?: string;
    }>;
    expect(events.map((e) => e.seq)).toEqual(events.map((_, i) => i + 1));
    expect(
      events
        .filter((e) => e.type === 'node-token')
        .map((e) => e.delta)
        .join(''),
    ).toBe(`Hello from tiny: Q: ${QUESTION}`);
    expect(events.at(-1)).toMatchObject({ type: 'run-status', status: 'succeeded' });
    expect(run.seq).toBe(events.at(-1)!.seq);
  }, 60_000);
});

import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { runs } from './db/schema/index';
import { createWorld, type TWorld } from './test/api-world';
import { startServerChild, type TChild } from './test/child-process';
import { startFakeOpenAiServer, type TFakeOpenAiServer } from './test/fake-openai-server';
import { openTestDatabase } from './test/test-databases';

// A server process starts from source on two busy cores: waits are generous, never timed.
vi.setConfig({ testTimeout: 180_000 });

const words = (count: number) => Array.from({ length: count }, (_, i) => `word${i}`).join(' ');

/** Server-Sent Events as `{type, ...data}`, from complete blocks only. */
const eventsOf = (text: string) =>
  text
    .slice(0, text.lastIndexOf('\n\n') + 2)
    .split('\n\n')
    .filter(Boolean)
    .map((block) => ({
      type: /^event: (.*)$/m.exec(block)![1],
      ...JSON.parse(/^data: (.*)$/m.exec(block)![1]!),
    })) as Array<{ type: string; runId?: string; status?: string; outputs?: object }>;

describe.skipIf(!process.env.DATABASE_URL)('a server stopped with SIGTERM', () => {
  let database: Awaited<ReturnType<typeof openTestDatabase>>;
  let w: TWorld;
  let ai: TFakeOpenAiServer;
  let dataDir: string;
  let key: string;
  const children: TChild[] = [];

  beforeAll(async () => {
    [ai, database, dataDir] = await Promise.all([
      startFakeOpenAiServer(),
      openTestDatabase('postgres'),
      mkdtemp(path.join(tmpdir(), 'flowsmith-shutdown-')),
    ]);
    // Prepares people and published groups; executes no run itself.
    const env = { OPENAI_COMPATIBLE_BASE_URL: ai.baseUrl };
    w = await createWorld(database, { env, config: { runs: { parallelRuns: 0 } } });
    key = (await w.created(w.as.owner.post('/api/api_keys', { name: 'shutdown' }))).key;
  }, 120_000);

  afterAll(async () => {
    for (const child of children) await child.kill();
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
    await ai?.close();
    await w?.t.close();
    await database?.close();
  });

  async function startServer(graceSeconds: number) {
    const { child, started, url } = await startServerChild({
      DATABASE_URL: database.url!,
      RUN_QUEUE: 'in-process',
      SHUTDOWN_GRACE_SECONDS: String(graceSeconds),
      SECRET_KEY: 'test-secret-key-that-is-long-enough-0123',
      PUBLIC_URL: 'http://flowsmith.test',
      DATA_DIR: dataDir,
      HOST: '127.0.0.1',
      LOG_FORMAT: 'json',
      ALLOW_PRIVATE_PROVIDER_URLS: 'true',
      OPENAI_COMPATIBLE_BASE_URL: ai.baseUrl,
    });
    children.push(child);
    expect(started, child.output).toBe(true);
    return { child, url };
  }

  /** Starts a slow run through the run API's stream and reads it until the model answers. */
  async function streamingRun(url: string, question: string) {
    const { group } = await w.make.flow('compatible:slow-chat');
    await w.created(w.as.owner.post(`/api/node_groups/${group.id}/versions`, { note: 'v1' }));
    const answer = await fetch(`${url}/api/v1/groups/${group.id}/run`, {
      method: 'POST',
      headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
      body: JSON.stringify({ inputs: { question }, stream: true }),
    });
    expect(answer.status).toBe(200);
    const reader = answer.body!.pipeThrough(new TextDecoderStream()).getReader();
    let text = '';
    while (!eventsOf(text).some((e) => e.type === 'token')) {
      const { value, done } = await reader.read();
      if (done) break;
      text += value;
    }
    const runId = eventsOf(text).find((e) => e.type === 'run')!.runId!;
    /** The rest of the stream, until the server ends it. */
    const rest = async () => {
      for (;;) {
        const { value, done } = await reader.read().catch(() => ({ value: '', done: true }));
        if (done) return eventsOf(text);
        text += value;
      }
    };
    return { runId, rest };
  }

  const runRow = async (id: string) =>
    (await database.db.select().from(runs).where(eq(runs.id, id)))[0]!;

  it('refuses new connections, lets the running run finish and its stream end, then exits', async () => {
    const { child, url } = await startServer(120);
    const run = await streamingRun(url, words(12));
    const exited = child.stop();
    // The listener closes at once; the request under way goes on.
    await vi.waitFor(
      async () => {
        await expect(fetch(`${url}/api/check`)).rejects.toThrow();
      },
      { timeout: 30_000, interval: 100 },
    );
    const events = await run.rest();
    expect(events.at(-1)).toMatchObject({
      type: 'done',
      status: 'succeeded',
      outputs: { answer: `Hello from tiny: Q: ${words(12)}` },
    });
    const { code, output } = await exited;
    expect(code, output).toBe(0);
    expect((await runRow(run.runId)).status).toBe('succeeded');
  });

  it('interrupts a run still going when the grace period is over', async () => {
    const { child, url } = await startServer(1);
    const run = await streamingRun(url, words(400));
    const { code, output } = await child.stop();
    expect(code, output).toBe(0);
    expect(await runRow(run.runId)).toMatchObject({
      status: 'failed',
      error: 'Interrupted: the process running it stopped',
    });
  });
});

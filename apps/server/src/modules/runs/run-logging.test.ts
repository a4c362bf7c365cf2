import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { TRun } from '@flowsmith/shared';
import { createWorld, type TWorld } from '../../test/api-world';
import { startFakeOpenAiServer, type TFakeOpenAiServer } from '../../test/fake-openai-server';
import { captureLog } from '../../test/test-app';

const WARN = 40;
const ERROR = 50;
const API_KEY = 'sk-compatible-secret';

describe('what runs write into the server log', () => {
  let w: TWorld;
  let ai: TFakeOpenAiServer;
  const log = captureLog();

  beforeAll(async () => {
    ai = await startFakeOpenAiServer();
    w = await createWorld('pglite', {
      logStream: log.stream,
      env: { OPENAI_COMPATIBLE_BASE_URL: ai.baseUrl, OPENAI_COMPATIBLE_API_KEY: API_KEY },
      config: {
        runs: {
          concurrency: 4,
          parallelRuns: 2,
          nodeTimeoutMs: 5_000,
          retry: { retries: 0, baseDelayMs: 10, maxDelayMs: 50 },
        },
      },
    });
  }, 120_000);
  afterAll(async () => {
    await w.t.close();
    await ai.close();
  });

  async function run(model: string, question: string) {
    const { group, processor } = await w.make.flow(model);
    const started = await w.as.owner.post('/api/runs', {
      projectId: w.projectId,
      nodeGroupId: group.id,
      inputs: { question },
    });
    expect(started.status).toBe(202);
    const runId = (started.body.run as TRun).id;
    await expect
      .poll(async () => ((await w.as.owner.get(`/api/runs/${runId}`)).body as TRun).status, {
        timeout: 15_000,
      })
      .toMatch(/succeeded|failed/);
    return { runId, processorId: processor.id };
  }

  it('logs a failed model call through the logger, without its prompt or key, and not to stderr', async () => {
    const printed = vi.spyOn(console, 'error');
    try {
      const secret = 'PROMPT-ONLY-THE-USER-MAY-SEE';
      const { runId, processorId } = await run('compatible:broken-chat', secret);
      expect(printed).not.toHaveBeenCalled();
      expect(log.lines.find((line) => line.msg === 'model call failed')).toMatchObject({
        level: WARN,
        runId,
        nodeId: processorId,
        model: 'broken-chat',
        error: { statusCode: 500, message: expect.stringContaining('The model crashed') },
      });
      expect(log.text()).not.toContain(secret);
      expect(log.text()).not.toContain(API_KEY);
    } finally {
      printed.mockRestore();
    }
  });

  it('logs a run event it cannot store by its ids, not by what the model wrote', async () => {
    const db = w.t.database.db;
    await db.execute(sql`alter table run_events rename to run_events_away`);
    const secret = 'OUTPUT-ONLY-THE-USER-MAY-SEE';
    let runId: string;
    try {
      ({ runId } = await run('echo', secret));
    } finally {
      await db.execute(sql`alter table run_events_away rename to run_events`);
    }
    const failures = log.lines.filter((line) => line.msg === 'storing a run event failed');
    expect(failures.length).toBeGreaterThan(0);
    expect(failures[0]).toMatchObject({
      level: ERROR,
      runId,
      seq: expect.any(Number),
      eventType: expect.any(String),
      err: { message: expect.stringContaining('insert into "run_events"') },
    });
    expect(log.text()).not.toContain(secret);
  });
});

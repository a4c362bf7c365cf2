import { randomUUID } from 'node:crypto';
import type { TRunProgressEvent } from '@flowsmith/shared';
import { describe, expect, it } from 'vitest';
import { createWorld } from '../../test/api-world';
import { openTestDatabase, testDatabaseKinds } from '../../test/test-databases';
import { eventsAfter, nodeStates, runById, storeEvents, type TStoredEvent } from './runs.repo';

describe.each(testDatabaseKinds)('storing a run’s events (%s)', (kind) => {
  it('keeps each node’s latest state, its times, and every event once', async () => {
    const database = await openTestDatabase(kind);
    const w = await createWorld(database, { config: { runs: { parallelRuns: 0 } } });
    try {
      const { group } = await w.make.flow('echo');
      const started = await w.as.owner.post('/api/runs', {
        projectId: w.projectId,
        nodeGroupId: group.id,
        inputs: { question: 'why?' },
      });
      const runId = started.body.run.id as string;
      const nodeId = randomUUID();
      const at = (ms: number) => new Date(Date.UTC(2026, 0, 1, 0, 0, 0, ms));
      const node = (seq: number, status: string, state: TStoredEvent['nodeState']) => ({
        event: { runId, seq, type: 'node-status', nodeId, status } as TRunProgressEvent,
        nodeState: state,
      });
      const first = [
        { event: { runId, seq: 1, type: 'run-status', status: 'running' } as TRunProgressEvent },
        node(2, 'running', {
          status: 'running',
          output: null,
          error: null,
          startedAt: at(1),
          updatedAt: at(1),
        }),
      ];
      await storeEvents(database.db, runId, first);
      // Tried again, as after a lost answer: nothing twice.
      await storeEvents(database.db, runId, first);
      await storeEvents(database.db, runId, [
        node(3, 'succeeded', {
          status: 'succeeded',
          output: { answer: 'because' },
          error: null,
          finishedAt: at(2),
          updatedAt: at(2),
        }),
      ]);
      expect((await eventsAfter(database.db, runId, 0, 10)).map((e) => e.seq)).toEqual([1, 2, 3]);
      const [state] = await nodeStates(database.db, runId);
      expect(state).toMatchObject({
        nodeId,
        status: 'succeeded',
        output: { answer: 'because' },
        error: null,
        startedAt: at(1),
        finishedAt: at(2),
        updatedAt: at(2),
      });
      expect((await runById(database.db, runId))?.seq).toBe(3);
    } finally {
      await w.t.close();
      await database.close();
    }
  });
});

import { describe, expect, it } from 'vitest';
import type { TRun } from '@flowsmith/shared';
import { historyRow, runDuration, runTarget, runnerName } from './run-history';

const run = (patch: Partial<TRun> = {}): TRun => ({
  id: 'a1b2c3d4-0000-4000-8000-000000000000',
  projectId: 'p',
  nodeGroupId: null,
  groupVersionId: null,
  nodeId: null,
  customAiId: null,
  userId: 'u1',
  status: 'succeeded',
  inputs: {},
  outputs: {},
  error: null,
  paramsSnapshot: null,
  seq: 10,
  startedAt: '2026-03-05T10:00:00.000Z',
  finishedAt: '2026-03-05T10:00:02.500Z',
  createdAt: '2026-03-05T09:59:59.000Z',
  updatedAt: '2026-03-05T10:00:02.500Z',
  ...patch,
});

describe('run history rows', () => {
  it('measures a run from start to finish, a running one up to now, a queued one not at all', () => {
    expect(runDuration(run())).toBe('2.5 s');
    const now = Date.parse('2026-03-05T10:00:04.000Z');
    expect(runDuration(run({ finishedAt: null, status: 'running' }), now)).toBe('4.0 s');
    expect(runDuration(run({ startedAt: null, finishedAt: null }))).toBe('—');
  });

  it('names the target: the group, a deleted group, one node or the whole canvas', () => {
    const groups = new Map([['g1', 'Summariser']]);
    expect(runTarget(run({ nodeGroupId: 'g1' }), groups)).toBe('Summariser');
    expect(runTarget(run({ nodeGroupId: 'gone' }), groups)).toBe('A deleted group');
    expect(runTarget(run({ nodeId: 'n1' }), groups)).toBe('One node');
    expect(runTarget(run(), groups)).toBe('Whole canvas');
  });

  it('names who ran it', () => {
    const members = new Map([['u2', 'Grace']]);
    expect(runnerName('u1', members, 'u1')).toBe('You');
    expect(runnerName('u2', members, 'u1')).toBe('Grace');
    expect(runnerName('u3', members, 'u1')).toBe('A former member');
    expect(runnerName(null, members, 'u1')).toBe('API');
  });

  it('builds a whole row', () => {
    const row = historyRow(run({ status: 'failed', startedAt: '2026-03-05T10:00:00.000Z' }), {
      groupNames: new Map(),
      memberNames: new Map(),
      currentUserId: 'u1',
      formatDay: () => 'DAY',
    });
    expect(row).toMatchObject({
      status: 'failed',
      severity: 'danger',
      target: 'Whole canvas',
      duration: '2.5 s',
      who: 'You',
    });
    expect(row.started).toMatch(/^DAY \d\d:\d\d:\d\d$/);
  });
});

import { describe, expect, it } from 'vitest';
import type { TReqLog } from '@flowsmith/shared';
import { attemptLabel, groupByCall } from './call-groups';

const row = (id: string, callId: string, attempt: number, status: TReqLog['status']) =>
  ({ id, callId, attempt, status }) as TReqLog;

describe('groupByCall', () => {
  it('shows a retried call once, as its latest attempt, with its attempts in order', () => {
    const calls = groupByCall([
      row('c', 'call-1', 3, 'succeeded'),
      row('x', 'call-2', 1, 'cancelled'),
      row('b', 'call-1', 2, 'failed'),
      row('a', 'call-1', 1, 'failed'),
    ]);
    expect(calls.map((call) => [call.id, call.status, call.attempts.length])).toEqual([
      ['c', 'succeeded', 3],
      ['x', 'cancelled', 1],
    ]);
    expect(calls[0]!.attempts.map((attempt) => attemptLabel(attempt, calls[0]!))).toEqual([
      'Attempt 1 of 3',
      'Attempt 2 of 3',
      'Attempt 3 of 3',
    ]);
  });

  it('counts attempts that are on another page', () => {
    const [call] = groupByCall([row('b', 'call-1', 2, 'succeeded')]);
    expect(attemptLabel(call!, call!)).toBe('Attempt 2 of 2');
  });
});

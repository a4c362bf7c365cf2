import { DrizzleQueryError } from 'drizzle-orm/errors';
import { describe, expect, it } from 'vitest';
import { serializeError } from './log-serializers';

describe('serializeError', () => {
  it('keeps a failed query’s SQL and cause, and none of its parameters', () => {
    const cause = Object.assign(new Error('relation "run_events" does not exist'), {
      code: '42P01',
    });
    const error = new DrizzleQueryError(
      'insert into "run_events" ("run_id", "seq", "event") values ($1, $2, $3)',
      ['run-1', 7, { delta: 'the model’s secret answer' }],
      cause,
    );
    const serialized = serializeError(error);
    expect(JSON.stringify(serialized)).not.toContain('secret answer');
    expect(serialized).toMatchObject({
      type: 'DrizzleQueryError',
      message: expect.stringContaining('insert into "run_events"'),
      stack: expect.stringMatching(/^ {4}at /),
      cause: { message: 'relation "run_events" does not exist', code: '42P01' },
    });
  });

  it('keeps other errors whole', () => {
    const serialized = serializeError(Object.assign(new TypeError('boom'), { statusCode: 502 }));
    expect(serialized).toMatchObject({ type: 'TypeError', message: 'boom', statusCode: 502 });
    expect(serialized.stack).toContain('TypeError: boom');
  });
});

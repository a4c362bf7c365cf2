import { describe, expect, it } from 'vitest';
import type { TRunProgress, TRunProgressEvent } from '@flowsmith/shared';
import {
  applyRunEvents,
  endsBehindView,
  feedsOf,
  hasGap,
  newRunView,
  viewFromNodeStates,
  type TRunView,
} from './run-state';

const run = {
  id: 'run-1',
  status: 'queued' as const,
  error: null,
  nodeGroupId: 'group-1',
  createdAt: '2026-01-01T00:00:00.000Z',
};
const kinds: Record<string, string> = { p: 'ai_processor', o: 'ai_output', i: 'input' };
const feeds = feedsOf(
  [
    { source: 'i', target: 'p' },
    { source: 'p', target: 'o' },
  ],
  (id) => kinds[id],
);

/** Numbers the payloads 1, 2, 3… as the server does. */
const numbered = (...payloads: TRunProgress[]): TRunProgressEvent[] =>
  payloads.map((payload, index) => ({ runId: 'run-1', seq: index + 1, ...payload }));

const streamed: TRunProgressEvent[] = numbered(
  { type: 'run-status', status: 'running' },
  { type: 'node-status', nodeId: 'p', status: 'queued' },
  { type: 'node-status', nodeId: 'o', status: 'queued' },
  { type: 'node-status', nodeId: 'p', status: 'running', attempt: 1 },
  { type: 'node-token', nodeId: 'p', delta: 'Hello ' },
  { type: 'node-token', nodeId: 'p', delta: 'world' },
  { type: 'node-status', nodeId: 'p', status: 'succeeded', output: { text: 'Hello world' } },
  { type: 'node-status', nodeId: 'o', status: 'succeeded', output: { text: 'Hello world!' } },
  { type: 'run-status', status: 'succeeded', outputs: {} },
);

const start = () => newRunView(run, feeds);

describe('run events into per-node state', () => {
  it('maps each ai_output to the node that feeds it', () => {
    expect(feeds).toEqual({ p: ['o'] });
  });

  it('appends tokens to the processor and to the output it feeds', () => {
    const view = applyRunEvents(start(), streamed.slice(0, 6));
    expect(view.nodes.p).toMatchObject({ status: 'running', text: 'Hello world' });
    expect(view.nodes.o).toMatchObject({ status: 'queued', text: 'Hello world' });
    expect(view.status).toBe('running');
    expect(view.lastSeq).toBe(6);
  });

  it('gives the output its own final text when it succeeds', () => {
    const view = applyRunEvents(start(), streamed);
    expect(view.nodes.o).toMatchObject({ status: 'succeeded', text: 'Hello world!' });
    expect(view.status).toBe('succeeded');
  });

  it('applies events in seq order whatever order they arrive in, and each once', () => {
    const shuffled = [...streamed].reverse();
    const once = applyRunEvents(start(), shuffled);
    const twice = applyRunEvents(applyRunEvents(start(), streamed), streamed);
    const inOrder = applyRunEvents(start(), streamed);
    expect(once).toEqual(inOrder);
    expect(twice).toEqual(inOrder);
    expect(twice.nodes.p!.text).toBe('Hello world');
  });

  it('holds events after a gap until the missing ones arrive', () => {
    const early = applyRunEvents(start(), [...streamed.slice(0, 4), streamed[5]!]);
    expect(early.lastSeq).toBe(4);
    expect(hasGap(early)).toBe(true);
    expect(early.nodes.p!.text).toBe('');
    const filled = applyRunEvents(early, streamed.slice(4, 6));
    expect(hasGap(filled)).toBe(false);
    expect(filled.nodes.p!.text).toBe('Hello world');
  });

  it('ignores events of another run and ones already applied', () => {
    const view = applyRunEvents(start(), streamed.slice(0, 3));
    const same = applyRunEvents(view, [
      ...streamed.slice(0, 3),
      { ...streamed[3]!, runId: 'other' },
    ]);
    expect(same).toBe(view);
  });

  it('tells an end stored under a number already shown live from one still to come', () => {
    // Shown live up to the processor's tokens; its process stopped with the last three unstored,
    // and the run was ended as interrupted under the first number not stored.
    const view = applyRunEvents(start(), streamed.slice(0, 6));
    const interrupted: TRunProgressEvent = {
      runId: 'run-1',
      seq: 4,
      type: 'run-status',
      status: 'failed',
      error: 'Interrupted: the process running it stopped',
    };
    expect(applyRunEvents(view, [interrupted])).toBe(view);
    expect(endsBehindView(view, interrupted)).toBe(true);
    expect(endsBehindView(view, { ...interrupted, seq: 7 })).toBe(false);
    expect(endsBehindView(view, { ...interrupted, runId: 'other' })).toBe(false);
    expect(endsBehindView(view, streamed[3]!)).toBe(false);
    const ended = applyRunEvents(view, [{ ...interrupted, seq: 7 }]);
    expect(endsBehindView(ended, interrupted)).toBe(false);
  });

  it('keeps the identity of nodes no event touched', () => {
    const before = applyRunEvents(start(), streamed.slice(0, 5));
    const after = applyRunEvents(before, [streamed[5]!]);
    expect(after.nodes.i).toBe(before.nodes.i);
    expect(after.nodes.p).not.toBe(before.nodes.p);
    const third: TRunProgressEvent = {
      runId: 'run-1',
      seq: 7,
      type: 'node-status',
      nodeId: 'i',
      status: 'succeeded',
    };
    const later = applyRunEvents(after, [third]);
    expect(later.nodes.p).toBe(after.nodes.p);
  });

  it('resets streamed text on a retry and shows the retry until the next attempt ends', () => {
    const events = numbered(
      { type: 'node-status', nodeId: 'p', status: 'running', attempt: 1 },
      { type: 'node-token', nodeId: 'p', delta: 'Half an ans' },
      { type: 'node-retry', nodeId: 'p', attempt: 1, delayMs: 500, error: 'Rate limited' },
    );
    const retrying = applyRunEvents(start(), events);
    expect(retrying.nodes.p).toMatchObject({
      status: 'running',
      text: '',
      retry: { attempt: 1, delayMs: 500, error: 'Rate limited' },
    });
    expect(retrying.nodes.o!.text).toBe('');
    const again = applyRunEvents(retrying, [
      { runId: 'run-1', seq: 4, type: 'node-status', nodeId: 'p', status: 'running', attempt: 2 },
      { runId: 'run-1', seq: 5, type: 'node-token', nodeId: 'p', delta: 'Whole' },
    ]);
    expect(again.nodes.p).toMatchObject({ attempt: 2, retry: null, text: 'Whole' });
  });

  it('keeps the error of a failed node and the reason of a skipped one', () => {
    const view = applyRunEvents(
      start(),
      numbered(
        { type: 'node-status', nodeId: 'p', status: 'failed', error: 'The model crashed' },
        {
          type: 'node-status',
          nodeId: 'o',
          status: 'skipped',
          error: 'Skipped because "p" did not succeed',
        },
        { type: 'run-status', status: 'failed', error: '"p" failed: The model crashed' },
      ),
    );
    expect(view.nodes.p).toMatchObject({ status: 'failed', error: 'The model crashed' });
    expect(view.nodes.o!.error).toMatch(/Skipped because/);
    expect(view.error).toMatch(/failed/);
  });

  it('reads images from node outputs', () => {
    const image = { fileId: 'f', url: '/api/files/f', mediaType: 'image/png' };
    const view = applyRunEvents(
      start(),
      numbered({ type: 'node-status', nodeId: 'img', status: 'succeeded', output: { image } }),
    );
    expect(view.nodes.img!.image).toEqual({ url: '/api/files/f', mediaType: 'image/png' });
  });
});

describe('a finished run from its stored node states', () => {
  it('shows each node as it ended', () => {
    const view: TRunView = viewFromNodeStates(
      { ...run, status: 'succeeded', seq: 12, paramsSnapshot: { p: { template: 'Old' } } },
      [
        {
          nodeId: 'p',
          status: 'succeeded',
          output: { text: 'Hi' },
          error: null,
          startedAt: null,
          finishedAt: null,
        },
        {
          nodeId: 'o',
          status: 'failed',
          output: null,
          error: 'Boom',
          startedAt: null,
          finishedAt: null,
        },
      ],
    );
    expect(view.lastSeq).toBe(12);
    expect(view.status).toBe('succeeded');
    expect(view.nodes.p).toMatchObject({ status: 'succeeded', text: 'Hi' });
    expect(view.nodes.o).toMatchObject({ status: 'failed', error: 'Boom', text: '' });
    expect(view.params).toEqual({ p: { template: 'Old' } });
  });
});

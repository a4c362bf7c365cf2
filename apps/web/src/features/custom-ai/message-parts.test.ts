import type { UIMessage } from 'ai';
import { describe, expect, it } from 'vitest';
import { messageBlocks, messageText, toolStatus, workflowName } from './message-parts';

type TParts = UIMessage['parts'];

describe('messageBlocks', () => {
  it('joins text runs, skips step markers, and keeps tool calls and notices in order', () => {
    const parts = [
      {
        type: 'data-notice',
        data: { kind: 'trimmed', dropped: 4, text: '4 earlier messages were left out' },
      },
      { type: 'step-start' },
      { type: 'text', text: 'Let me ' },
      { type: 'text', text: 'check.' },
      {
        type: 'tool-run_lookup',
        toolCallId: 'call-1',
        state: 'output-available',
        input: { question: 'Why?' },
        output: { runId: 'r1', status: 'succeeded', outputs: { answer: 'Because' }, error: null },
      },
      { type: 'step-start' },
      { type: 'text', text: 'Because.' },
      { type: 'reasoning', text: 'hidden' },
    ] as unknown as TParts;
    expect(messageBlocks(parts)).toEqual([
      { kind: 'notice', text: '4 earlier messages were left out' },
      { kind: 'text', text: 'Let me check.' },
      {
        kind: 'tool',
        id: 'call-1',
        toolName: 'run_lookup',
        state: 'output-available',
        input: { question: 'Why?' },
        output: { runId: 'r1', status: 'succeeded', outputs: { answer: 'Because' }, error: null },
        error: null,
      },
      { kind: 'text', text: 'Because.' },
    ]);
  });

  it('carries the error of a failed call or of a failed run', () => {
    const parts = [
      {
        type: 'tool-run_a',
        toolCallId: '1',
        state: 'output-error',
        input: {},
        errorText: 'Bad input',
      },
      {
        type: 'tool-run_b',
        toolCallId: '2',
        state: 'output-available',
        input: {},
        output: { runId: 'r2', status: 'failed', outputs: {}, error: 'Model down' },
      },
      { type: 'tool-run_c', toolCallId: '3', state: 'input-streaming' },
    ] as unknown as TParts;
    const steps = messageBlocks(parts);
    expect(steps.map((step) => (step.kind === 'tool' ? step.error : null))).toEqual([
      'Bad input',
      'Model down',
      null,
    ]);
    expect(steps.map((step) => (step.kind === 'tool' ? toolStatus(step) : null))).toEqual([
      'failed',
      'failed',
      'running',
    ]);
  });
});

describe('workflowName', () => {
  it('finds the linked group behind a tool name, else shows a readable slug', () => {
    const names = ['Lookup', 'Summarise text!', 'Step 2'];
    expect(workflowName('run_lookup', names)).toBe('Lookup');
    expect(workflowName('run_summarise_text', names)).toBe('Summarise text!');
    expect(workflowName('run_lookup_2', names)).toBe('Lookup');
    expect(workflowName('run_step_2', names)).toBe('Step 2');
    expect(workflowName('run_gone_away', names)).toBe('gone away');
  });
});

describe('messageText', () => {
  it('gives the words of a message only', () => {
    const parts = [
      { type: 'step-start' },
      { type: 'text', text: 'One ' },
      { type: 'tool-run_x', toolCallId: '1', state: 'input-available', input: {} },
      { type: 'text', text: 'two' },
    ] as unknown as TParts;
    expect(messageText({ parts })).toBe('One two');
  });
});

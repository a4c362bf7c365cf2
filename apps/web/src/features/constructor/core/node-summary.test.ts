import { describe, expect, it } from 'vitest';
import { nodeKinds } from '@flowsmith/shared';
import { SUMMARY_LENGTH, summaryOf } from './node-summary';

describe('summaryOf', () => {
  it('names the key params of a kind', () => {
    expect(summaryOf('ai_processor', { model: 'echo', template: 'Answer {{input}}' })).toBe(
      'Echo (built-in, offline) · Answer {{input}}',
    );
    expect(summaryOf('ai_image', { model: 'compatible:tiny-image', size: '512x512' })).toBe(
      'OpenAI-compatible: tiny-image · 512 × 512',
    );
    expect(summaryOf('input', { name: 'question', valueType: 'text' })).toBe('question · Text');
    expect(summaryOf('database', { mode: 'all' })).toBe('no database chosen · All values · JSON');
    expect(summaryOf('blank', {})).toBe('Empty note');
    expect(summaryOf('teleporter', { name: 'x' })).toBe('');
  });

  it('stays short for every kind', () => {
    const long = 'x'.repeat(500);
    for (const kind of nodeKinds) {
      const summary = summaryOf(kind, { template: long, note: long, name: long, label: long });
      expect(summary.length).toBeLessThanOrEqual(SUMMARY_LENGTH);
    }
  });
});

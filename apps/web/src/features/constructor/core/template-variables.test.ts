import { describe, expect, it } from 'vitest';
import { labelFor, planInputSync } from './template-variables';
import { handle } from './test-graph';

describe('planInputSync', () => {
  it('adds the new variables and removes inputs no longer used', () => {
    const inputs = [handle('ai', 'input'), handle('ai', 'context')];
    const plan = planInputSync(inputs, ['context', 'question']);
    expect(plan.add).toEqual(['question']);
    expect(plan.remove.map((h) => h.name)).toEqual(['input']);
    expect(planInputSync(inputs, ['input', 'context'])).toEqual({ add: [], remove: [] });
  });

  it('labels a new input from its name', () => {
    expect(labelFor('user_name')).toBe('User name');
  });
});

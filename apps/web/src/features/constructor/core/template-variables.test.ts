import { describe, expect, it } from 'vitest';
import { labelFor, planInputSync, renamedInputs } from './template-variables';
import { handle } from './test-graph';

describe('planInputSync', () => {
  it('adds the new variables and removes inputs no longer used', () => {
    const inputs = [handle('ai', 'input'), handle('ai', 'context')];
    const plan = planInputSync(inputs, ['context', 'question']);
    expect(plan.add).toEqual(['question']);
    expect(plan.remove.map((h) => h.name)).toEqual(['input']);
    expect(planInputSync(inputs, ['input', 'context'])).toEqual({ add: [], remove: [] });
  });

  it('pairs each connected input a template edit removes with a variable it adds', () => {
    const inputs = [handle('ai', 'context'), handle('ai', 'input'), handle('ai', 'spare')];
    const plan = planInputSync(inputs, ['question']);
    const previous = ['input', 'context', 'spare'];
    expect(renamedInputs(plan, new Set(['input', 'context']), previous)).toEqual([
      { from: 'input', to: 'question' },
      { from: 'context', to: null },
    ]);
    expect(
      renamedInputs(
        planInputSync(inputs, ['input', 'context', 'spare']),
        new Set(['input']),
        previous,
      ),
    ).toEqual([]);
  });

  it('labels a new input from its name', () => {
    expect(labelFor('user_name')).toBe('User name');
  });
});

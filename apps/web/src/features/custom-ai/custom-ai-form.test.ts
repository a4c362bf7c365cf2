import { describe, expect, it } from 'vitest';
import type { TCustomAi } from '@flowsmith/shared';
import { formDefaults, roundTemperature, toSave, ZCustomAiForm } from './custom-ai-form';

describe('custom AI form', () => {
  it('starts a new custom AI on the echo model, and an edit from the saved row', () => {
    expect(formDefaults(null, [])).toMatchObject({
      model: 'echo',
      temperature: 0.7,
      maxTokens: null,
    });
    const saved = {
      name: 'Bot',
      description: 'd',
      avatar: '🤖',
      model: 'm',
      systemPrompt: 's',
      temperature: 1.2,
      maxTokens: 500,
    } as TCustomAi;
    expect(formDefaults(saved, ['g1'])).toEqual({
      ...formDefaults(saved, []),
      nodeGroupIds: ['g1'],
    });
  });

  it('checks fields with the server’s messages', () => {
    const result = ZCustomAiForm.safeParse({
      ...formDefaults(null, []),
      name: ' ',
      temperature: 2.5,
    });
    expect(result.success).toBe(false);
    const messages = result.error?.issues.map(
      (issue) => `${issue.path.join('.')}: ${issue.message}`,
    );
    expect(messages).toEqual(['name: Name is required', 'temperature: At most 2']);
  });

  it('splits the links off the body', () => {
    const values = { ...formDefaults(null, ['g1']), name: 'Bot' };
    expect(toSave(values, null, 'p1')).toEqual({
      id: null,
      projectId: 'p1',
      nodeGroupIds: ['g1'],
      body: { ...values, nodeGroupIds: undefined },
    });
    expect(roundTemperature(0.1 + 0.2)).toBe(0.3);
  });
});

import { describe, expect, it } from 'vitest';
import type { TParamMeta } from '@flowsmith/shared';
import { paramLines } from './run-params';

const meta = (patch: Partial<TParamMeta> & Pick<TParamMeta, 'name' | 'type'>): TParamMeta => ({
  label: patch.name,
  description: '',
  required: false,
  defaultValue: null,
  options: null,
  min: null,
  max: null,
  ...patch,
});

describe('paramLines', () => {
  it("shows a run's params in people's words, in the kind's order", () => {
    const params = [
      meta({ name: 'model', type: 'model', label: 'Model' }),
      meta({
        name: 'mode',
        type: 'select',
        label: 'Read',
        options: [{ value: 'by_key', label: 'One value by its key' }],
      }),
      meta({ name: 'databaseId', type: 'database', label: 'Database' }),
      meta({ name: 'stream', type: 'boolean', label: 'Stream' }),
      meta({ name: 'template', type: 'text', label: 'Template' }),
    ];
    const lines = paramLines(
      params,
      { template: 'Q: {{input}}', mode: 'by_key', databaseId: 'db-1', stream: true, old: 'x' },
      { database: [{ value: 'db-1', label: 'Facts' }] },
    );
    expect(lines.map(({ label, value }) => `${label}: ${value}`)).toEqual([
      'Model: none (Echo answers)',
      'Read: One value by its key',
      'Database: Facts',
      'Stream: Yes',
      'Template: Q: {{input}}',
    ]);
    expect(paramLines(params.slice(0, 1), { model: 'compatible:tiny' })[0]?.value).toBe(
      'OpenAI-compatible: tiny',
    );
  });
});

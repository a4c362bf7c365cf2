import { describe, expect, it } from 'vitest';
import { nodeCatalog } from '@flowsmith/shared';
import { paramLines } from './run-params';

describe('paramLines', () => {
  it("shows a run's params in people's words, in the kind's order", () => {
    const lines = paramLines(
      nodeCatalog.database.params,
      { databaseId: 'db-1', mode: 'by_key', key: 'city', old: 'x' },
      { database: [{ value: 'db-1', label: 'Facts' }] },
    );
    expect(lines.map(({ label, value }) => `${label}: ${value}`)).toEqual([
      'Database: Facts',
      'Values: The value of one key',
      'Key: city',
      'Filter (key contains): (empty)',
      'Format: JSON',
    ]);
    const processor = paramLines(nodeCatalog.ai_processor.params, { model: 'compatible:tiny' });
    expect(processor.find((line) => line.name === 'model')?.value).toBe('OpenAI-compatible: tiny');
    const echo = paramLines(nodeCatalog.ai_processor.params, {});
    expect(echo.find((line) => line.name === 'model')?.value).toBe('none (Echo answers)');
  });
});

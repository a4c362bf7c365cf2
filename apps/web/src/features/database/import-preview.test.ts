import { describe, expect, it } from 'vitest';
import { buildPreview, guessMapping, PREVIEW_ROWS, type TPreviewSource } from './import-preview';

const csv = (text: string, change: Partial<TPreviewSource> = {}) =>
  buildPreview({ text, partial: false, format: 'csv', delimiter: 'auto', header: true, ...change });
const json = (text: string, partial = false) =>
  buildPreview({ text, partial, format: 'json', delimiter: 'auto', header: true });

describe('CSV preview', () => {
  it('names columns from the header and numbers rows as the server does', () => {
    const preview = csv('\uFEFFkey;value;type\nalpha;1;number\n\nbeta;x;text\n');
    expect(preview.detectedDelimiter).toBe(';');
    expect(preview.columns.map((c) => c.value)).toEqual(['key', 'value', 'type']);
    expect(preview.rows).toEqual([
      { row: 2, cells: ['alpha', '1', 'number'] },
      { row: 3, cells: ['beta', 'x', 'text'] },
    ]);
  });

  it('numbers the columns when there is no header', () => {
    const preview = csv('a,1\nb,2,extra', { header: false, delimiter: ',' });
    expect(preview.columns).toEqual([
      { value: '1', label: 'Column 1' },
      { value: '2', label: 'Column 2' },
      { value: '3', label: 'Column 3' },
    ]);
    expect(preview.rows[0]).toEqual({ row: 1, cells: ['a', '1'] });
  });

  it('shows at most the preview rows, and drops a record cut by the slice', () => {
    const many = ['k,v', ...Array.from({ length: 50 }, (_, i) => `k${i},${i}`)].join('\n');
    expect(csv(many).rows).toHaveLength(PREVIEW_ROWS);
    expect(csv('k,v\na,1\nb,2\nc,"unfinish', { partial: true }).rows.map((r) => r.row)).toEqual([
      2, 3,
    ]);
  });
});

describe('JSON preview', () => {
  it('makes columns of the objects’ properties, JSON for nested values', () => {
    const preview = json('[{"key":"a","value":{"x":1}},{"key":"b","value":2,"type":"number"}]');
    expect(preview.columns.map((c) => c.value)).toEqual(['key', 'value', 'type']);
    expect(preview.rows).toEqual([
      { row: 1, cells: ['a', '{"x":1}', ''] },
      { row: 2, cells: ['b', '2', 'number'] },
    ]);
  });

  it('numbers the columns of arrays, and explains what it cannot show', () => {
    expect(json('[["a", 1], ["b", 2]]').columns.map((c) => c.value)).toEqual(['1', '2']);
    expect(json('{"key":"a"}').note).toMatch(/array/);
    expect(json('[{"key":').note).toMatch(/not valid JSON/);
    expect(json('[{"key":"a"}', true).note).toMatch(/too large/);
  });
});

describe('guessMapping', () => {
  const columns = (...names: string[]) => names.map((value) => ({ value, label: value }));

  it('finds columns named like key, value and type', () => {
    expect(guessMapping(columns('Type', 'Value', 'Key'))).toEqual({
      keyColumn: 'Key',
      valueColumn: 'Value',
      typeColumn: 'Type',
    });
  });

  it('falls back to the first two columns and no type column', () => {
    expect(guessMapping(columns('1', '2', '3'))).toEqual({
      keyColumn: '1',
      valueColumn: '2',
      typeColumn: '',
    });
    expect(guessMapping([])).toEqual({ keyColumn: '', valueColumn: '', typeColumn: '' });
  });
});

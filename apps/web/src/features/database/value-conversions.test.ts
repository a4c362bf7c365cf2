import { describe, expect, it } from 'vitest';
import {
  cellText,
  dayToValue,
  expandedText,
  formatJson,
  hasMoreToShow,
  valueForType,
  valueToDay,
  withPickedDay,
} from './value-conversions';

describe('formatJson', () => {
  it('pretty-prints JSON and refuses anything else', () => {
    expect(formatJson('{"a":[1,2]}')).toBe('{\n  "a": [\n    1,\n    2\n  ]\n}');
    expect(formatJson('{a:1}')).toBeUndefined();
  });
});

describe('dates', () => {
  it('converts between calendar days and yyyy-mm-dd', () => {
    expect(dayToValue(new Date(2026, 0, 5))).toBe('2026-01-05');
    expect(valueToDay('2026-01-05T10:00:00Z')).toEqual(new Date(2026, 0, 5));
    expect(valueToDay('2026-02-31')).toBeNull();
    expect(valueToDay('05/01/2026')).toBeNull();
  });

  it('keeps the time of day when another day is picked', () => {
    expect(withPickedDay('2026-01-05T10:00:00Z', new Date(2026, 2, 9))).toBe(
      '2026-03-09T10:00:00Z',
    );
    expect(withPickedDay('', new Date(2026, 2, 9))).toBe('2026-03-09');
  });
});

describe('valueForType', () => {
  it('adapts what fits the new type and keeps the rest as typed', () => {
    expect(valueForType(' TRUE ', 'boolean')).toBe('true');
    expect(valueForType('yes', 'boolean')).toBe('yes');
    expect(valueForType('{"a":1}', 'json')).toBe('{\n  "a": 1\n}');
    expect(valueForType('not json', 'json')).toBe('not json');
    expect(valueForType(' 42 ', 'number')).toBe('42');
    expect(valueForType(' keep spaces ', 'text')).toBe(' keep spaces ');
  });
});

describe('cell and expanded text', () => {
  it('shows one compact line in the cell and everything when expanded', () => {
    const json = '{\n  "name": "Ada",\n  "tags": ["a", "b"]\n}';
    expect(cellText(json, 'json')).toBe('{"name":"Ada","tags":["a","b"]}');
    expect(expandedText('{"a":1}', 'json')).toBe('{\n  "a": 1\n}');
    expect(cellText('line one\n\nline two', 'text')).toBe('line one line two');
    expect(cellText('x'.repeat(20), 'text', 10)).toBe(`${'x'.repeat(9)}…`);
  });

  it('offers to expand only when the cell hides something', () => {
    expect(hasMoreToShow('short', 'text')).toBe(false);
    expect(hasMoreToShow('42', 'json')).toBe(false);
    expect(hasMoreToShow('{"a":1}', 'json')).toBe(true);
    expect(hasMoreToShow('a\nb', 'text')).toBe(true);
    expect(hasMoreToShow('x'.repeat(200), 'text')).toBe(true);
  });
});

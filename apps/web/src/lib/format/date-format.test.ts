import { describe, expect, it } from 'vitest';
import { formatDateTime, formatDateWith } from './date-format';

describe('formatDateWith', () => {
  const date = new Date(2024, 2, 5, 14, 30);

  it.each([
    ['mm/dd/yy', '03/05/2024'],
    ['dd.mm.yy', '05.03.2024'],
    ['d/m/y', '5/3/24'],
    ['yy-mm-dd', '2024-03-05'],
  ])('formats %s as %s', (pattern, expected) => {
    expect(formatDateWith(date, pattern)).toBe(expected);
  });
});

describe('formatDateTime', () => {
  it('adds the local time of day to the date', () => {
    const iso = new Date(2024, 2, 5, 9, 4, 7).toISOString();
    expect(formatDateTime(iso)).toMatch(/^03\/05\/2024 09:04:07$/);
    expect(formatDateTime('not a date')).toBe('');
  });
});

import { describe, expect, it } from 'vitest';
import {
  calendarToRange,
  dateToDay,
  dayToDate,
  daysRange,
  rangeToApi,
  rangeToCalendar,
} from './date-range';

const now = new Date('2026-03-10T12:00:00Z');

describe('rangeToApi', () => {
  it('sends nothing for any time', () => {
    expect(rangeToApi(null, now)).toEqual({});
  });

  it('rolls presets back from now and leaves the end open for live calls', () => {
    expect(rangeToApi({ kind: 'preset', preset: '24h' }, now)).toEqual({
      from: '2026-03-09T12:00:00.000Z',
    });
    expect(rangeToApi({ kind: 'preset', preset: '7d' }, now).from).toBe('2026-03-03T12:00:00.000Z');
  });

  it('covers picked days from the first local midnight to the one after the last day', () => {
    const { from, to } = rangeToApi({ kind: 'days', from: '2026-01-30', to: '2026-02-01' }, now);
    expect(from).toBe(new Date(2026, 0, 30).toISOString());
    expect(to).toBe(new Date(2026, 1, 2).toISOString());
  });
});

describe('days', () => {
  it('reads only real calendar days', () => {
    expect(dayToDate('2026-02-28')).toEqual(new Date(2026, 1, 28));
    expect(dayToDate('2026-02-30')).toBeNull();
    expect(dayToDate('yesterday')).toBeNull();
    expect(dateToDay(new Date(2026, 0, 5, 23, 59))).toBe('2026-01-05');
  });

  it('puts the ends of a range in order', () => {
    expect(daysRange('2026-01-09', '2026-01-02')).toEqual({
      kind: 'days',
      from: '2026-01-02',
      to: '2026-01-09',
    });
    expect(daysRange('2026-01-09', 'soon')).toBeNull();
  });
});

describe('calendar value', () => {
  it('round-trips picked days', () => {
    const range = { kind: 'days', from: '2026-01-02', to: '2026-01-09' } as const;
    expect(calendarToRange(rangeToCalendar(range))).toEqual(range);
  });

  it('takes a lone first day as that day, and nothing as any time', () => {
    expect(calendarToRange([new Date(2026, 4, 1), null])).toEqual({
      kind: 'days',
      from: '2026-05-01',
      to: '2026-05-01',
    });
    expect(calendarToRange(null)).toBeNull();
    expect(rangeToCalendar({ kind: 'preset', preset: '30d' })).toBeNull();
  });
});

import { describe, expect, it } from 'vitest';
import { chartColors, chartData, dayLabel, fillMissingDays } from './chart-series';

const point = (day: string, requests: number, tokens = requests * 10) => ({
  day,
  requests,
  tokens,
  cost: 0,
});

describe('fillMissingDays', () => {
  it('adds zero days between the first and the last day, across a month end', () => {
    const filled = fillMissingDays([point('2026-01-30', 2), point('2026-02-02', 1)]);
    expect(filled.map((item) => item.day)).toEqual([
      '2026-01-30',
      '2026-01-31',
      '2026-02-01',
      '2026-02-02',
    ]);
    expect(filled[1]).toEqual(point('2026-01-31', 0));
  });

  it('keeps an empty or one-day series as it is', () => {
    expect(fillMissingDays([])).toEqual([]);
    expect(fillMissingDays([point('2026-01-30', 2)])).toEqual([point('2026-01-30', 2)]);
  });
});

describe('chartData', () => {
  it('has a requests bar and a tokens line on the second axis', () => {
    const data = chartData(
      [point('2026-03-01', 3, 120), point('2026-03-03', 1, 40)],
      chartColors(true),
    );
    expect(data.labels).toEqual(['03/01', '03/02', '03/03']);
    const [requests, tokens] = data.datasets;
    expect(requests).toMatchObject({ type: 'bar', data: [3, 0, 1], yAxisID: 'y' });
    expect(tokens).toMatchObject({ type: 'line', data: [120, 0, 40], yAxisID: 'y1' });
  });

  it('labels days as month/day', () => {
    expect(dayLabel('2026-12-31')).toBe('12/31');
  });
});

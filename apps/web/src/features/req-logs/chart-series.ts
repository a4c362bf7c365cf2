import type { ChartData, ChartOptions } from 'chart.js';
import type { TReqLogSummary } from '@flowsmith/shared';
import { formatCompact, formatCount } from '../../lib/format/number-format';

/**
 * The requests-and-tokens-per-day chart: bars for requests on the left axis, a line for tokens
 * on the right one. Colours are given per theme here rather than read from CSS variables,
 * because the theme's stylesheet swaps asynchronously and the chart would catch the old one.
 */

export type TDayPoint = TReqLogSummary['perDay'][number];

const DAY_MS = 86_400_000;

/** Every UTC day from the first to the last in the series, days without calls as zeros. */
export function fillMissingDays(perDay: readonly TDayPoint[]): TDayPoint[] {
  if (perDay.length === 0) return [];
  const byDay = new Map(perDay.map((point) => [point.day, point]));
  const days = [...byDay.keys()].sort();
  const first = Date.parse(`${days[0]}T00:00:00Z`);
  const last = Date.parse(`${days[days.length - 1]}T00:00:00Z`);
  const filled: TDayPoint[] = [];
  for (let at = first; at <= last; at += DAY_MS) {
    const day = new Date(at).toISOString().slice(0, 10);
    filled.push(byDay.get(day) ?? { day, requests: 0, tokens: 0, cost: 0 });
  }
  return filled;
}

/** `2026-01-05` → `01/05`, the month and day of the app's mm/dd/yy dates. */
export const dayLabel = (day: string) => `${day.slice(5, 7)}/${day.slice(8, 10)}`;

export type TChartColors = {
  text: string;
  muted: string;
  grid: string;
  requests: string;
  tokens: string;
};

export function chartColors(dark: boolean): TChartColors {
  return dark
    ? {
        text: 'rgba(255, 255, 255, 0.87)',
        muted: 'rgba(255, 255, 255, 0.6)',
        grid: 'rgba(255, 255, 255, 0.1)',
        requests: '#818cf8',
        tokens: '#2dd4bf',
      }
    : {
        text: '#4b5563',
        muted: '#6b7280',
        grid: '#e5e7eb',
        requests: '#6366f1',
        tokens: '#0d9488',
      };
}

export function chartData(
  perDay: readonly TDayPoint[],
  colors: TChartColors,
): ChartData<'bar' | 'line'> {
  const days = fillMissingDays(perDay);
  return {
    labels: days.map((point) => dayLabel(point.day)),
    datasets: [
      {
        type: 'bar',
        label: 'Requests',
        data: days.map((point) => point.requests),
        backgroundColor: colors.requests,
        borderRadius: 4,
        maxBarThickness: 36,
        yAxisID: 'y',
        order: 2,
      },
      {
        type: 'line',
        label: 'Tokens',
        data: days.map((point) => point.tokens),
        borderColor: colors.tokens,
        backgroundColor: colors.tokens,
        pointRadius: 3,
        // Monotone keeps the curve from dipping below zero between a busy day and an idle one.
        cubicInterpolationMode: 'monotone',
        yAxisID: 'y1',
        order: 1,
      },
    ],
  };
}

export function chartOptions(colors: TChartColors): ChartOptions<'bar' | 'line'> {
  const axis = (position: 'left' | 'right', title: string, grid: boolean) => ({
    position,
    beginAtZero: true,
    title: { display: true, text: title, color: colors.muted },
    ticks: {
      color: colors.muted,
      precision: 0,
      callback: (value: string | number) => formatCompact(Number(value)),
    },
    grid: grid ? { color: colors.grid } : { drawOnChartArea: false },
    border: { color: colors.grid },
  });
  return {
    maintainAspectRatio: false,
    interaction: { mode: 'index', intersect: false },
    plugins: {
      // Legend in dataset order (requests, then tokens), not in drawing order.
      legend: {
        labels: {
          color: colors.text,
          sort: (a, b) => (a.datasetIndex ?? 0) - (b.datasetIndex ?? 0),
        },
      },
      tooltip: {
        callbacks: {
          label: (item) => `${item.dataset.label ?? ''}: ${formatCount(Number(item.raw))}`,
        },
      },
    },
    scales: {
      x: {
        ticks: { color: colors.muted },
        grid: { color: colors.grid },
        border: { color: colors.grid },
      },
      y: axis('left', 'Requests', true),
      y1: axis('right', 'Tokens', false),
    },
  };
}

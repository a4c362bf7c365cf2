/**
 * The request log's date filter. Presets roll with the clock ("Last 24 h" means the 24 hours up
 * to each fetch, so a page left open keeps showing new calls); picked days are whole local days,
 * both ends included, which the API's `from` (inclusive) and `to` (exclusive) express as the
 * local midnight starting the first day and the one ending the last day.
 */

const HOUR_MS = 3_600_000;

export const RANGE_PRESETS = [
  { id: '24h', label: 'Last 24 h', ms: 24 * HOUR_MS },
  { id: '7d', label: '7 days', ms: 7 * 24 * HOUR_MS },
  { id: '30d', label: '30 days', ms: 30 * 24 * HOUR_MS },
] as const;
export type TRangePreset = (typeof RANGE_PRESETS)[number]['id'];

/** A preset, or a span of local days as `YYYY-MM-DD` (from ≤ to); null is "any time". */
export type TDateRange =
  { kind: 'preset'; preset: TRangePreset } | { kind: 'days'; from: string; to: string } | null;

export const isRangePreset = (value: string): value is TRangePreset =>
  RANGE_PRESETS.some((preset) => preset.id === value);

const pad = (value: number) => String(value).padStart(2, '0');

/** The local calendar day of a date: `2026-01-31`. */
export function dateToDay(date: Date): string {
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/** Local midnight starting a `YYYY-MM-DD` day, or null for anything that is not a real day. */
export function dayToDate(day: string): Date | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day);
  if (!match) return null;
  const [year, month, date] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const value = new Date(year, month - 1, date);
  return dateToDay(value) === day ? value : null;
}

/** The day range with both ends checked and put in order; null when either end is not a day. */
export function daysRange(from: string, to: string): TDateRange {
  const start = dayToDate(from);
  const end = dayToDate(to);
  if (!start || !end) return null;
  return start <= end ? { kind: 'days', from, to } : { kind: 'days', from: to, to: from };
}

/** The API's `from`/`to` for a range; `now` is when the fetch happens. */
export function rangeToApi(range: TDateRange, now: Date): { from?: string; to?: string } {
  if (!range) return {};
  if (range.kind === 'preset') {
    const preset = RANGE_PRESETS.find((item) => item.id === range.preset)!;
    return { from: new Date(now.getTime() - preset.ms).toISOString() };
  }
  const start = dayToDate(range.from);
  const last = dayToDate(range.to);
  if (!start || !last) return {};
  const end = new Date(last.getFullYear(), last.getMonth(), last.getDate() + 1);
  return { from: start.toISOString(), to: end.toISOString() };
}

/** The Calendar's range value for the picked days; presets show in their own buttons. */
export function rangeToCalendar(range: TDateRange): Date[] | null {
  if (range?.kind !== 'days') return null;
  const start = dayToDate(range.from);
  const end = dayToDate(range.to);
  return start && end ? [start, end] : null;
}

/** The range for what the Calendar holds; a lone first day means that one day. */
export function calendarToRange(value: ReadonlyArray<Date | null> | null | undefined): TDateRange {
  const [start, end] = value ?? [];
  if (!start) return null;
  return daysRange(dateToDay(start), dateToDay(end ?? start));
}

/**
 * Conversions between a stored value (always a string, checked by the shared `valueTypeError`)
 * and what each type's editor or the table shows.
 */
import type { TValueTypeCode } from '@flowsmith/shared';

/** Characters of a value shown in a table cell before it is cut with an ellipsis. */
export const CELL_PREVIEW_CHARS = 160;

/** JSON re-indented with two spaces, or undefined when the text is not JSON. */
export function formatJson(text: string): string | undefined {
  try {
    return JSON.stringify(JSON.parse(text) as unknown, null, 2);
  } catch {
    return undefined;
  }
}

const pad = (value: number) => String(value).padStart(2, '0');

/** A picked calendar day as the stored `yyyy-mm-dd` (the local day the user clicked). */
export function dayToValue(day: Date): string {
  return `${day.getFullYear()}-${pad(day.getMonth() + 1)}-${pad(day.getDate())}`;
}

/** The calendar day a stored date starts with, or null when it does not start with one. */
export function valueToDay(value: string): Date | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})/.exec(value);
  if (!match) return null;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(year, month - 1, day);
  // `new Date` rolls 2026-02-31 over into March; such a day is not in the calendar.
  return date.getMonth() === month - 1 && date.getDate() === day ? date : null;
}

/** Picking a day replaces the date part and keeps a time of day the value already had. */
export function withPickedDay(value: string, day: Date): string {
  const time = /^\d{4}-\d{2}-\d{2}([T ].*)$/.exec(value)?.[1] ?? '';
  return `${dayToValue(day)}${time}`;
}

/**
 * The value to keep when the type changes in the form. What already fits the new type stays;
 * booleans accept any spelling of true/false, and JSON is pretty-printed so it is readable.
 * Anything else is kept as typed, and the form says what is wrong with it.
 */
export function valueForType(value: string, type: TValueTypeCode): string {
  const trimmed = value.trim();
  switch (type) {
    case 'boolean':
      return /^(true|false)$/i.test(trimmed) ? trimmed.toLowerCase() : value;
    case 'json':
      return formatJson(value) ?? value;
    case 'number':
    case 'date':
      return trimmed;
    default:
      return value;
  }
}

/** A value as one line for a table cell: JSON compacted, runs of whitespace folded, cut short. */
export function cellText(value: string, type: string, max = CELL_PREVIEW_CHARS): string {
  let text = value;
  if (type === 'json') {
    try {
      text = JSON.stringify(JSON.parse(value) as unknown);
    } catch {
      // Stored before validation or by hand: show it as it is.
    }
  }
  text = text.replace(/\s+/g, ' ').trim();
  return text.length > max ? `${text.slice(0, max - 1)}…` : text;
}

/** The full value for the expanded row: JSON pretty-printed, everything else as stored. */
export function expandedText(value: string, type: string): string {
  return type === 'json' ? (formatJson(value) ?? value) : value;
}

/** Whether the cell shows less than the expanded row would, so the row offers to expand. */
export function hasMoreToShow(value: string, type: string, max = CELL_PREVIEW_CHARS): boolean {
  return cellText(value, type, max) !== expandedText(value, type);
}

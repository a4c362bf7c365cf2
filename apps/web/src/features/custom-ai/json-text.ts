/** Pretty JSON for a tool call's inputs and outputs; text stays as it is, without quotes. */
export function jsonText(value: unknown): string {
  if (value === undefined || value === null) return '—';
  if (typeof value === 'string') return value;
  try {
    return JSON.stringify(value, null, 2);
  } catch {
    return String(value);
  }
}

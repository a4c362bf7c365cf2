import { localeOption } from 'primereact/api';

const pad = (value: number) => String(value).padStart(2, '0');

/**
 * Formats a date with a PrimeReact date pattern (`dd`/`d` day, `mm`/`m` month, `yy` four-digit
 * and `y` two-digit year; other characters are kept), so lists show dates the way the
 * locale's Calendar does. Local time, as the user reads it.
 */
export function formatDateWith(value: Date, pattern: string): string {
  return pattern.replace(/yy|y|mm|m|dd|d/g, (token) => {
    switch (token) {
      case 'yy':
        return String(value.getFullYear());
      case 'y':
        return pad(value.getFullYear() % 100);
      case 'mm':
        return pad(value.getMonth() + 1);
      case 'm':
        return String(value.getMonth() + 1);
      case 'dd':
        return pad(value.getDate());
      default:
        return String(value.getDate());
    }
  });
}

/** An ISO timestamp from the API in the current PrimeReact locale's `dateFormat`. */
export function formatDate(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  // An empty locale name means "the current locale" to PrimeReact.
  const pattern = (localeOption('dateFormat', '') as string | undefined) ?? 'mm/dd/yy';
  return formatDateWith(date, pattern);
}

/** An ISO timestamp as the locale's date plus the local time of day, e.g. `03/05/2024 14:30:07`. */
export function formatDateTime(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  const time = [date.getHours(), date.getMinutes(), date.getSeconds()].map(pad).join(':');
  return `${formatDate(iso)} ${time}`;
}

/**
 * Money and counts as the request log and settings show them. Model calls cost fractions of a
 * cent, so small amounts keep enough decimals to tell them apart instead of rounding to $0.00.
 */

const usdFormats = new Map<number, Intl.NumberFormat>();

function usd(decimals: number): Intl.NumberFormat {
  let format = usdFormats.get(decimals);
  if (!format) {
    format = new Intl.NumberFormat('en-US', {
      style: 'currency',
      currency: 'USD',
      minimumFractionDigits: decimals,
      maximumFractionDigits: decimals,
    });
    usdFormats.set(decimals, format);
  }
  return format;
}

/** The smallest amount shown as digits; anything above zero but below it reads "< $0.000001". */
const SMALLEST_SHOWN_USD = 0.000001;

/** `$12.35` from a dollar up, `$0.0123` from a cent, `$0.000123` below, `$0.00` for nothing. */
export function formatUsd(amount: number): string {
  const size = Math.abs(amount);
  if (size === 0 || !Number.isFinite(amount)) return usd(2).format(0);
  if (size < SMALLEST_SHOWN_USD) return `< ${usd(6).format(SMALLEST_SHOWN_USD)}`;
  if (size >= 1) return usd(2).format(amount);
  if (size >= 0.01) return usd(4).format(amount);
  return usd(6).format(amount);
}

const priceFormat = new Intl.NumberFormat('en-US', {
  style: 'currency',
  currency: 'USD',
  minimumFractionDigits: 2,
  maximumFractionDigits: 6,
});

/** A price as it was entered: cents always, more decimals only when it has them (`$0.000075`). */
export function formatPrice(amount: number): string {
  return priceFormat.format(amount);
}

const countFormat = new Intl.NumberFormat('en-US');

/** Whole counts with thousands separators: `12,345`. */
export function formatCount(value: number): string {
  return countFormat.format(Math.round(value));
}

const compactFormat = new Intl.NumberFormat('en-US', {
  notation: 'compact',
  maximumFractionDigits: 1,
});

/** Short counts for cards and chart axes: `950`, `12.3K`, `4.1M`. */
export function formatCompact(value: number): string {
  return compactFormat.format(value);
}

import { describe, expect, it } from 'vitest';
import { formatCompact, formatCount, formatPrice, formatUsd } from './number-format';

describe('formatUsd', () => {
  it.each([
    [0, '$0.00'],
    [12.345, '$12.35'],
    [1, '$1.00'],
    [0.5, '$0.5000'],
    [0.0123, '$0.0123'],
    [0.00012345, '$0.000123'],
    [0.0000001, '< $0.000001'],
    [Number.NaN, '$0.00'],
  ])('formats %s as %s', (amount, expected) => {
    expect(formatUsd(amount)).toBe(expected);
  });
});

describe('formatCount and formatCompact', () => {
  it('separates thousands and shortens large numbers', () => {
    expect(formatCount(1234567)).toBe('1,234,567');
    expect(formatCount(2.6)).toBe('3');
    expect(formatCompact(950)).toBe('950');
    expect(formatCompact(12_345)).toBe('12.3K');
  });
});

describe('formatPrice', () => {
  it('keeps cents and only the decimals a price has', () => {
    expect(formatPrice(0.4)).toBe('$0.40');
    expect(formatPrice(2.5)).toBe('$2.50');
    expect(formatPrice(0.000075)).toBe('$0.000075');
  });
});

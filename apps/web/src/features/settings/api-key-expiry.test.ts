import { describe, expect, it } from 'vitest';
import { expiresAtFor, isExpired } from './api-key-expiry';

const now = new Date('2026-03-10T12:00:00Z');

describe('api key expiry', () => {
  it('counts days from now, or never', () => {
    expect(expiresAtFor('never', now)).toBeNull();
    expect(expiresAtFor('30d', now)).toBe('2026-04-09T12:00:00.000Z');
  });

  it('tells expired keys apart', () => {
    expect(isExpired({ expiresAt: null }, now)).toBe(false);
    expect(isExpired({ expiresAt: '2026-03-10T11:59:59Z' }, now)).toBe(true);
    expect(isExpired({ expiresAt: '2026-03-11T00:00:00Z' }, now)).toBe(false);
  });
});

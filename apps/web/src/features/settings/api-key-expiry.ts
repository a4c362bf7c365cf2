import type { TApiKey } from '@flowsmith/shared';

/** Expiry choices of a new API key; a key can always be revoked sooner. */
export const EXPIRY_OPTIONS = [
  { label: 'Never', value: 'never', days: null },
  { label: 'In 30 days', value: '30d', days: 30 },
  { label: 'In 90 days', value: '90d', days: 90 },
  { label: 'In 1 year', value: '365d', days: 365 },
] as const;
export type TExpiryChoice = (typeof EXPIRY_OPTIONS)[number]['value'];

const DAY_MS = 86_400_000;

/** The API's `expiresAt` for a choice, counted from `now`. */
export function expiresAtFor(choice: TExpiryChoice, now: Date): string | null {
  const days = EXPIRY_OPTIONS.find((option) => option.value === choice)?.days ?? null;
  return days === null ? null : new Date(now.getTime() + days * DAY_MS).toISOString();
}

export function isExpired(key: Pick<TApiKey, 'expiresAt'>, now: Date): boolean {
  return key.expiresAt !== null && Date.parse(key.expiresAt) <= now.getTime();
}

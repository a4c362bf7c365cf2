import type { TRateLimit } from '../../config/config';
import { AppError } from '../../lib/app-error';
import type { TRateLimits } from '../../lib/rate-limits';

function inMinutes(ms: number): string {
  const minutes = Math.max(1, Math.ceil(ms / 60_000));
  return minutes === 1 ? '1 minute' : `${minutes} minutes`;
}

/**
 * Sign-in attempts per account, on top of the per-address limit, so that rotating addresses
 * cannot guess one account's password. A browser that has signed in to the account before
 * (a device token) is counted on its own, so an attacker who uses up the account's attempts
 * does not lock its owner out; a successful sign-in starts the count afresh.
 */
export function createSignInThrottle(limits: TRateLimits, limit: TRateLimit) {
  const keyOf = (email: string, device: string | undefined) =>
    device ? `sign-in device ${device}` : `sign-in account ${email}`;

  return {
    /** Counts an attempt; refuses it with 429 once the window holds too many. */
    async attempt(email: string, device: string | undefined): Promise<void> {
      const { hits, resetInMs } = await limits.hit(keyOf(email, device), limit.timeWindowMs);
      if (hits <= limit.max) return;
      throw new AppError(
        'rate_limited',
        device
          ? `Too many failed sign-ins from this browser. Try again in ${inMinutes(resetInMs)}.`
          : `Too many failed sign-ins to this account. Try again in ${inMinutes(resetInMs)}, or sign in from a browser you have signed in with before.`,
      );
    },

    async succeeded(email: string, device: string | undefined): Promise<void> {
      await limits.reset(keyOf(email, undefined));
      if (device) await limits.reset(keyOf(email, device));
    },
  };
}

export type TSignInThrottle = ReturnType<typeof createSignInThrottle>;

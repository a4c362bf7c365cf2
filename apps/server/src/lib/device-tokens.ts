import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

/**
 * Signed tokens that say "this browser has signed in to this account before" (OWASP's device
 * cookies): failed sign-ins from such a browser are counted apart from everyone else's, so
 * an attacker who exhausts an account's attempts does not lock its owner out.
 */
export function createDeviceTokens(secretKey: string) {
  const key = createHmac('sha256', secretKey).update('sign-in devices').digest();
  const signatureOf = (payload: string) =>
    createHmac('sha256', key).update(payload).digest('base64url');

  return {
    /** A new token for a browser that has just signed in to the account. */
    issue(userId: string): string {
      const payload = `${userId}.${randomBytes(16).toString('base64url')}`;
      return `${payload}.${signatureOf(payload)}`;
    },

    /** The device id of a genuine token for this account, or undefined. */
    deviceOf(token: string | undefined, userId: string): string | undefined {
      const [user, device, signature] = token?.split('.') ?? [];
      if (!user || !device || !signature || user !== userId) return undefined;
      const expected = Buffer.from(signatureOf(`${user}.${device}`));
      const given = Buffer.from(signature);
      if (given.length !== expected.length || !timingSafeEqual(given, expected)) return undefined;
      return device;
    },
  };
}

export type TDeviceTokens = ReturnType<typeof createDeviceTokens>;

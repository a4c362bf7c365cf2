import { createHash, randomBytes } from 'node:crypto';

/** A random opaque token for a URL or cookie; only its hash is stored. */
export function createOpaqueToken(prefix = ''): string {
  return `${prefix}${randomBytes(32).toString('base64url')}`;
}

export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

import { SignJWT, jwtVerify } from 'jose';

const WS_TOKEN_TTL_SECONDS = 15 * 60;
const AUDIENCE = 'flowsmith:realtime';

export type TWsTokenSigner = {
  sign(userId: string): Promise<string>;
  /** Returns the user id, or undefined for a bad or expired token. */
  verify(token: string): Promise<string | undefined>;
};

/** Short-lived JWTs that authenticate the realtime connection. */
export function createWsTokenSigner(
  secretKey: string,
  ttlSeconds = WS_TOKEN_TTL_SECONDS,
): TWsTokenSigner {
  const key = new TextEncoder().encode(secretKey);
  return {
    sign: (userId) =>
      new SignJWT({})
        .setProtectedHeader({ alg: 'HS256' })
        .setSubject(userId)
        .setAudience(AUDIENCE)
        .setIssuedAt()
        .setExpirationTime(`${ttlSeconds}s`)
        .sign(key),
    async verify(token) {
      try {
        const { payload } = await jwtVerify(token, key, {
          audience: AUDIENCE,
          algorithms: ['HS256'],
        });
        return payload.sub;
      } catch {
        return undefined;
      }
    },
  };
}

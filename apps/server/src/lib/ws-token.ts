import { SignJWT, jwtVerify } from 'jose';

const WS_TOKEN_TTL_SECONDS = 15 * 60;
const AUDIENCE = 'flowsmith:realtime';

/** Whose a token is: the user, and the sign-in session it was issued to (none for API keys). */
export type TWsTokenSubject = { userId: string; sessionId?: string };

export type TWsTokenSigner = {
  sign(subject: TWsTokenSubject): Promise<string>;
  /** Returns whose the token is, or undefined for a bad or expired token. */
  verify(token: string): Promise<TWsTokenSubject | undefined>;
};

/** Short-lived JWTs that authenticate the realtime connection. */
export function createWsTokenSigner(
  secretKey: string,
  ttlSeconds = WS_TOKEN_TTL_SECONDS,
): TWsTokenSigner {
  const key = new TextEncoder().encode(secretKey);
  return {
    sign: ({ userId, sessionId }) =>
      new SignJWT(sessionId ? { sid: sessionId } : {})
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
        if (!payload.sub) return undefined;
        return typeof payload.sid === 'string'
          ? { userId: payload.sub, sessionId: payload.sid }
          : { userId: payload.sub };
      } catch {
        return undefined;
      }
    },
  };
}

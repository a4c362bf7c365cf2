import argon2 from 'argon2';

// OWASP's argon2id baseline: 19 MiB, 2 iterations, 1 lane.
const options = { type: argon2.argon2id, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

let dummyHash: Promise<string> | undefined;

export function hashPassword(password: string): Promise<string> {
  return argon2.hash(password, options);
}

export function verifyPassword(hash: string, password: string): Promise<boolean> {
  return argon2.verify(hash, password);
}

/** Spends the same time as a real check, so an unknown e-mail cannot be told apart by timing. */
export async function verifyAgainstDummy(password: string): Promise<false> {
  dummyHash ??= hashPassword('flowsmith-dummy-password');
  await argon2.verify(await dummyHash, password);
  return false;
}

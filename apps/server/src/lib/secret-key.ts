import { randomBytes } from 'node:crypto';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';

/**
 * The key that signs realtime tokens (and, later, encrypts stored credentials): SECRET_KEY when
 * given, otherwise one generated on first start and kept in DATA_DIR so restarts keep sessions.
 */
export async function resolveSecretKey(
  secretKey: string | undefined,
  dataDir: string,
): Promise<string> {
  if (secretKey) return secretKey;
  const file = path.join(dataDir, 'secret.key');
  try {
    return (await readFile(file, 'utf8')).trim();
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  await mkdir(dataDir, { recursive: true });
  const generated = randomBytes(48).toString('base64url');
  await writeFile(file, generated, { mode: 0o600, flag: 'wx' }).catch(async (error) => {
    // Another process wrote it first: use theirs.
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  });
  return (await readFile(file, 'utf8')).trim();
}

import { mkdir } from 'node:fs/promises';
import lockfile from 'proper-lockfile';

export class DataDirLockedError extends Error {
  constructor(readonly dataDir: string) {
    super(
      `Another Flowsmith server is already using the data folder ${dataDir}. ` +
        'Stop that server, or give this one its own folder with DATA_DIR (or a PostgreSQL server with DATABASE_URL).',
    );
    this.name = 'DataDirLockedError';
  }
}

/**
 * Holds an exclusive lock on DATA_DIR for as long as the process runs: the embedded database
 * cannot be shared by two processes without losing writes. A lock left by a crashed process
 * goes stale and is taken over.
 */
export async function lockDataDir(dataDir: string): Promise<() => Promise<void>> {
  await mkdir(dataDir, { recursive: true });
  try {
    return await lockfile.lock(dataDir, {
      lockfilePath: `${dataDir}/.lock`,
      stale: 15_000,
      update: 5_000,
      realpath: false,
    });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ELOCKED') throw new DataDirLockedError(dataDir);
    throw error;
  }
}

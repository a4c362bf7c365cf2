import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import {
  link,
  mkdir,
  readFile,
  rename,
  rmdir,
  stat,
  unlink,
  utimes,
  writeFile,
} from 'node:fs/promises';
import { hostname } from 'node:os';
import path from 'node:path';

/** Who holds a data folder: written into `DATA_DIR/.lock`. */
type THolder = {
  pid: number;
  host: string;
  token: string;
  startedAt: string;
  startTicks?: string;
};

export class DataDirLockedError extends Error {
  constructor(
    readonly dataDir: string,
    holder?: Pick<THolder, 'pid' | 'host'>,
  ) {
    const who = holder ? ` (process ${holder.pid} on ${holder.host})` : '';
    super(
      `Another Flowsmith server${who} is already using the data folder ${dataDir}. ` +
        'Stop that server, or give this one its own folder with DATA_DIR (or a PostgreSQL server with DATABASE_URL).',
    );
    this.name = 'DataDirLockedError';
  }
}

export type TLockOptions = {
  /** Called when the lock file is no longer ours (removed or taken over); the holder must stop. */
  onLost: (error: Error) => void;
  /** How often the holder touches the lock file, so other hosts can tell it is alive. */
  heartbeatMs?: number;
  /** A lock whose holder cannot be checked (another host) is abandoned after this long untouched. */
  staleMs?: number;
};

// Tokens of the locks this process holds: a second lock of the same folder here is refused too.
const heldHere = new Set<string>();

/** The kernel's fields for a process after its name (state first), where there is a /proc. */
function procStat(pid: number): string[] | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  } catch {
    return undefined;
  }
}

/** When the process started, in clock ticks since boot: a pid with another start is reused. */
const startTicks = (pid: number) => procStat(pid)?.[19];

/** Whether the process that wrote a lock still runs. */
function holderRuns(holder: THolder): boolean {
  try {
    process.kill(holder.pid, 0);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ESRCH') return false;
  }
  const fields = procStat(holder.pid);
  if (!fields) return true;
  // Killed but not yet reaped by its parent.
  if (fields[0] === 'Z') return false;
  return holder.startTicks === undefined || fields[19] === holder.startTicks;
}

async function readHolder(file: string): Promise<THolder | undefined> {
  try {
    const holder = JSON.parse(await readFile(file, 'utf8')) as Partial<THolder>;
    return typeof holder.pid === 'number' && typeof holder.host === 'string' && holder.token
      ? (holder as THolder)
      : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Whether a lock can be taken over. On this host the holder's process tells at once (a crashed
 * or killed server leaves its lock behind, and the next start must not wait); a lock from
 * another host sharing the folder, or one that cannot be read, goes stale when its heartbeat
 * stops.
 */
function isAbandoned(holder: THolder | undefined, touchedAgoMs: number, staleMs: number): boolean {
  if (holder && heldHere.has(holder.token)) return false;
  if (!holder || holder.host !== hostname()) return touchedAgoMs > staleMs;
  // Our own pid in a lock we do not hold is an earlier life of this process id (a container
  // restarted with the same pid), not a live server.
  return holder.pid === process.pid || !holderRuns(holder);
}

/**
 * Holds an exclusive lock on DATA_DIR for as long as the process runs: the embedded database
 * cannot be shared by two processes without losing writes. The lock file names its holder's
 * pid and host; a lock whose holder is gone is taken over at once.
 */
export async function lockDataDir(
  dataDir: string,
  { onLost, heartbeatMs = 5_000, staleMs = 20_000 }: TLockOptions,
): Promise<() => Promise<void>> {
  await mkdir(dataDir, { recursive: true });
  const lockFile = path.join(dataDir, '.lock');
  const holder: THolder = {
    pid: process.pid,
    host: hostname(),
    token: randomUUID(),
    startedAt: new Date().toISOString(),
    startTicks: startTicks(process.pid),
  };

  for (let attempt = 0; ; attempt++) {
    if (await tryCreate(lockFile, holder)) break;
    const found = await inspect(lockFile);
    if (!found) continue; // released meanwhile
    if (attempt >= 5 || !isAbandoned(found.holder, found.touchedAgoMs, staleMs)) {
      throw new DataDirLockedError(dataDir, found.holder);
    }
    await takeOver(lockFile, found);
  }
  heldHere.add(holder.token);

  const heartbeat = setInterval(() => {
    void (async () => {
      const current = await readHolder(lockFile);
      if (current?.token !== holder.token) {
        clearInterval(heartbeat);
        heldHere.delete(holder.token);
        onLost(new Error(`The lock on the data folder ${dataDir} was removed or taken over`));
        return;
      }
      const now = new Date();
      await utimes(lockFile, now, now).catch(() => undefined);
    })();
  }, heartbeatMs);
  heartbeat.unref();

  return async () => {
    clearInterval(heartbeat);
    if (!heldHere.delete(holder.token)) return;
    if ((await readHolder(lockFile))?.token === holder.token) await unlink(lockFile);
  };
}

/** Creates the lock file with its content in one step (a hard link), or answers false. */
async function tryCreate(lockFile: string, holder: THolder): Promise<boolean> {
  const draft = `${lockFile}.${holder.token}`;
  await writeFile(draft, JSON.stringify(holder));
  try {
    await link(draft, lockFile);
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return false;
    throw error;
  } finally {
    await unlink(draft).catch(() => undefined);
  }
}

type TFound = { holder: THolder | undefined; touchedAgoMs: number; isDirectory: boolean };

async function inspect(lockFile: string): Promise<TFound | undefined> {
  try {
    const info = await stat(lockFile);
    return {
      // Versions before this one locked with a directory of that name.
      holder: info.isDirectory() ? undefined : await readHolder(lockFile),
      touchedAgoMs: Date.now() - info.mtimeMs,
      isDirectory: info.isDirectory(),
    };
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
}

/**
 * Removes an abandoned lock. It is first renamed aside, so that of two servers starting at
 * once only one removes it; if what was renamed is no longer the abandoned lock (another
 * server took it over in between), it is put back.
 */
async function takeOver(lockFile: string, found: TFound): Promise<void> {
  if (found.isDirectory) {
    await rmdir(lockFile).catch(() => undefined);
    return;
  }
  const aside = `${lockFile}.${randomUUID()}.stale`;
  try {
    await rename(lockFile, aside);
  } catch {
    return; // someone else moved it first
  }
  const moved = await readHolder(aside);
  if (moved?.token === found.holder?.token) await unlink(aside);
  else await rename(aside, lockFile);
}

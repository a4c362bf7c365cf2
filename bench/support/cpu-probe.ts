/**
 * CPU time of the processes a benchmark drives, from /proc (Linux): its own, its children's by
 * pid, and that of the PostgreSQL backends serving its database.
 */
import { readdirSync, readFileSync } from 'node:fs';

// /proc counts clock ticks of 10 ms (USER_HZ 100).
const TICK_MS = 10;

/** User and system CPU ms of a process; 0 once it is gone. */
function cpuOfPid(pid: number): number {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) * TICK_MS;
  } catch {
    return 0;
  }
}

/** CPU ms so far of every PostgreSQL process, by pid. */
function postgresCpu(): Map<number, number> {
  const byPid = new Map<number, number>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      if (readFileSync(`/proc/${entry}/comm`, 'utf8').trim() === 'postgres')
        byPid.set(Number(entry), cpuOfPid(Number(entry)));
    } catch {
      // Ended between the listing and the read.
    }
  }
  return byPid;
}

/**
 * CPU ms so far of this process, of `children` (the model server first, then any workers), and
 * of every PostgreSQL process.
 */
export function cpuSnapshot(children: number[]) {
  const self = process.cpuUsage();
  return {
    self: (self.user + self.system) / 1000,
    children: children.map(cpuOfPid),
    postgres: postgresCpu(),
  };
}

/**
 * CPU ms per run between two snapshots: this process, the model server, each worker, and the
 * PostgreSQL backends
 * `backends` (those of the benchmark's database; a backend started in between counts from 0).
 */
export function cpuPerRun(
  before: ReturnType<typeof cpuSnapshot>,
  after: ReturnType<typeof cpuSnapshot>,
  backends: number[],
  runs: number,
) {
  const per = (ms: number) => (ms / runs).toFixed(2);
  let postgres = 0;
  for (const pid of backends)
    postgres += (after.postgres.get(pid) ?? 0) - (before.postgres.get(pid) ?? 0);
  const [model, ...workers] = after.children.map((c, i) => per(c - before.children[i]!));
  return {
    api: per(after.self - before.self),
    model,
    ...(workers.length ? { workers: workers.join(' + ') } : {}),
    ...(backends.length ? { postgres: per(postgres) } : {}),
  };
}

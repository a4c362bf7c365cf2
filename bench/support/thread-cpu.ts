import { readFileSync } from 'node:fs';

/** Linux counts a thread's CPU time in clock ticks of 10 ms (USER_HZ 100 on every common build). */
const US_PER_TICK = 10_000;

/**
 * CPU time (µs) of this process's main thread alone: `process.cpuUsage()` adds every thread's,
 * the embedded database's worker thread among them. Linux only (NaN elsewhere); 10 ms steps.
 */
export function mainThreadCpuUs(): number {
  try {
    const stat = readFileSync(`/proc/self/task/${process.pid}/stat`, 'utf8');
    // The fields after the command name, which is in parentheses and may hold spaces.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) * US_PER_TICK;
  } catch {
    return NaN;
  }
}

/**
 * The machine's speed now against itself at a benchmark's start, from a fixed loop of JSON and
 * hashing. On the virtual machines these benchmarks run on, a stretch of frequent disk flushes
 * (PostgreSQL's write-ahead log) leaves the processors slower for tens of seconds after it ends,
 * so a path measured right after another one would pay for it too.
 */
import { createHash } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';

function loopMs(): number {
  const started = performance.now();
  for (let i = 0; i < 20_000; i++) {
    const text = JSON.stringify({ i, text: 'a step of a workflow', list: [1, 2, 3] });
    createHash('sha1').update(text).digest('hex');
    JSON.parse(text);
  }
  return performance.now() - started;
}

function medianLoopMs(times: number): number {
  const all = Array.from({ length: times }, loopMs).sort((a, b) => a - b);
  return all[Math.floor(all.length / 2)]!;
}

/** Takes the loop's time now as the machine's own; `settled` waits for it to come back. */
export function machineSpeed() {
  loopMs();
  const reference = medianLoopMs(5);
  return {
    reference,
    /**
     * Waits (at most `maxMs`) until the loop takes at most `tolerance` times the reference; how
     * long it waited and the last ratio.
     */
    async settled({ tolerance = 1.15, maxMs = 90_000 } = {}) {
      const started = performance.now();
      for (;;) {
        const ratio = medianLoopMs(3) / reference;
        const waitedMs = performance.now() - started;
        if (ratio <= tolerance || waitedMs >= maxMs) return { waitedMs, ratio };
        await sleep(2_000);
      }
    },
  };
}

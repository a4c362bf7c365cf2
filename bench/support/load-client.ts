/**
 * A closed-loop load generator, run as its own process so that it does not share the event loop
 * of the server it measures: `callers` requests at once, each sent again as soon as it is
 * answered, for `seconds`. Prints one JSON line: requests answered, failures, per second, p50
 * and p99 in milliseconds.
 */
import type { TLoadSpec } from './load';
import { percentile } from './measure';

const spec = JSON.parse(process.argv[2]!) as TLoadSpec;
const body = spec.body === undefined ? undefined : JSON.stringify(spec.body);
const headers = { ...(body ? { 'content-type': 'application/json' } : {}), ...spec.headers };
const durations: number[] = [];
let failures = 0;
const started = performance.now();
const until = started + spec.seconds * 1000;

await Promise.all(
  Array.from({ length: spec.callers }, async () => {
    while (performance.now() < until) {
      const at = performance.now();
      try {
        const response = await fetch(spec.url, { method: spec.method, headers, body });
        await response.arrayBuffer();
        if (response.ok) durations.push(performance.now() - at);
        else failures += 1;
      } catch {
        failures += 1;
      }
    }
  }),
);
const ms = performance.now() - started;
console.log(
  JSON.stringify({
    answered: durations.length,
    failures,
    perSecond: (durations.length / ms) * 1000,
    p50: percentile(durations, 50),
    p99: percentile(durations, 99),
  }),
);

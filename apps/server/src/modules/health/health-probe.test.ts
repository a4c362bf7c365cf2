import { describe, expect, it } from 'vitest';
import { createHealthProbe } from './health-probe';

/** A ping whose answers the test gives, counting the probes. */
function controlledPing() {
  const pending: Array<(ok: boolean) => void> = [];
  return {
    pending,
    ping: () => new Promise<boolean>((resolve) => pending.push(resolve)),
  };
}

describe('createHealthProbe', () => {
  it('probes at most once per interval, answering from the last probe meanwhile', async () => {
    let clock = 0;
    let probes = 0;
    const health = createHealthProbe(
      async () => {
        probes += 1;
        return true;
      },
      { maxAgeMs: 1_000, now: () => clock },
    );
    expect(await health.databaseOk()).toBe(true);
    for (let i = 0; i < 50; i++) expect(await health.databaseOk()).toBe(true);
    expect(probes).toBe(1);
    clock = 1_000;
    await Promise.all(Array.from({ length: 20 }, () => health.databaseOk()));
    expect(probes).toBe(2);
  });

  it('shares one probe between callers and, after a failure, probes again on the next call', async () => {
    const { pending, ping } = controlledPing();
    const health = createHealthProbe(ping, { now: () => 0 });
    const first = [health.databaseOk(), health.databaseOk(), health.databaseOk()];
    expect(pending).toHaveLength(1);
    pending[0]!(false);
    expect(await Promise.all(first)).toEqual([false, false, false]);

    const retry = health.databaseOk();
    expect(pending).toHaveLength(2);
    pending[1]!(true);
    expect(await retry).toBe(true);
  });

  it('counts a probe that fails or never answers as down', async () => {
    const failing = createHealthProbe(() => Promise.reject(new Error('connection refused')));
    expect(await failing.databaseOk()).toBe(false);
    const hanging = createHealthProbe(() => new Promise<boolean>(() => undefined), {
      timeoutMs: 20,
    });
    expect(await hanging.databaseOk()).toBe(false);
  });
});

import { spawn } from 'node:child_process';
import { mkdir, mkdtemp, readFile, rm, unlink, utimes, writeFile } from 'node:fs/promises';
import { hostname, tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DataDirLockedError, lockDataDir } from './data-dir-lock';

const noop = { onLost: () => undefined };

/** The pid of a process that has exited (and been reaped). */
async function deadPid(): Promise<number> {
  const child = spawn(process.execPath, ['-e', '']);
  await new Promise((resolve) => child.once('exit', resolve));
  return child.pid!;
}

describe('lockDataDir', () => {
  const dirs: string[] = [];
  afterEach(async () => {
    await Promise.all(dirs.splice(0).map((dir) => rm(dir, { recursive: true, force: true })));
  });
  const tempDir = async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'flowsmith-lock-'));
    dirs.push(dir);
    return dir;
  };
  const writeLock = (dir: string, holder: object) =>
    writeFile(path.join(dir, '.lock'), JSON.stringify({ token: 'left-behind', ...holder }));

  it('refuses a second holder of the same folder with a clear message, and frees it on release', async () => {
    const dir = await tempDir();
    const release = await lockDataDir(dir, noop);
    const second = lockDataDir(dir, noop);
    await expect(second).rejects.toBeInstanceOf(DataDirLockedError);
    await expect(second).rejects.toThrow(/already using the data folder/);
    await release();
    const again = await lockDataDir(dir, noop);
    await again();
  });

  it('names its holder in the lock file', async () => {
    const dir = await tempDir();
    const release = await lockDataDir(dir, noop);
    const holder = JSON.parse(await readFile(path.join(dir, '.lock'), 'utf8'));
    expect(holder).toMatchObject({ pid: process.pid, host: hostname() });
    await release();
  });

  it('takes over at once a lock whose process on this host is gone', async () => {
    const dir = await tempDir();
    await writeLock(dir, { pid: await deadPid(), host: hostname() });
    const release = await lockDataDir(dir, noop);
    await release();
  });

  it('refuses a lock of a live process on this host, however old its heartbeat', async () => {
    const dir = await tempDir();
    const live = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 60000)']);
    try {
      await writeLock(dir, { pid: live.pid, host: hostname() });
      await utimes(path.join(dir, '.lock'), new Date(0), new Date(0));
      await expect(lockDataDir(dir, noop)).rejects.toThrow(
        new RegExp(`process ${live.pid} on ${hostname()}`),
      );
    } finally {
      live.kill('SIGKILL');
    }
  });

  it('takes over a lock from another host only once its heartbeat has stopped', async () => {
    const dir = await tempDir();
    await writeLock(dir, { pid: 1, host: 'another-host' });
    await expect(lockDataDir(dir, { ...noop, staleMs: 20_000 })).rejects.toBeInstanceOf(
      DataDirLockedError,
    );
    const past = new Date(Date.now() - 60_000);
    await utimes(path.join(dir, '.lock'), past, past);
    const release = await lockDataDir(dir, { ...noop, staleMs: 20_000 });
    await release();
  });

  it('takes over a stale lock folder left by an earlier version', async () => {
    const dir = await tempDir();
    await mkdir(path.join(dir, '.lock'));
    const past = new Date(Date.now() - 60_000);
    await utimes(path.join(dir, '.lock'), past, past);
    const release = await lockDataDir(dir, noop);
    await release();
  });

  it('tells its holder when the lock file is removed', async () => {
    const dir = await tempDir();
    const onLost = vi.fn();
    const release = await lockDataDir(dir, { onLost, heartbeatMs: 20 });
    await unlink(path.join(dir, '.lock'));
    await vi.waitFor(() => expect(onLost).toHaveBeenCalledOnce());
    await release();
  });
});

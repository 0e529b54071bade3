/**
 * The data folder's lock (folder-lock.ts) between processes, as proper-lockfile could not keep it (see
 * docs/ARCHITECTURE.md, "What the project keeps as its own"): a lock whose process was killed (SIGKILL)
 * is taken over by the next start at once, not after a time; a lock whose process runs is never taken,
 * however old; and of several processes that find one left-over lock at once, exactly one takes it.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { hostname, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { Spawned } from '../processes.js';
import { FolderLock, LOCK_FILE } from './folder-lock.js';

const scratch = mkdtempSync(join(tmpdir(), 'folder-lock-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));
let made = 0;

function freshFolder(): string {
  return mkdtempSync(join(scratch, `f${++made}-`));
}

const MODULE = fileURLToPath(new URL('./folder-lock.ts', import.meta.url));

/**
 * A process that takes the lock on `folder` when the clock passes `at` (ms), says `took <pid>` or
 * `refused <code>`, and keeps running (without letting the lock go) until it is stopped.
 */
function taker(folder: string, at = 0): Spawned {
  const code = `
    const { FolderLock } = await import(${JSON.stringify(MODULE)});
    while (Date.now() < ${at}) {}
    try { FolderLock.take(process.argv[1]); console.log('took', process.pid); }
    catch (error) { console.log('refused', error.code); }
    setInterval(() => {}, 60_000);`;
  const child = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', code, folder], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  return new Spawned('lock taker', child);
}

function owner(folder: string): { pid: number; host: string } {
  return JSON.parse(readFileSync(join(folder, LOCK_FILE), 'utf8')) as { pid: number; host: string };
}

describe("the data folder's lock", { timeout: 60_000 }, () => {
  it('is taken over at once from a process killed with SIGKILL, and never from one that runs', async () => {
    const folder = freshFolder();
    const first = taker(folder);
    try {
      await first.waitFor(/took \d+/);
      expect(owner(folder)).toMatchObject({ pid: first.pid, host: hostname() });
      // Running, its lock is held, however long ago it was taken.
      const old = new Date(Date.now() - 3_600_000);
      utimesSync(join(folder, LOCK_FILE), old, old);
      let refusal: unknown;
      try {
        FolderLock.take(folder);
      } catch (error) {
        refusal = error;
      }
      expect(refusal).toMatchObject({ code: 'database-locked' });
      expect((refusal as Error).message).toContain(`process ${first.pid} on ${hostname()}`);
      await first.stop('SIGKILL');
    } finally {
      await first.stop('SIGKILL');
    }
    // Killed, it left its lock behind, taken over by the next start straight away.
    expect(owner(folder).pid).toBe(first.pid);
    const lock = FolderLock.take(folder);
    expect(owner(folder)).toMatchObject({ pid: process.pid, host: hostname() });
    lock.release();
  });

  it('is taken over by exactly one of several processes that find it left over at once', async () => {
    const folder = freshFolder();
    writeFileSync(
      join(folder, LOCK_FILE),
      JSON.stringify({ pid: 999_999_999, host: hostname(), since: 'long ago' }),
    );
    // They all try at the same moment, once each has started (a few seconds on a busy machine).
    const at = Date.now() + 8_000;
    const takers = Array.from({ length: 4 }, () => taker(folder, at));
    try {
      const said = await Promise.all(takers.map((one) => one.waitFor(/(took|refused) (\S+)/)));
      const took = said.filter(([, what]) => what === 'took');
      expect(took).toHaveLength(1);
      expect(said.filter(([, what, code]) => what === 'refused' && code === 'database-locked')).toHaveLength(
        3,
      );
      expect(owner(folder).pid).toBe(Number(took[0]![2]));
    } finally {
      await Promise.all(takers.map((one) => one.stop('SIGKILL')));
    }
  });
});

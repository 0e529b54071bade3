/**
 * The lock that keeps an embedded database's data folder to one process. PGlite has no lock of its own
 * (two processes that open one folder both succeed, and then damage it), so the process that opens a
 * data folder first writes `lock` in it, created only if it is not there, holding its pid, its host and
 * when it took it, and deletes it when it closes.
 *
 * A lock left by a process that was killed (kill -9, a crash, a power cut) is taken over: its process is
 * not running any more (or its pid is this process's own, as when a container restarts and the server
 * gets the same pid again). Only one of two processes that find the same left-over lock at once takes it
 * over: each must first create `lock.takeover`, only if it is not there.
 *
 * A lock written on another host (a data folder on a shared disk) cannot be checked from here: it is
 * taken as held, and the message says which file to delete if that process is gone.
 */
import { closeSync, openSync, readFileSync, statSync, unlinkSync, writeSync } from 'node:fs';
import { hostname } from 'node:os';
import { join } from 'node:path';
import { DatabaseError } from './errors.js';

/** The lock file's name, in the data folder. */
export const LOCK_FILE = 'lock';
/** Held for a moment by the one process taking over a left-over lock. */
const TAKEOVER_FILE = 'lock.takeover';
/** A takeover file older than this was left by a process killed while taking over, ms. */
const TAKEOVER_STALE_MS = 10_000;

/** What a lock file says. */
interface LockOwner {
  pid: number;
  host: string;
  /** When it was taken (ISO 8601). */
  since: string;
}

/** Folders this process holds, so that it does not open one twice (that would damage it as well). */
const held = new Set<string>();

/** The owner written in a lock file, or null when it cannot be read (being written, or not a lock). */
function readOwner(file: string): LockOwner | null {
  try {
    const owner = JSON.parse(readFileSync(file, 'utf8')) as Partial<LockOwner>;
    if (typeof owner.pid !== 'number' || typeof owner.host !== 'string') return null;
    return { pid: owner.pid, host: owner.host, since: String(owner.since ?? '') };
  } catch {
    return null;
  }
}

/** Whether process `pid` of this host is running (one of another user counts: it answers EPERM). */
function running(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** Creates `file` holding `text`, only if it does not exist: false if it does. */
function createOnly(file: string, text: string): boolean {
  let fd: number;
  try {
    fd = openSync(file, 'wx');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return false;
    throw error;
  }
  try {
    writeSync(fd, text);
  } finally {
    closeSync(fd);
  }
  return true;
}

function removeIfThere(file: string): void {
  try {
    unlinkSync(file);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
}

/** Whether a lock with this owner was left by a process that is gone. */
function leftOver(owner: LockOwner, folder: string): boolean {
  if (owner.host !== hostname()) return false;
  if (owner.pid === process.pid) return !held.has(folder);
  return !running(owner.pid);
}

/** The lock on one data folder, held by this process until release(). */
export class FolderLock {
  private released = false;

  private constructor(
    /** The data folder (absolute). */
    readonly folder: string,
  ) {}

  /**
   * Takes the lock on `folder` (which exists), taking over one left by a process that is gone.
   * @throws DatabaseError `database-locked` if a running process holds it (the message names it and the
   *   file); `data-dir-unusable` if the lock cannot be written
   */
  static take(folder: string): FolderLock {
    const file = join(folder, LOCK_FILE);
    const me: LockOwner = { pid: process.pid, host: hostname(), since: new Date().toISOString() };
    const text = `${JSON.stringify(me)}\n`;
    try {
      if (held.has(folder)) throw locked(folder, file, me);
      if (!createOnly(file, text)) {
        const owner = readOwner(file);
        // Unreadable: another process is writing it this instant (it writes it right after creating it).
        if (owner === null || !leftOver(owner, folder)) throw locked(folder, file, owner);
        if (!takeOver(folder, file, owner, text)) throw locked(folder, file, readOwner(file) ?? owner);
      }
      held.add(folder);
      return new FolderLock(folder);
    } catch (error) {
      if (error instanceof DatabaseError) throw error;
      throw new DatabaseError(
        'data-dir-unusable',
        `The data folder ${folder} cannot be locked for this process (${(error as Error).message})`,
        { cause: error },
      );
    }
  }

  /** Lets the folder go (deletes the lock file if it is still this process's). */
  release(): void {
    if (this.released) return;
    this.released = true;
    held.delete(this.folder);
    const file = join(this.folder, LOCK_FILE);
    const owner = readOwner(file);
    if (owner && owner.pid === process.pid && owner.host === hostname()) removeIfThere(file);
  }
}

/**
 * Replaces the left-over lock of `owner` with this process's (`text`), as the one process doing so: false
 * if another process is taking it over right now, or already has. The new lock is written before the
 * takeover file is let go, so that a process that read the same left-over lock and takes over next finds
 * this one's instead, and leaves it.
 */
function takeOver(folder: string, file: string, owner: LockOwner, text: string): boolean {
  const takeover = join(folder, TAKEOVER_FILE);
  if (!createOnly(takeover, String(process.pid))) {
    // Another process is taking over right now, or one was killed while it did (an old file: deleted,
    // and tried once more).
    let age = 0;
    try {
      age = Date.now() - statSync(takeover).mtimeMs;
    } catch {
      // Gone already: the other process is done.
    }
    if (age <= TAKEOVER_STALE_MS) return false;
    removeIfThere(takeover);
    if (!createOnly(takeover, String(process.pid))) return false;
  }
  try {
    // Still the same left-over lock (not one another process took over and wrote meanwhile)?
    const now = readOwner(file);
    if (now !== null && (now.pid !== owner.pid || now.host !== owner.host || now.since !== owner.since)) {
      return false;
    }
    removeIfThere(file);
    return createOnly(file, text);
  } finally {
    removeIfThere(takeover);
  }
}

function locked(folder: string, file: string, owner: LockOwner | null): DatabaseError {
  const who = owner
    ? `process ${owner.pid} on ${owner.host}${owner.since ? ` since ${owner.since}` : ''}`
    : 'another process';
  return new DatabaseError(
    'database-locked',
    `The data folder ${folder} is in use by ${who}: one server process at a time can use an embedded ` +
      `database (set DATABASE_URL to share a PostgreSQL server between processes). If that process is ` +
      `not running any more, delete ${file} and start again.`,
  );
}

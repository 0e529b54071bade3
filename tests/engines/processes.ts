// The processes the smoke tests start (an X server, a WebDriver, browsers), each in a process group of its
// own so that it ends with everything it started, even when a test fails or the run is interrupted.
import { spawn, type ChildProcess } from 'node:child_process';
import { createConnection, createServer } from 'node:net';
import type { Readable } from 'node:stream';

/** Process groups started by this run and not yet ended. */
const groups = new Set<number>();

/** Remembers a process group to end at the latest when the run ends. */
export function track(pid: number | undefined): void {
  if (pid) groups.add(pid);
}

function alive(pid: number): boolean {
  try {
    process.kill(-pid, 0);
    return true;
  } catch {
    return false;
  }
}

function signal(pid: number, name: NodeJS.Signals): void {
  try {
    process.kill(-pid, name);
  } catch {
    // already gone
  }
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Ends a process group: SIGTERM, then SIGKILL for whatever is left after `graceMs`. */
export async function endGroup(pid: number | undefined, graceMs = 2_000): Promise<void> {
  if (!pid) return;
  signal(pid, 'SIGTERM');
  for (let waited = 0; waited < graceMs && alive(pid); waited += 50) await sleep(50);
  if (alive(pid)) signal(pid, 'SIGKILL');
  groups.delete(pid);
}

/** Ends every group still running (at the end of the run, or when it is interrupted). */
export async function endAll(): Promise<void> {
  await Promise.all([...groups].map((pid) => endGroup(pid, 1_000)));
}

/** Last resort, synchronous (on exit): SIGKILL to every group still running. */
function killAllNow(): void {
  for (const pid of groups) signal(pid, 'SIGKILL');
  groups.clear();
}
process.on('exit', killAllNow);
for (const name of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) {
  process.on(name, () => {
    killAllNow();
    process.exit(130);
  });
}

/** Starts a program as the leader of a new process group (tracked until ended). */
export function startGroup(
  command: string,
  args: string[],
  env: NodeJS.ProcessEnv,
  stdio: ('ignore' | 'pipe')[] = ['ignore', 'ignore', 'pipe'],
): ChildProcess {
  const child = spawn(command, args, { env, stdio, detached: true });
  track(child.pid);
  // Keep the last words it said on stderr, for the message when it fails.
  const said: string[] = [];
  child.stderr?.setEncoding('utf8').on('data', (text: string) => {
    said.push(text);
    if (said.length > 20) said.shift();
  });
  (child as ChildProcess & { said: string[] }).said = said;
  return child;
}

/** What a process started by startGroup last wrote to stderr. */
export function lastWords(child: ChildProcess): string {
  return ((child as ChildProcess & { said?: string[] }).said ?? []).join('').trim().slice(-800);
}

/** A TCP port free on 127.0.0.1 right now. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject()));
    });
  });
}

/** Waits until something listens on 127.0.0.1:port, or the process exits, or the time is up. */
export async function waitForPort(port: number, child: ChildProcess, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null || child.signalCode !== null) {
      throw new Error(
        `${child.spawnfile} exited (${child.exitCode ?? child.signalCode}): ${lastWords(child)}`,
      );
    }
    const open = await new Promise<boolean>((resolve) => {
      const socket = createConnection({ port, host: '127.0.0.1' });
      socket.once('connect', () => {
        socket.destroy();
        resolve(true);
      });
      socket.once('error', () => resolve(false));
    });
    if (open) return;
    await sleep(100);
  }
  throw new Error(`${child.spawnfile} did not listen on port ${port} within ${timeoutMs / 1000} s`);
}

/** An X server on a display of its own (Xvfb), for browsers that draw WebGL only with one. */
export interface XServer {
  display: string;
  stop(): Promise<void>;
}

/** Starts Xvfb on the first free display; it says which on file descriptor 3. */
export async function startXvfb(path: string): Promise<XServer> {
  const child = startGroup(
    path,
    ['-displayfd', '3', '-screen', '0', '1280x1024x24', '-nolisten', 'tcp'],
    process.env,
    ['ignore', 'ignore', 'pipe', 'pipe'],
  );
  const display = await new Promise<string>((resolve, reject) => {
    let text = '';
    const timer = setTimeout(() => fail(new Error('Xvfb did not report a display within 15 s')), 15_000);
    const fail = (error: Error) => {
      clearTimeout(timer);
      reject(error);
    };
    (child.stdio[3] as Readable).setEncoding('utf8').on('data', (chunk: string) => {
      text += chunk;
      if (text.includes('\n')) {
        clearTimeout(timer);
        resolve(`:${text.trim()}`);
      }
    });
    child.once('error', fail);
    child.once('exit', (code) => fail(new Error(`Xvfb exited (${code}): ${lastWords(child)}`)));
  }).catch(async (error: Error) => {
    await endGroup(child.pid);
    throw error;
  });
  return { display, stop: () => endGroup(child.pid) };
}

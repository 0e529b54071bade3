/**
 * The log: a malformed WebSocket frame is one line, at most one per 10 s with a count of the rest; the
 * rest of the log is as Colyseus writes it. On its own, and on a real server fed bad frames.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { WebSocket } from 'ws';
import {
  FRAME_LOG_EVERY_MS,
  FrameErrorLog,
  malformedFrameReason,
  serverLogger,
  type ServerLogger,
} from './http-log.js';
import { matchmake, RawSocket, ROOM_DATA } from './raw-client.js';
import { startServer, type RunningServer } from './server.js';

/** What Colyseus logs for a bad frame: ws's error's message, then its stack. */
function colyseusLine(message: string): string {
  const error = new RangeError(message);
  return `${error.message}\n${error.stack}`;
}

describe('malformedFrameReason', () => {
  it("reads ws's refusals of a frame from what Colyseus logs", () => {
    for (const message of [
      'Invalid WebSocket frame: invalid opcode 5',
      'Invalid WebSocket frame: RSV2 and RSV3 must be clear',
      'Invalid WebSocket frame: invalid UTF-8 sequence',
      'Max payload size exceeded',
      'Unsupported WebSocket frame: payload length > 2^53 - 1',
    ]) {
      expect(malformedFrameReason([colyseusLine(message)])).toBe(message);
    }
  });

  it('reads a room message msgpack cannot decode from the stack Colyseus logs', () => {
    const stack = [
      'Error: Unexpected end of MessagePack data',
      '    at endOfMessagePackError (file:///app/node_modules/msgpackr/unpack.js:767:14)',
      '    at unpack (file:///app/node_modules/msgpackr/unpack.js:116:10)',
      '    at RoomMessages.onData (file:///app/node_modules/@colyseus/core/build/RoomMessages.mjs:122:68)',
    ].join('\n');
    expect(malformedFrameReason([stack])).toBe(
      'a message that cannot be read: Error: Unexpected end of MessagePack data',
    );
    // A room's own error is not a client's bad message.
    const own = 'Error: x\n    at DiceRoom.handle (file:///app/server/src/DiceRoom.ts:1:1)';
    expect(malformedFrameReason([own])).toBeUndefined();
  });

  it('leaves every other log call alone', () => {
    expect(malformedFrameReason(['error during shutdown: Error: x'])).toBeUndefined();
    expect(malformedFrameReason([new Error('Invalid WebSocket frame: invalid opcode 5')])).toBeUndefined();
    expect(malformedFrameReason(['Invalid WebSocket frame: x', 'more'])).toBeUndefined();
    expect(malformedFrameReason([])).toBeUndefined();
  });
});

describe('FrameErrorLog', () => {
  beforeAll(() => {
    vi.useFakeTimers();
  });
  afterAll(() => {
    vi.useRealTimers();
  });

  it('writes one line, counts the rest for 10 s, then writes the count', () => {
    const lines: string[] = [];
    const log = new FrameErrorLog((line) => lines.push(line));
    log.report('Invalid WebSocket frame: invalid opcode 5');
    for (let i = 0; i < 500; i++) log.report('Max payload size exceeded');
    expect(lines).toEqual([
      'A client sent a malformed WebSocket frame (Invalid WebSocket frame: invalid opcode 5); its connection was closed',
    ]);
    vi.advanceTimersByTime(FRAME_LOG_EVERY_MS);
    expect(lines[1]).toBe('500 more malformed WebSocket frame(s) from clients in the last 10 s');
    // A new quiet time: the next ones are counted again, and nothing is written for none.
    log.report('Max payload size exceeded');
    expect(lines).toHaveLength(2);
    vi.advanceTimersByTime(FRAME_LOG_EVERY_MS);
    expect(lines[2]).toMatch(/^1 more malformed/);
    vi.advanceTimersByTime(5 * FRAME_LOG_EVERY_MS);
    expect(lines).toHaveLength(3);
    log.report('Invalid WebSocket frame: MASK must be set');
    expect(lines[3]).toMatch(/MASK must be set/);
    expect(lines.every((line) => !line.includes('\n'))).toBe(true);
  });
});

describe('serverLogger', () => {
  it('passes every other call to the log as it is', () => {
    const calls: [string, unknown[]][] = [];
    const base = Object.fromEntries(
      (['debug', 'error', 'info', 'trace', 'warn'] as const).map((name) => [
        name,
        (...args: unknown[]) => calls.push([name, args]),
      ]),
    ) as unknown as ServerLogger;
    const logger = serverLogger(base);
    const error = new Error('boom');
    logger.error(error);
    logger.error('a', 1);
    logger.warn('w');
    logger.info('i');
    logger.debug('d');
    logger.trace('t');
    logger.error(colyseusLine('Invalid WebSocket frame: invalid opcode 5'));
    expect(calls.slice(0, 6)).toEqual([
      ['error', [error]],
      ['error', ['a', 1]],
      ['warn', ['w']],
      ['info', ['i']],
      ['debug', ['d']],
      ['trace', ['t']],
    ]);
    expect(calls[6]![0]).toBe('error');
    expect(calls[6]![1]).toEqual([expect.stringMatching(/^A client sent a malformed WebSocket frame \(/)]);
  });
});

describe('malformed frames sent to the server', { timeout: 30_000 }, () => {
  let server: RunningServer;
  beforeAll(async () => {
    server = await startServer({ port: 0, staticDir: null, throwWorkers: 0 });
  });
  afterAll(async () => {
    await server?.close();
  });
  afterEach(() => {
    vi.restoreAllMocks();
  });

  /** Opens a WebSocket to the server and sends `frame` as it is (a client's frames are masked). */
  async function sendRaw(frame: Buffer): Promise<number> {
    const socket = new WebSocket(server.url.replace(/^http/, 'ws'));
    await new Promise((resolve, reject) => socket.once('open', resolve).once('error', reject));
    const closed = new Promise<number>((resolve) => socket.once('close', (code) => resolve(code)));
    (socket as unknown as { _socket: { write(data: Buffer): void } })._socket.write(frame);
    return closed;
  }

  it('logs one line for many, not a stack each', async () => {
    const errors: unknown[][] = [];
    vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => void errors.push(args));
    // FIN and opcode 5 (reserved), masked, empty; then FIN, opcode 1, RSV2 set.
    const frames = [Buffer.from([0x85, 0x80, 1, 2, 3, 4]), Buffer.from([0xa1, 0x80, 1, 2, 3, 4])];
    const codes = [];
    for (let i = 0; i < 6; i++) codes.push(await sendRaw(frames[i % 2]!));
    expect(codes.every((code) => code === 1002)).toBe(true);
    expect(errors).toHaveLength(1);
    expect(errors[0]).toEqual([
      'A client sent a malformed WebSocket frame (Invalid WebSocket frame: invalid opcode 5); its connection was closed',
    ]);
  });

  it('logs a room message too deeply nested to decode in one line, never its stack', async () => {
    const errors: unknown[][] = [];
    vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => void errors.push(args));
    const made = await matchmake(server.url, 'create', 'dice', { name: 'Mari' });
    if (!made.ok) throw new Error(made.error);
    /** A 'throw' whose payload is 16,000 arrays one in another (msgpack: 0x91 each), as one frame. */
    const nested = Buffer.concat([
      Buffer.from([ROOM_DATA, 0xa5, ...Buffer.from('throw')]),
      Buffer.alloc(16_000, 0x91),
      Buffer.from([0xc0]),
    ]);
    for (let i = 0; i < 3; i++) {
      const socket = await RawSocket.open(server.url, made.reservation);
      await socket.joined;
      socket.send(nested);
      socket.send(nested);
      socket.close();
      await socket.closed;
      if (i < 2) {
        const again = await matchmake(server.url, 'joinById', made.reservation.roomId, { watch: true });
        if (!again.ok) throw new Error(again.error);
        made.reservation = again.reservation;
      }
    }
    const text = errors.map((args) => args.map(String).join(' ')).join('\n');
    expect(text).not.toMatch(/\n\s+at /);
    expect(errors.length).toBeLessThanOrEqual(1);
  });
});

/**
 * The server's log as Colyseus writes to it (its `logger` option), with one change: a malformed
 * WebSocket frame from a client. Colyseus logs each one (ws's error on the connection) as its message
 * and its whole stack, a dozen lines, so anyone could fill the log by sending bad frames in a loop. Here
 * each is one line, and at most one such line is written per `everyMs` (10 s): the ones in between are
 * counted and the count is written when that time is up. ws has already closed the connection (1002
 * or 1009); nothing else about it is worth more than that line. Everything else is written as it was.
 */

/** The least time between two lines about malformed frames, ms. */
export const FRAME_LOG_EVERY_MS = 10_000;

/** ws's messages for a frame it refuses (its Receiver's errors), the first line Colyseus writes. */
const FRAME_ERROR =
  /^(?:Invalid WebSocket frame: .*|Unsupported WebSocket frame: .*|Max payload size exceeded|Too many message fragments|Too many buffered chunks)$/;

/** What Colyseus's logger is called with (its Logger: console's methods). */
export interface ServerLogger {
  debug(...args: unknown[]): void;
  error(...args: unknown[]): void;
  info(...args: unknown[]): void;
  trace(...args: unknown[]): void;
  warn(...args: unknown[]): void;
}

/**
 * The reason in a line Colyseus logs for a malformed frame (`Invalid WebSocket frame: invalid opcode
 * 5`), or undefined for any other log call. Colyseus passes `message + "\n" + stack` as one string.
 */
export function malformedFrameReason(args: readonly unknown[]): string | undefined {
  if (args.length !== 1 || typeof args[0] !== 'string') return undefined;
  const first = args[0].split('\n', 1)[0]!;
  if (FRAME_ERROR.test(first)) return first;
  // A room message whose payload msgpack cannot read: Colyseus logs the decoder's whole stack (its
  // RoomMessages, then msgpackr's frames; or msgpackr's alone, for a payload nested too deeply).
  if (UNREADABLE_MESSAGE.test(args[0])) return `a message that cannot be read: ${first}`;
  return undefined;
}

/**
 * The stack Colyseus logs for a room message whose payload cannot be decoded: msgpackr's decoder in it
 * (only clients' messages are decoded by it here). A payload nested too deeply ends the decoder's
 * recursion with a RangeError whose stack holds its frames alone (RoomMessages is below the ten kept).
 */
const UNREADABLE_MESSAGE = /\n\s+at .*[\\/]msgpackr[\\/]unpack/;

/** Lines about malformed frames, at most one per `everyMs`, the rest counted. */
export class FrameErrorLog {
  private quietUntil = 0;
  private suppressed = 0;
  private timer: ReturnType<typeof setTimeout> | undefined;

  constructor(
    private readonly write: (line: string) => void,
    private readonly everyMs = FRAME_LOG_EVERY_MS,
  ) {}

  /** One malformed frame: written now, or counted until the quiet time is up. */
  report(reason: string): void {
    const now = Date.now();
    if (now >= this.quietUntil) {
      this.write(`A client sent a malformed WebSocket frame (${reason}); its connection was closed`);
      this.quietUntil = now + this.everyMs;
      return;
    }
    this.suppressed++;
    // The count is written when the quiet time is up, even if no frame comes after it.
    this.timer ??= setTimeout(() => this.flush(), this.quietUntil - now);
    this.timer.unref?.();
  }

  /** Writes the count of frames not written one by one, if any (and starts a new quiet time). */
  flush(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
    if (this.suppressed === 0) return;
    const seconds = Math.round(this.everyMs / 1000);
    this.write(`${this.suppressed} more malformed WebSocket frame(s) from clients in the last ${seconds} s`);
    this.suppressed = 0;
    this.quietUntil = Date.now() + this.everyMs;
  }
}

/**
 * A logger for Colyseus (`defineServer({ logger })`) that writes to `base` (console by default) and
 * writes malformed frames through `frames` (to `base.error`, at most one line per 10 s, by default).
 */
export function serverLogger(
  base: ServerLogger = console,
  frames: FrameErrorLog = new FrameErrorLog((line) => base.error(line)),
): ServerLogger {
  return {
    debug: (...args) => base.debug(...args),
    info: (...args) => base.info(...args),
    trace: (...args) => base.trace(...args),
    warn: (...args) => base.warn(...args),
    error: (...args) => {
      const reason = malformedFrameReason(args);
      if (reason === undefined) base.error(...args);
      else frames.report(reason);
    },
  };
}

/** The line @colyseus/schema writes with console.error for a message type that is not UTF-8. */
const BAD_UTF8 = /^decode\.utf8Read\(\): Invalid byte/;

/**
 * Routes the line @colyseus/schema writes straight to console.error for every message type that is not
 * UTF-8 (its decoder's, not the server's logger, so that a client could fill the log with them) through
 * `frames`, as malformed frames are. Returns the function that puts console.error back.
 */
export function quietDecoderErrors(frames: FrameErrorLog): () => void {
  const original = console.error;
  console.error = (...args: unknown[]) => {
    if (typeof args[0] === 'string' && BAD_UTF8.test(args[0]))
      frames.report('a message type that is not UTF-8');
    else original(...args);
  };
  return () => {
    if (console.error !== original) console.error = original;
  };
}

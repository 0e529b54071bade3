/**
 * A matchmaking request's body, read with a limit before Colyseus sees the request. Colyseus reads the
 * whole body of a /matchmake/ POST and parses it (a 256 MB body took the process from 162 MB to 1.1 GB);
 * a client's options are a few hundred bytes of JSON. Here a body declared (Content-Length) over the
 * limit is refused before a byte of it is read, and a chunked one as soon as the bytes counted pass the
 * limit: the request is paused there, so nothing past the limit is read, and the caller answers 413 and
 * cuts the connection.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { CodedError } from '../../src/engine/errors.js';

/** Largest matchmaking body by default, bytes (a client's join options are well under 1 KB). */
export const MAX_BODY_BYTES = 16 * 1024;

/** Why a body was not read: too large (HTTP 413), or the client went away or broke off while sending. */
export type BodyErrorCode = 'body-too-large' | 'body-aborted';

/** A body that was not read; `status` is what to answer (413 when too large). */
export class BodyError extends CodedError<BodyErrorCode> {
  readonly status: number;

  constructor(code: BodyErrorCode, message: string) {
    super(code, message);
    this.name = 'BodyError';
    this.status = code === 'body-too-large' ? 413 : 400;
  }
}

/**
 * The body of `req`, at most `limit` bytes. On a refusal `req` is left paused (its data listener gone),
 * so the socket is no longer read; the caller answers and then destroys the connection.
 * @throws BodyError 'body-too-large' for a Content-Length over `limit` (nothing read) or for a body
 *   that passes it while streaming (read up to the chunk that passed it); 'body-aborted' when the
 *   request ends early or fails
 */
export function readBody(req: IncomingMessage, limit = MAX_BODY_BYTES): Promise<Buffer> {
  const declared = req.headers['content-length'];
  if (declared !== undefined && Number(declared) > limit) {
    req.pause();
    return Promise.reject(
      new BodyError('body-too-large', `The body is ${declared} bytes; at most ${limit} are taken`),
    );
  }
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const stop = (): void => {
      req.off('data', onData);
      req.off('end', onEnd);
      req.off('error', onError);
      req.off('close', onClose);
    };
    const onData = (chunk: Buffer): void => {
      size += chunk.length;
      if (size > limit) {
        stop();
        req.pause();
        reject(new BodyError('body-too-large', `The body passed ${limit} bytes`));
        return;
      }
      chunks.push(chunk);
    };
    const onEnd = (): void => {
      stop();
      resolve(Buffer.concat(chunks, size));
    };
    const onError = (error: Error): void => {
      stop();
      reject(new BodyError('body-aborted', `The body could not be read: ${error.message}`));
    };
    // Closed before its end: the client broke off.
    const onClose = (): void => onError(new Error('the client broke off'));
    req.on('data', onData);
    req.once('end', onEnd);
    req.once('error', onError);
    req.once('close', onClose);
  });
}

/** How long a connection refused mid-body is left for its client to read the answer, ms. */
const CLOSE_GRACE_MS = 1000;

/**
 * Closes `req`'s connection once `res` is sent, reading nothing more of it: the answer is followed by
 * the end of the connection, and the socket is destroyed a second later (at once, the client could lose
 * the answer: a socket closed with bytes unread is reset).
 */
export function closeAfterAnswer(req: IncomingMessage, res: ServerResponse): void {
  res.setHeader('Connection', 'close');
  res.once('finish', () => {
    req.socket.end();
    setTimeout(() => req.socket.destroy(), CLOSE_GRACE_MS).unref();
  });
}

/**
 * Open connections per client address, HTTP and WebSocket alike: at most `perAddress` (64) at once.
 * A page needs a handful (the browser's few HTTP connections, one WebSocket per room it is in); a
 * script opening thousands to use up the server's file descriptors gets 64, and each one past that is
 * refused at once.
 *
 * Without `trustProxy` a connection is counted by its socket's address the moment it is accepted, and
 * one past the cap is answered `429 { code: 'too-many-connections' }` and closed before anything of it
 * is read. Behind proxies (`trustProxy` > 0) every socket is a proxy's: what is counted then is each
 * request while it is answered, and each WebSocket while it is open, by the client's address
 * (http-address.ts); one past the cap is answered the same 429 and closed. Addresses are grouped as the
 * other limits group them (an IPv6 /64 is one), and this machine's own are counted too unless
 * `limitLoopback` is false.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import type { Duplex } from 'node:stream';
import { addressKey, clientAddress, isLimited } from './http-address.js';
import { closeAfterAnswer } from './http-body.js';

/** Open connections one address may have at once, by default. */
export const DEFAULT_CONNECTIONS_PER_ADDRESS = 64;

/** The stable code of the refusal. */
export const TOO_MANY_CONNECTIONS = 'too-many-connections';

export interface ConnectionLimitOptions {
  /** Open connections per address; 0 for no cap. DEFAULT_CONNECTIONS_PER_ADDRESS by default. */
  connectionsPerAddress?: number;
  /** Proxies in front whose X-Forwarded-For is believed (0: none). */
  trustProxy?: number;
  /** Count this machine's own addresses too (true by default). */
  limitLoopback?: boolean;
}

/** The whole HTTP answer that refuses a connection past the cap, as bytes for a bare socket. */
function refusalBytes(perAddress: number): Buffer {
  const body = JSON.stringify({
    code: TOO_MANY_CONNECTIONS,
    message: `Too many connections from your address (at most ${perAddress} at once)`,
  });
  return Buffer.from(
    'HTTP/1.1 429 Too Many Requests\r\nConnection: close\r\nContent-Type: application/json\r\n' +
      `Content-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`,
  );
}

export class ConnectionLimits {
  readonly perAddress: number;
  private readonly trustProxy: number;
  private readonly limitLoopback: boolean;
  private readonly open = new Map<string, number>();
  private readonly refusal: Buffer;

  /** @throws RangeError for a cap that is not a whole number >= 0 */
  constructor(options: ConnectionLimitOptions = {}) {
    const perAddress = options.connectionsPerAddress ?? DEFAULT_CONNECTIONS_PER_ADDRESS;
    if (!Number.isInteger(perAddress) || perAddress < 0)
      throw new RangeError(`connectionsPerAddress must be a whole number >= 0, not ${perAddress}`);
    this.perAddress = perAddress;
    this.trustProxy = options.trustProxy ?? 0;
    this.limitLoopback = options.limitLoopback ?? true;
    this.refusal = refusalBytes(perAddress);
  }

  /** Open connections counted for `address` now. */
  count(address: string): number {
    return this.open.get(addressKey(address)) ?? 0;
  }

  /**
   * A connection just accepted (the server's 'connection'): counted by its socket's address until it
   * closes, or refused and closed if that address has as many as it may. Nothing is counted behind
   * proxies (see the top). @returns false if it was refused
   */
  accept(socket: Socket): boolean {
    if (this.perAddress === 0 || this.trustProxy > 0) return true;
    return this.hold(socket.remoteAddress ?? '', socket);
  }

  /**
   * A request (`socket` its connection), counted behind proxies while it is answered: false if it was
   * refused (answered 429 and its connection closed).
   */
  request(req: IncomingMessage, res: ServerResponse): boolean {
    if (this.perAddress === 0 || this.trustProxy === 0) return true;
    const key = this.take(clientAddress(req, this.trustProxy));
    if (key === null) {
      closeAfterAnswer(req, res);
      const body = this.refusal.subarray(this.refusal.indexOf('\r\n\r\n') + 4);
      res.writeHead(429, {
        'Content-Type': 'application/json',
        'Content-Length': String(body.length),
      });
      res.end(body);
      return false;
    }
    if (key !== undefined) res.once('close', () => this.release(key));
    return true;
  }

  /**
   * A WebSocket upgrade (`socket` its connection), counted behind proxies while the socket is open:
   * false if it was refused (answered 429 and closed).
   */
  upgrade(req: IncomingMessage, socket: Duplex): boolean {
    if (this.perAddress === 0 || this.trustProxy === 0) return true;
    return this.hold(clientAddress(req, this.trustProxy), socket);
  }

  /** Counts `socket` for `address` until it closes; false (and the socket refused) past the cap. */
  private hold(address: string, socket: Duplex): boolean {
    const key = this.take(address);
    if (key === null) {
      this.refuse(socket);
      return false;
    }
    if (key !== undefined) socket.once('close', () => this.release(key));
    return true;
  }

  /** One more for `address`: its key (undefined when not counted), or null when it has as many as it may. */
  private take(address: string): string | null | undefined {
    if (!isLimited(address, this.limitLoopback)) return undefined;
    const key = addressKey(address);
    const count = this.open.get(key) ?? 0;
    if (count >= this.perAddress) return null;
    this.open.set(key, count + 1);
    return key;
  }

  private release(key: string): void {
    const count = (this.open.get(key) ?? 1) - 1;
    if (count > 0) this.open.set(key, count);
    else this.open.delete(key);
  }

  /** Answers 429 on a bare socket and closes it; nothing it sent is read. */
  private refuse(socket: Duplex): void {
    socket.on('error', () => {});
    socket.end(this.refusal);
    // Whatever the client still sends is not waited for.
    setTimeout(() => socket.destroy(), 1000).unref();
  }
}

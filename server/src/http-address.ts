/**
 * Who sent an HTTP request, as the per-address limits count it (http-limits.ts): the socket's remote
 * address, or with `trustProxy` the address the nearest trusted proxy saw (X-Forwarded-For). Addresses
 * are grouped the way one person holds them: an IPv4 address alone, an IPv6 address by its /64 (one
 * line or machine usually has a whole /64, so counting single IPv6 addresses would count nothing).
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import type { IncomingMessage } from 'node:http';
import { isIP } from 'node:net';

/** The IPv4 address in an IPv4-mapped IPv6 one (`::ffff:1.2.3.4`), as dual-stack sockets report them. */
const MAPPED_V4 = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/i;

/** An address as a proxy may write it: maybe in brackets, maybe with a port (`[::1]:443`, `1.2.3.4:5`). */
function bareAddress(text: string): string | undefined {
  let address = text.trim();
  const bracketed = /^\[([^\]]+)\](?::\d+)?$/.exec(address);
  if (bracketed) address = bracketed[1]!;
  else if (/^[\d.]+:\d+$/.test(address)) address = address.slice(0, address.lastIndexOf(':'));
  address = address.replace(/%.*$/, ''); // an IPv6 zone (fe80::1%eth0) names no one
  return isIP(address) ? address : undefined;
}

/**
 * The client's address. Without `trustProxy` (0) it is the socket's: X-Forwarded-For is anyone's to
 * write. With `trustProxy` = N (N proxies in front, each appending the address it was reached from) it
 * is the Nth entry from the right of X-Forwarded-For, the last one a trusted proxy wrote; entries left
 * of it are the client's own claims. With fewer entries than N the left-most is taken, and with none
 * (or a value that is no address) the socket's.
 */
export function clientAddress(req: IncomingMessage, trustProxy = 0): string {
  const socketAddress = req.socket.remoteAddress ?? '';
  if (trustProxy <= 0) return socketAddress;
  const header = req.headers['x-forwarded-for'];
  const entries = (Array.isArray(header) ? header.join(',') : (header ?? ''))
    .split(',')
    .map((entry) => entry.trim())
    .filter((entry) => entry !== '');
  if (entries.length === 0) return socketAddress;
  const entry = entries[Math.max(0, entries.length - trustProxy)]!;
  return bareAddress(entry) ?? socketAddress;
}

/** The eight 16-bit groups of an IPv6 address, as numbers (undefined if it is none). */
function ipv6Groups(address: string): number[] | undefined {
  if (isIP(address) !== 6) return undefined;
  let text = address.replace(/%.*$/, '');
  // An IPv4 tail (::ffff:1.2.3.4, 64:ff9b::1.2.3.4) is two groups.
  const v4 = /(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(text);
  if (v4) {
    const [a, b, c, d] = v4.slice(1).map(Number) as [number, number, number, number];
    text = `${text.slice(0, v4.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head = '', tail] = text.split('::');
  const left = head === '' ? [] : head.split(':');
  const right = tail === undefined || tail === '' ? [] : tail.split(':');
  const missing = 8 - left.length - right.length;
  const groups = [...left, ...Array<string>(tail === undefined ? 0 : missing).fill('0'), ...right];
  return groups.length === 8 ? groups.map((group) => parseInt(group, 16)) : undefined;
}

/**
 * The key an address is counted under: an IPv4 address as it is (also when written IPv4-mapped), an
 * IPv6 address as its /64 (`2001:db8:1:2::/64`); anything else as it is.
 */
export function addressKey(address: string): string {
  const mapped = MAPPED_V4.exec(address);
  if (mapped) return mapped[1]!;
  const groups = ipv6Groups(address);
  if (!groups) return address;
  return `${groups
    .slice(0, 4)
    .map((group) => group.toString(16))
    .join(':')}::/64`;
}

/** True for this machine's own addresses: 127.0.0.0/8 and ::1 (also IPv4-mapped). */
export function isLoopback(address: string): boolean {
  const v4 = MAPPED_V4.exec(address)?.[1] ?? (isIP(address) === 4 ? address : undefined);
  if (v4) return v4.startsWith('127.');
  const groups = ipv6Groups(address);
  return groups !== undefined && groups.slice(0, 7).every((group) => group === 0) && groups[7] === 1;
}

/**
 * Whether the per-address limits count `address`: every address, this machine's own too, unless
 * `limitLoopback` is false (LIMIT_LOOPBACK=0: tests and benchmarks that run many clients on one machine).
 */
export function isLimited(address: string, limitLoopback: boolean): boolean {
  return limitLoopback || !isLoopback(address);
}

/** The counted address (addressKey) of the HTTP request being answered, for code it calls (http-gate.ts). */
const requestAddress = new AsyncLocalStorage<string | undefined>();

/**
 * Runs `run` (the rest of a matchmaking request's handling) knowing its client's counted address (its
 * addressKey, or undefined where the limits do not count it), so that what the request reaches without
 * the request itself (a room's seat reservation: reservation-cap.ts) can count by it.
 */
export function withRequestAddress<T>(key: string | undefined, run: () => T): T {
  return requestAddress.run(key, run);
}

/**
 * The counted address of the request whose handling this runs in (see withRequestAddress); undefined
 * outside one, where it is not counted, or when it came through another process (Redis).
 */
export function currentRequestAddress(): string | undefined {
  return requestAddress.getStore();
}

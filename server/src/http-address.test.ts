import type { IncomingMessage } from 'node:http';
import { describe, expect, it } from 'vitest';
import {
  addressKey,
  clientAddress,
  currentRequestAddress,
  isLimited,
  isLoopback,
  withRequestAddress,
} from './http-address.js';

/** A request as clientAddress reads it: its socket's address and its headers. */
function request(remoteAddress: string, headers: Record<string, string | string[]> = {}): IncomingMessage {
  return { socket: { remoteAddress }, headers } as unknown as IncomingMessage;
}

describe('clientAddress', () => {
  it("is the socket's address unless proxies are trusted: X-Forwarded-For is anyone's to write", () => {
    expect(clientAddress(request('198.51.100.7', { 'x-forwarded-for': '203.0.113.1' }))).toBe('198.51.100.7');
    expect(clientAddress(request('198.51.100.7', { 'x-forwarded-for': '203.0.113.1' }), 0)).toBe(
      '198.51.100.7',
    );
  });

  it('with N trusted proxies is the Nth entry from the right (the ones left of it are claims)', () => {
    const forwarded = { 'x-forwarded-for': '10.9.9.9, 203.0.113.1, 192.0.2.44' };
    expect(clientAddress(request('127.0.0.1', forwarded), 1)).toBe('192.0.2.44');
    expect(clientAddress(request('127.0.0.1', forwarded), 2)).toBe('203.0.113.1');
    // Fewer entries than proxies: the left-most there is.
    expect(clientAddress(request('127.0.0.1', forwarded), 5)).toBe('10.9.9.9');
    // Several headers are one list.
    expect(clientAddress(request('127.0.0.1', { 'x-forwarded-for': ['10.0.0.1', '192.0.2.5'] }), 1)).toBe(
      '192.0.2.5',
    );
  });

  it('reads an address with brackets or a port, and falls back to the socket for no header or no address', () => {
    expect(clientAddress(request('127.0.0.1', { 'x-forwarded-for': '[2001:db8::1]:443' }), 1)).toBe(
      '2001:db8::1',
    );
    expect(clientAddress(request('127.0.0.1', { 'x-forwarded-for': '192.0.2.5:5123' }), 1)).toBe('192.0.2.5');
    expect(clientAddress(request('127.0.0.1', { 'x-forwarded-for': 'unknown' }), 1)).toBe('127.0.0.1');
    expect(clientAddress(request('127.0.0.1', { 'x-forwarded-for': ' , ' }), 1)).toBe('127.0.0.1');
    expect(clientAddress(request('127.0.0.1'), 1)).toBe('127.0.0.1');
  });
});

describe('addressKey', () => {
  it('keeps an IPv4 address, also one written IPv4-mapped', () => {
    expect(addressKey('192.0.2.5')).toBe('192.0.2.5');
    expect(addressKey('::ffff:192.0.2.5')).toBe('192.0.2.5');
    expect(addressKey('::FFFF:192.0.2.5')).toBe('192.0.2.5');
  });

  it('counts an IPv6 address by its /64, however it is written', () => {
    expect(addressKey('2001:db8:1:2:aaaa:bbbb:cccc:dddd')).toBe('2001:db8:1:2::/64');
    expect(addressKey('2001:0db8:0001:0002::1')).toBe('2001:db8:1:2::/64');
    expect(addressKey('2001:db8:1:2::ffff')).toBe(addressKey('2001:db8:1:2:ffff::'));
    expect(addressKey('2001:db8::1')).toBe('2001:db8:0:0::/64');
    expect(addressKey('fe80::1%eth0')).toBe('fe80:0:0:0::/64');
    expect(addressKey('::1')).toBe('0:0:0:0::/64');
    expect(addressKey('64:ff9b::192.0.2.5')).toBe('64:ff9b:0:0::/64');
    expect(addressKey('2001:db8:1:3::1')).not.toBe(addressKey('2001:db8:1:2::1'));
  });

  it('keeps anything else as it is', () => {
    expect(addressKey('')).toBe('');
    expect(addressKey('not-an-address')).toBe('not-an-address');
  });
});

describe('isLoopback', () => {
  it("is true for this machine's own addresses only", () => {
    for (const address of ['127.0.0.1', '127.8.9.10', '::1', '0:0:0:0:0:0:0:1', '::ffff:127.0.0.1']) {
      expect(isLoopback(address), address).toBe(true);
    }
    for (const address of ['128.0.0.1', '10.0.0.1', '::', '::2', '2001:db8::1', '::ffff:10.0.0.1', '', 'x']) {
      expect(isLoopback(address), address).toBe(false);
    }
  });
});

describe('isLimited', () => {
  it('limits every address, loopback too, unless loopback is let off (LIMIT_LOOPBACK=0)', () => {
    for (const address of ['127.0.0.1', '::1', '::ffff:127.0.0.1', '203.0.113.1']) {
      expect(isLimited(address, true), address).toBe(true);
    }
    expect(isLimited('127.0.0.1', false)).toBe(false);
    expect(isLimited('::1', false)).toBe(false);
    expect(isLimited('203.0.113.1', false)).toBe(true);
  });
});

describe('withRequestAddress', () => {
  it('tells the code a request runs, across awaits, its counted address; none outside', async () => {
    expect(currentRequestAddress()).toBeUndefined();
    const seen = await withRequestAddress('203.0.113.1', async () => {
      await new Promise((resolve) => setTimeout(resolve, 1));
      return currentRequestAddress();
    });
    expect(seen).toBe('203.0.113.1');
    expect(withRequestAddress(undefined, () => currentRequestAddress())).toBeUndefined();
    expect(currentRequestAddress()).toBeUndefined();
  });
});

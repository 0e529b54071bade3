/**
 * A server closing (SIGTERM, or `close()` from code) tells every room's people before it disconnects
 * them. Without Redis the game cannot go on elsewhere, and the message says so.
 */
import { Client } from '@colyseus/sdk';
import { describe, expect, it } from 'vitest';
import type { ServerMessages } from '../../src/online/protocol.js';
import { startServer } from './server.js';

describe('a server closing', { timeout: 30_000 }, () => {
  it("tells everyone 'closing' (not resumable without Redis), then closes their connections with 4001", async () => {
    const server = await startServer({ port: 0, staticDir: null, throwWorkers: 0 });
    try {
      const room = await new Client(server.url).create('dice', { name: 'Mari' });
      const closing = new Promise<ServerMessages['closing']>((resolve) => room.onMessage('closing', resolve));
      const left = new Promise<number>((resolve) => room.onLeave(resolve));
      room.onMessage('*', () => {});
      await new Promise<void>((resolve) => room.onMessage('welcome', () => resolve()));
      const closed = server.close();
      expect(await closing).toEqual({ reason: 'shutdown', resumable: false, message: expect.any(String) });
      expect(await left).toBe(4001);
      await closed;
    } finally {
      await server.close();
    }
  });
});

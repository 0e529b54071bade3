/**
 * room-reconnections.ts: a dropped person's way back ends at once when the seat stops being theirs;
 * one that came back, or whose wait settled, is forgotten, and never ends a later way back of the same
 * session.
 */
import { Deferred, type Client } from '@colyseus/core';
import { describe, expect, it } from 'vitest';
import { RoomReconnections } from './room-reconnections.js';

/** A way back, and how it ended ('pending' while it waits). */
function wayBack() {
  const reconnection = new Deferred<Client>();
  const state = { ended: 'pending' as string };
  reconnection.then(
    () => (state.ended = 'back'),
    (error: Error) => (state.ended = error.message),
  );
  return { reconnection, state };
}

const settle = () => new Promise<void>((resolve) => setImmediate(resolve));

describe('the ways back of a room', () => {
  it('ends a way back at once when its seat is taken', async () => {
    const ways = new RoomReconnections();
    const { reconnection, state } = wayBack();
    ways.wait('s1', reconnection);
    ways.end('s1');
    await settle();
    expect(state.ended).toBe('The seat was taken');
  });

  it('forgets one that came back: its seat taken later ends nothing', async () => {
    const ways = new RoomReconnections();
    const { reconnection, state } = wayBack();
    ways.wait('s1', reconnection);
    ways.back('s1');
    ways.end('s1');
    await settle();
    expect(state.ended).toBe('pending');
  });

  it('keeps the later way back of a session that dropped again when the earlier one settles', async () => {
    const ways = new RoomReconnections();
    const first = wayBack();
    const second = wayBack();
    ways.wait('s1', first.reconnection);
    ways.wait('s1', second.reconnection);
    first.reconnection.resolve();
    await settle();
    ways.end('s1');
    await settle();
    expect([first.state.ended, second.state.ended]).toEqual(['back', 'The seat was taken']);
  });
});

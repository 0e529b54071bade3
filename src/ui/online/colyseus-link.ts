/**
 * The page's side of an online room, over the Colyseus SDK: a chunk of its own, loaded only when a
 * player goes online (the SDK is tens of kB).
 */
import { Client, type Room } from '@colyseus/sdk';
import { joinRefusal } from '../../online/join-refusal.js';
import {
  ROOM_NAME,
  type ClientMessages,
  type JoinOptions,
  type ServerMessages,
  type WatchOptions,
} from '../../online/protocol.js';
import { DicePokerError, type DicePokerErrorCode } from '../errors.js';
import type { TableLink } from '../session/OnlineSession.js';

/**
 * How a page comes into a room: creating one, or joining one by its id (with the seat's key to take it
 * back), or to watch it.
 */
export type Entry = { create: JoinOptions } | { join: string; options: JoinOptions | WatchOptions };

/** Opens a room on `server` (an http(s) address); rejects with a DicePokerError carrying a stable code. */
export async function openRoom(server: string, entry: Entry): Promise<TableLink> {
  const client = new Client(server);
  let room: Room;
  try {
    if ('create' in entry) room = await client.create(ROOM_NAME, entry.create);
    else room = await client.joinById(entry.join, entry.options);
  } catch (error) {
    const { code, message } = joinRefusal(error, 'join' in entry ? entry.join : undefined);
    throw new DicePokerError(code as DicePokerErrorCode, message);
  }
  return linkTo(room);
}

/**
 * Tries the SDK makes to reconnect to the room's own server after a drop (its default, 15, is about a
 * minute): a server that is gone for good is given up sooner, and the seat taken again with its key through
 * another (OnlinePlay), where the game goes on.
 */
const RECONNECT_TRIES = 5;

function linkTo(room: Room): TableLink {
  room.reconnection.maxRetries = RECONNECT_TRIES;
  const connection: ((state: 'dropped' | 'back' | 'closed') => void)[] = [];
  room.onDrop(() => connection.forEach((handler) => handler('dropped')));
  room.onReconnect(() => connection.forEach((handler) => handler('back')));
  room.onLeave(() => connection.forEach((handler) => handler('closed')));
  return {
    roomId: room.roomId,
    send<K extends keyof ClientMessages>(type: K, message: ClientMessages[K]) {
      room.send(type, message);
    },
    on<K extends keyof ServerMessages>(type: K, handler: (message: ServerMessages[K]) => void) {
      room.onMessage(type, handler as (payload: unknown) => void);
    },
    onConnection(handler) {
      connection.push(handler);
    },
    async leave() {
      await room.leave(true);
    },
  };
}

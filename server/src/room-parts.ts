/**
 * A room's parts, put together once as it is created (DiceRoom.onCreate): its table (new, or restored
 * from a stored record) with the server's ports (the thrower, the game's secret seeds, the seat keys'
 * and names' rules, the message parser), the computers that play at it, the timer of what the table does
 * by itself, and its sender. Kept out of the room so that the wiring, whose order matters, is read in
 * one place: the room hears each change of the table before the computers do (it is stored and sent,
 * then a computer may act on it), and the computers' and the timer's pauses run on the room's clock, so
 * that they end with the room. (The room's durable writes, RoomSaving, are made by the room itself
 * before anything else: a room whose creation is refused still lets go of its record when disposed.)
 */
import { randomInt } from 'node:crypto';
import type { Room } from '@colyseus/core';
import { parseClientMessage } from '../../src/online/protocol.js';
import {
  ComputerTurns,
  createThrower,
  RoomTable,
  type Change,
  type TableRecord,
} from '../../src/table/index.js';
import { serverPolicy } from './computer-policy.js';
import { secretSeeds } from './game-secret.js';
import { SERVER_NAMES } from './name-key.js';
import { RecordSigner } from './record-signing.js';
import type { RoomConfig, RoomServices } from './room-config.js';
import { refuseJoin } from './room-joining.js';
import { RoomSender } from './room-sender.js';
import { SERVER_SEAT_KEYS } from './seat-keys.js';
import { TurnTimer } from './turn-timer.js';

/** The parts of one room (see the top). */
export interface RoomParts {
  table: RoomTable;
  computers: ComputerTurns;
  timer: TurnTimer;
  sender: RoomSender;
}

/** What the parts need of their room besides Colyseus's public API. */
export interface PartsOwner {
  /** Whether the room still plays: its server is not shutting down and it is not disposed. */
  playing(): boolean;
  /** Stores and sends a change of the table, and sets the timer (DiceRoom.commit). */
  commit(change: Change): void;
}

/**
 * The parts of `room` as `setup` configures them, its table restored from `stored` when one is given.
 * @throws the join refusal of the code the restore refused with (a stored game that does not replay)
 */
export function roomParts(
  room: Room,
  setup: RoomConfig & RoomServices,
  owner: PartsOwner,
  stored?: TableRecord,
): RoomParts {
  const { roomId } = room;
  const { throws, signer, botDelayMs } = setup;
  const ports = {
    roomId,
    thrower: throws ? throws.throwDice.bind(throws) : createThrower(),
    seeds: secretSeeds(),
    keys: SERVER_SEAT_KEYS,
    names: SERVER_NAMES,
    parse: parseClientMessage,
  };
  const table = stored ? refuseJoin(() => RoomTable.restore(stored, ports)) : new RoomTable(ports);
  const sender = new RoomSender(room, table, signer ?? RecordSigner.ephemeral());
  const later = (callback: () => void, ms: number) => room.clock.setTimeout(callback, ms);
  const timer = new TurnTimer(table, later, () => owner.playing());
  // Subscribed before the computers: every change is stored and sent before they look at it.
  table.subscribe((change) => {
    if (owner.playing()) owner.commit(change);
  });
  const seed = randomInt(0, 2 ** 32);
  const computers = new ComputerTurns({
    table,
    policy: serverPolicy(seed),
    delayMs: botDelayMs,
    seed,
    later,
    // Everyone sees the dice land before a computer goes on.
    pauseAfter: (change) => (change.thrown ? change.thrown.seconds * 1000 : 0),
    warn: (message, error) => console.warn(`Room ${roomId}: ${message}`, error),
  });
  return { table, computers, timer, sender };
}

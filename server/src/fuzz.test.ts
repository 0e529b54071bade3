/**
 * The game server fuzzed: one real server in this process, one room, and a seeded stream of thousands
 * of random and mutated messages from several clients while a driver plays whole games.
 *
 * The table: the driver (the host, seat 0) plays its turns correctly; a computer (`easy`, seat 1); three
 * attackers (seats 2 to 4) who play their own turns legally and send junk at every other moment; a
 * sixth person who leaves once the game starts (a stand-in plays the seat), and an intruder who asks for
 * that seat by its name (refused: a started game's seat is its key's), then watches, and sends junk and
 * raw frames on its WebSocket.
 *
 * What is checked, from what the clients receive:
 * - every view's version is one more than the one before; every change of the game is one action added
 *   to its log, legal (the log replays with the engine to the game shown), by the seat whose turn it was,
 *   and either a computer's or the very move that seat's person sent (each move is announced first);
 * - at each of the driver's turns the table is frozen (no one else may act) while the attackers send
 *   anything at all: moves out of turn, the host's requests, answers to claims; once each sender's
 *   fence came back (a message it sent last was refused), no one had been sent anything but refusals;
 * - every game ends with everyone's 13 rows filled, the totals the engine's, the secret shown (64 hex) and
 *   the record verified as a page would (verifyGame);
 * - the server's heap stays bounded, it still makes a room at the end, and it logged no error of its own.
 *
 * FUZZ_SEED=n replays a seed (what each client draws; the network's timing aside); FUZZ_GAMES=n plays more
 * (two by default: the second starts from the end of the first, and one alone sent under a thousand fuzz
 * messages on a loaded machine).
 */
import { createHash } from 'node:crypto';
import { inspect, isDeepStrictEqual } from 'node:util';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { Client, type Room } from '@colyseus/sdk';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  freeRows,
  replay,
  ROWS,
  scoreRow,
  setupOf,
  totals,
  type Action,
  type Dice,
  type Game,
  type RowId,
} from '../../src/engine/index.js';
import { GameRecorder, observedBy } from '../../src/online/game-record.js';
import { KEYS_PATH, parseKeySet } from '../../src/online/record-signature.js';
import { joinRefusal } from '../../src/online/join-refusal.js';
import {
  MESSAGES_PER_SECOND,
  parseClientMessage,
  TURN_SECONDS_CHOICES,
  type RoomView,
  type ServerMessages,
} from '../../src/online/protocol.js';
import { verifyGame } from '../../src/online/verify.js';
import { viewAfter } from '../../src/online/room-events.js';
import type { Gesture } from '../../src/physics/types.js';
import { startServer, type RunningServer } from './server.js';

const DEFAULT_SEED = 0x5eed_2024;
const SEED = Number.isSafeInteger(Number(process.env.FUZZ_SEED))
  ? Number(process.env.FUZZ_SEED) >>> 0
  : DEFAULT_SEED;
const GAMES = Math.max(1, Math.floor(Number(process.env.FUZZ_GAMES)) || 2);

/** Seats: the driver (host), the computer, the attackers, the one who leaves (a stand-in plays it). */
const DRIVER = 0;
const COMPUTER = 1;
const ATTACKERS = ['Mallory', 'Eve', 'Trudy'] as const;
const FIRST_ATTACKER = 2;
const LEAVER = 5;
const LEAVER_NAME = 'Oscar';

/** How long the attackers may send anything at all at each of the driver's turns, ms. */
const WINDOW_MS = 700;
/**
 * Most messages a client sends in any second: Colyseus lets go a client past 100 a second (the room's
 * maxMessagesPerSecond), and a server that is busy may take in a second's messages closer together.
 */
const MAX_SENDS_PER_SECOND = 45;
/** The chance that a junk step is a burst (16 to 30 messages at once: over the rate limit). */
const BURST_CHANCE = 0.03;
/** The claimant's chance, at each step, of sending raw frames instead. */
const RAW_CHANCE = 0.05;
/** Most bytes of one message as the client sends it (the server takes frames of at most 16 KB). */
const MAX_FRAME_BYTES = 15_000;
/**
 * Longest type, in bytes, of a message sent through @colyseus/sdk: its Room.send reserves the room of the
 * header before msgpack's payload with `RESERVE_START_SPACE | headerLength`, of which msgpackr keeps the
 * low 8 bits, so a longer type makes a frame the server cannot read (and lets the client go). Longer
 * types go in raw frames, encoded by hand.
 */
const MAX_TYPE_BYTES = 250;
/**
 * A lone surrogate, which no type sent through @colyseus/sdk may hold: @colyseus/schema's encode.string
 * counts it as 3 bytes of UTF-8 and writes 4, so the payload after it cannot be read (the client is let
 * go). Bytes that are not UTF-8 go in raw frames.
 */
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;
/**
 * The type that once ended the server: Colyseus hands a message of type '*' to the room's catch-all
 * handler as (client, payload, context), so the room sees its payload where the type should be, and
 * `String(type)` of an object such as `{ toString: 1 }` threw out of the WebSocket's message event. The
 * room now refuses a type that is not text or a number; the fuzzing sends this one too.
 */
const CATCH_ALL_TYPE = '*';
/** A game with no change for this long has stalled, ms. */
const STALL_MS = 20_000;
/** The most the server's heap may grow from the warm-up to the end. */
const HEAP_GROWTH_LIMIT = 64 * 2 ** 20;

const KNOWN_TYPES = [
  'throw',
  'hold',
  'score',
  'add-bot',
  'remove-seat',
  'rules',
  'start',
  'clock',
  'answer-claim',
] as const;
type KnownType = (typeof KNOWN_TYPES)[number];
/** The messages that a seated person may have carried out on their turn. */
const TURN_TYPES: ReadonlySet<string> = new Set(['throw', 'hold', 'score']);
const PROTO_KEYS = [
  '__proto__',
  'constructor',
  'prototype',
  'toString',
  'valueOf',
  'hasOwnProperty',
  '__defineSetter__',
  'isPrototypeOf',
];
const ODD_NUMBERS = [
  0,
  -0,
  -1,
  1,
  4,
  5,
  6,
  7,
  30,
  31,
  2 ** 31,
  -(2 ** 31),
  2 ** 32,
  2 ** 53,
  2 ** 53 + 2,
  -(2 ** 53),
  1e21,
  1e308,
  -1e308,
  Number.MIN_VALUE,
  0.5,
  4.000001,
  -0.5,
  // msgpack carries these, JSON would not.
  NaN,
  Infinity,
  -Infinity,
];

// ---- the seeded generator ----

/** mulberry32: a small seeded generator, so that each client's draws are the same for a seed. */
class Rng {
  private state: number;

  constructor(seed: number) {
    this.state = seed >>> 0;
  }

  next(): number {
    this.state = (this.state + 0x6d2b79f5) >>> 0;
    let t = this.state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  }

  int(n: number): number {
    return Math.floor(this.next() * n);
  }

  between(a: number, b: number): number {
    return a + this.next() * (b - a);
  }

  chance(p: number): boolean {
    return this.next() < p;
  }

  pick<T>(items: readonly T[]): T {
    return items[this.int(items.length)]!;
  }
}

/** The generator of one client: the seed and its name. */
function rngFor(name: string): Rng {
  let h = (SEED ^ 0x9e3779b9) >>> 0;
  for (const c of name) h = Math.imul(h ^ c.charCodeAt(0), 0x01000193) >>> 0;
  return new Rng(h);
}

/** A message to send, and what kind of junk it is (counted). */
interface Fuzz {
  kind: string;
  type: string | number;
  payload: unknown;
}

function round(n: number, places = 3): number {
  const f = 10 ** places;
  return Math.round(n * f) / f;
}

function randomGesture(r: Rng): Gesture {
  return {
    dirX: round(r.between(-0.6, 0.6)),
    dirZ: round(-r.between(0.5, 1)),
    speed: round(r.between(6, 22), 2),
  };
}

function oddString(r: Rng): string {
  switch (r.int(9)) {
    case 0:
      return r.pick(ROWS).toUpperCase();
    case 1:
      return r.pick([
        '',
        ' ',
        '\u0000',
        'chance\u0000',
        ' chance',
        'sevens',
        'seed ',
        'Classic',
        'EASY',
        'null',
      ]);
    case 2:
      return r.pick(PROTO_KEYS);
    case 3:
      return r.pick([
        '<script>alert(1)</script>',
        '\u202eevil',
        '\ud800',
        '\udfff\ud800',
        '😀'.repeat(20),
        '%s%n',
      ]);
    case 4:
      return 'x'.repeat(r.int(600));
    case 5:
      return 'y'.repeat(10_000 + r.int(2_000));
    default: {
      let s = '';
      for (let n = r.int(40); n > 0; n--) s += String.fromCharCode(r.int(r.chance(0.7) ? 128 : 0x10000));
      return s;
    }
  }
}

/** A type no message has: odd text, a prototype's key, a number. */
function oddType(r: Rng): string | number {
  let type: string | number;
  switch (r.int(5)) {
    case 0:
      type = r.pick(PROTO_KEYS);
      break;
    case 1:
      type = r.pick([
        CATCH_ALL_TYPE,
        '**',
        '',
        'roll',
        'THROW',
        ' score',
        'hold\u0000',
        'answer_claim',
        'addBot',
        'fence',
      ]);
      break;
    case 2:
      type = r.pick(ODD_NUMBERS);
      break;
    case 3:
      type = 'T'.repeat(r.int(MAX_TYPE_BYTES));
      break;
    default:
      type = oddString(r);
      while (Buffer.byteLength(type) > MAX_TYPE_BYTES) type = type.slice(0, -10);
      type = type.replace(LONE_SURROGATE, '\ufffd');
  }
  const taken = typeof type === 'string' && (KNOWN_TYPES as readonly string[]).includes(type);
  return taken ? `${type}!` : type;
}

function setOwn(target: object, key: string | number, value: unknown): void {
  // Defined, not assigned: `__proto__` becomes a key of its own rather than the object's prototype.
  Object.defineProperty(target, key, { value, enumerable: true, writable: true, configurable: true });
}

function nested(depth: number): unknown {
  let value: unknown = 0;
  for (let i = 0; i < depth; i++) value = [value];
  return value;
}

/** Any value msgpack can carry, odd ones often. */
function anyValue(r: Rng, depth = 0): unknown {
  switch (r.int(depth > 2 ? 5 : 9)) {
    case 0:
      return null;
    case 1:
      return r.chance(0.5) ? undefined : r.chance(0.5);
    case 2:
      return r.pick(ODD_NUMBERS);
    case 3:
      return r.chance(0.5) ? round(r.between(-100, 100)) : r.int(2 ** 31);
    case 4:
      return oddString(r);
    case 5:
      return Array.from({ length: r.int(6) }, () => anyValue(r, depth + 1));
    case 6: {
      const object = {};
      for (let n = r.int(5); n > 0; n--) {
        const key = r.chance(0.4)
          ? r.pick(PROTO_KEYS)
          : r.pick([
              'gesture',
              'index',
              'held',
              'row',
              'kind',
              'seat',
              'rules',
              'seconds',
              'admit',
              'faces',
              oddString(r),
            ]);
        setOwn(object, key.slice(0, 200), anyValue(r, depth + 1));
      }
      return object;
    }
    case 7:
      switch (r.int(5)) {
        case 0:
          // Deeper than a thousand or so, msgpackr cannot pack it here (raw frames go deeper).
          return nested(1 + r.int(900));
        case 1:
          return Uint8Array.from({ length: r.int(64) }, () => r.int(256));
        case 2:
          return Array<number>(1000 + r.int(500)).fill(r.int(7));
        case 3:
          return { gesture: { gesture: { gesture: randomGesture(r) } } };
        default:
          return [...ROWS];
      }
    default:
      return validPayload(r, r.pick(KNOWN_TYPES));
  }
}

/** A well-formed message of this type (whether it may be carried out is another matter). */
function validPayload(r: Rng, type: KnownType): unknown {
  switch (type) {
    case 'throw':
      return { gesture: randomGesture(r) };
    case 'hold':
      return { index: r.int(5), held: r.chance(0.5) };
    case 'score':
      return { row: r.pick(ROWS) };
    case 'add-bot':
      return { kind: r.pick(['easy', 'good', 'optimal', 'winner']) };
    case 'remove-seat':
      return { seat: r.int(6) };
    case 'rules':
      return { rules: r.pick(['seed', 'classic']) };
    case 'start':
      return r.chance(0.5) ? {} : undefined;
    case 'clock':
      return { seconds: r.pick(TURN_SECONDS_CHOICES) };
    case 'answer-claim':
      // The seat someone does ask for, often.
      return { seat: r.chance(0.5) ? LEAVER : r.int(6), admit: r.chance(0.7) };
  }
}

type Container = Record<string | number, unknown>;

function isContainer(value: unknown): value is Container {
  return (
    Array.isArray(value) ||
    (typeof value === 'object' && value !== null && Object.getPrototypeOf(value) === Object.prototype)
  );
}

/** The places in `root` (its plain objects and arrays, a few levels down) where a value sits. */
function slotsOf(root: unknown, depth = 0, out: { parent: Container; key: string }[] = []) {
  if (!isContainer(root) || depth > 4 || out.length > 40) return out;
  for (const key of Object.keys(root)) {
    out.push({ parent: root, key });
    slotsOf(root[key], depth + 1, out);
  }
  return out;
}

function tweakNumber(r: Rng, n: unknown): unknown {
  const x = typeof n === 'number' ? n : 0;
  return r.pick([x + 1, -x - 1, x * 1e9, x + 0.5, String(x), [x], { x }, -0, 2 ** 53 + 1]);
}

function tweakString(r: Rng, s: unknown): unknown {
  const x = typeof s === 'string' ? s : 'chance';
  return r.pick([
    x.toUpperCase(),
    ` ${x}`,
    `${x}\u0000`,
    x.repeat(3000).slice(0, 12_000),
    '',
    [x],
    { [x]: x },
  ]);
}

/** A valid message with one thing wrong (or a few). */
function mutate(r: Rng, valid: unknown): unknown {
  let value: unknown = valid === undefined ? {} : JSON.parse(JSON.stringify(valid));
  for (let n = 1 + r.int(3); n > 0; n--) {
    const slots = slotsOf(value);
    const op = r.int(9);
    if (slots.length === 0 || op === 8) {
      value = r.chance(0.5) ? anyValue(r) : r.pick([[value], { value }, { gesture: value }, [value, value]]);
      continue;
    }
    const { parent, key } = r.pick(slots);
    const old = parent[key];
    switch (op) {
      case 0:
      case 1:
        setOwn(parent, key, anyValue(r));
        break;
      case 2:
        if (Array.isArray(parent)) parent.splice(Number(key), 1);
        else delete parent[key];
        break;
      case 3: {
        // Only objects get extra keys: an array with a key `constructor` of its own breaks its methods.
        const target = isContainer(old) && !Array.isArray(old) ? old : Array.isArray(parent) ? null : parent;
        if (!target) break;
        const extra = r.pick([...PROTO_KEYS, 'faces', 'points', 'seat', 'x', '', 'held']);
        setOwn(target, extra, extra === 'faces' ? [6, 6, 6, 6, 6] : anyValue(r));
        break;
      }
      case 4:
        setOwn(parent, key, tweakNumber(r, old));
        break;
      case 5:
        setOwn(parent, key, tweakString(r, old));
        break;
      case 6:
        setOwn(parent, key, r.pick(['true', 1, 0, null, [true], {}, undefined]));
        break;
      default:
        value = r.pick([[value], { value }, { gesture: value }]);
    }
  }
  return value;
}

/** A message of a known type with a field of 10 KB or so. */
function hugePayload(r: Rng, type: KnownType): unknown {
  const base = validPayload(r, type) ?? {};
  const filler = r.pick(['z', 'ä', '\u0000']).repeat(4_000 + r.int(6_000));
  return r.chance(0.5)
    ? { ...base, pad: filler }
    : Object.fromEntries(Object.keys(base).map((k) => [k, filler]));
}

/** Roughly the bytes msgpack makes of a value. */
function approxBytes(value: unknown): number {
  if (typeof value === 'string') return 5 + Buffer.byteLength(value);
  if (value instanceof Uint8Array) return 5 + value.length;
  if (Array.isArray(value)) return value.reduce((n: number, v) => n + approxBytes(v), 5);
  if (typeof value === 'object' && value !== null) {
    return Object.entries(value).reduce((n, [k, v]) => n + approxBytes(k) + approxBytes(v), 5);
  }
  return 9;
}

/** Anything at all: an unknown type, a known one with anything, mutated, valid, or huge. */
function fuzzMessage(r: Rng): Fuzz {
  for (;;) {
    const x = r.next();
    const type = r.pick(KNOWN_TYPES);
    let m: Fuzz;
    if (x < 0.12) m = { kind: 'unknown-type', type: oddType(r), payload: anyValue(r) };
    else if (x < 0.27) m = { kind: 'random', type, payload: anyValue(r) };
    else if (x < 0.67) m = { kind: 'mutated', type, payload: mutate(r, validPayload(r, type)) };
    else if (x < 0.95) m = { kind: 'valid', type, payload: validPayload(r, type) };
    else m = { kind: 'huge', type, payload: hugePayload(r, type) };
    if (approxBytes(m.type) + approxBytes(m.payload) <= MAX_FRAME_BYTES) return m;
  }
}

function parses(type: string, payload: unknown): boolean {
  try {
    parseClientMessage(type, payload);
    return true;
  } catch {
    return false;
  }
}

/**
 * A throw, hold or score that is refused whoever's turn it is (its shape is wrong in a way msgpack keeps):
 * what a seated attacker sends of these while it may be its turn.
 */
function invalidTurnMessage(r: Rng): Fuzz {
  const g = randomGesture(r);
  const row = r.pick(ROWS);
  const index = r.int(5);
  const options: [string, unknown][] = [
    ['throw', { gesture: { ...g, dirX: r.pick(['0.1', 2, -1.01, null, 1e308, NaN, Infinity, [0.1]]) } }],
    ['throw', { gesture: { ...g, speed: r.pick([-1, 100.5, 1e9, NaN, -Infinity, '12', true]) } }],
    ['throw', { gesture: { dirX: g.dirX, speed: g.speed } }],
    ['throw', { gesture: g, faces: [6, 6, 6, 6, 6] }],
    ['throw', { gesture: { ...g, faces: [6, 6, 6, 6, 6] } }],
    ['throw', { gesture: r.pick([null, [g.dirX, g.dirZ, g.speed], 'fast', 12]) }],
    ['throw', r.pick([null, [], 'throw', 0, { faces: [6, 6, 6, 6, 6] }])],
    ['hold', { index: r.pick([5, -1, 1.5, '0', null, 2 ** 32, NaN, true, [0]]), held: r.chance(0.5) }],
    ['hold', { index, held: r.pick(['true', 1, 0, null, [true]]) }],
    ['hold', { index, held: true, all: true }],
    [
      'score',
      {
        row: r.pick([
          'sevens',
          'CHANCE',
          '',
          ' chance',
          `${row} `,
          '__proto__',
          'toString',
          'constructor',
          'hasOwnProperty',
          0,
          12,
          null,
          [row],
          { row },
        ]),
      },
    ],
    ['score', { row, points: r.pick([50, 1e9, -1]) }],
    ['score', { rows: row }],
    ['score', { row, pad: 'p'.repeat(600) }],
  ];
  const [type, payload] = r.pick(options);
  if (parses(type, payload)) throw new Error(`A message meant to be invalid parses: ${type}`);
  return { kind: 'invalid-turn', type, payload };
}

/**
 * What a seated attacker sends: anything while the table is frozen; else anything but a well-formed
 * throw, hold or score (which its turn, starting meanwhile, might carry out).
 */
function attackerMessage(r: Rng, frozen: boolean): Fuzz {
  const m = fuzzMessage(r);
  return frozen || !TURN_TYPES.has(String(m.type)) ? m : invalidTurnMessage(r);
}

/** Colyseus's protocol codes (@colyseus/shared-types), for raw frames. */
const ROOM_DATA = 13;
const ROOM_DATA_BYTES = 17;
const ROOM_REQUEST = 21;

function fixstr(text: string): number[] {
  return [0xa0 | text.length, ...Buffer.from(text)];
}

/** A raw frame for the room's WebSocket: binary garbage, or text. */
function rawFrame(r: Rng): { kind: string; data: Uint8Array | string } {
  const random = (n: number): number[] => Array.from({ length: n }, () => r.int(256));
  const bytes = (kind: string, data: number[]) => ({ kind, data: Uint8Array.from(data) });
  switch (r.int(11)) {
    case 0:
      return bytes('random', random(r.int(48)));
    case 1:
      return bytes('data-garbage', [ROOM_DATA, ...fixstr(r.pick(KNOWN_TYPES)), ...random(1 + r.int(24))]);
    case 2:
      // 0xc1 is never used in msgpack: the payload cannot be read.
      return bytes('data-unreadable', [ROOM_DATA, ...fixstr('score'), 0xc1, ...random(r.int(8))]);
    case 3:
      return bytes('bytes-message', [ROOM_DATA_BYTES, ...fixstr(r.pick(KNOWN_TYPES)), ...random(r.int(32))]);
    case 4:
      return bytes('request', [ROOM_REQUEST, ...random(1 + r.int(16))]);
    case 5:
      // A type of 40 bytes that are not UTF-8.
      return bytes('bad-utf8-type', [ROOM_DATA, 0xd9, 40, 0xff, 0xfe, 0xfd, ...random(37)]);
    case 6:
      return bytes('other-code', [
        r.pick([0, 10, 11, 14, 15, 16, 18, 19, 20, 22, 255]),
        ...random(r.int(16)),
      ]);
    case 7:
      return {
        kind: 'text',
        data: String.fromCharCode(r.pick([ROOM_DATA, ROOM_DATA_BYTES, 18, 65])) + oddString(r),
      };
    case 9:
      // Arrays in arrays, 12 000 deep (msgpack's 0x91: an array of one).
      return bytes('deep', [
        ROOM_DATA,
        ...fixstr(r.pick(KNOWN_TYPES)),
        ...Array<number>(12_000).fill(0x91),
        0,
      ]);
    case 8: {
      // A long type (2 KB or so, more than the SDK can send), encoded right, with an empty map.
      const type = Buffer.from(r.pick(['T', 'ä', '\u0000']).repeat(1000 + r.int(1000)));
      return bytes('long-type', [ROOM_DATA, 0xda, type.length & 0xff, type.length >> 8, ...type, 0x80]);
    }
    default:
      return r.chance(0.3)
        ? bytes('oversized', random(17 * 1024))
        : bytes('str32-empty', [ROOM_DATA, 0xdb, 0xff, 0xff, 0xff, 0xff]);
  }
}

// ---- moves ----

type Move =
  | { type: 'throw'; gesture: Gesture }
  | { type: 'hold'; index: number; held: boolean }
  | { type: 'score'; row: RowId };

/** The turn a player is in, and how many holds it made in it (a few at most). */
interface TurnState {
  key: string;
  holds: number;
}

/** A legal move for the player to act: throw when it may (sometimes), hold (sometimes), score a free row. */
function chooseMove(r: Rng, game: Game, turn: TurnState): Move {
  const key = `${game.turn}:${game.current}`;
  if (turn.key !== key) Object.assign(turn, { key, holds: 0 });
  const score = (): Move => ({ type: 'score', row: r.pick(freeRows(game)) });
  if (game.rollsUsed === 0) return { type: 'throw', gesture: randomGesture(r) };
  if (game.rollsUsed >= 3) return score();
  const x = r.next();
  if (x < 0.25) return score();
  if (x < 0.6 && turn.holds < 4) {
    turn.holds++;
    const index = r.int(5);
    return { type: 'hold', index, held: !game.held[index] };
  }
  // Every die held: one is let go before the next throw.
  if (game.held.every(Boolean)) return { type: 'hold', index: r.int(5), held: false };
  return { type: 'throw', gesture: randomGesture(r) };
}

function payloadOf(move: Move): unknown {
  switch (move.type) {
    case 'throw':
      return { gesture: move.gesture };
    case 'hold':
      return { index: move.index, held: move.held };
    case 'score':
      return { row: move.row };
  }
}

// ---- the clients ----

type Received = {
  [K in keyof ServerMessages]: { type: K; message: ServerMessages[K] };
}[keyof ServerMessages];

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** Waits until `test` holds, looking every few milliseconds. */
async function poll(test: () => boolean, ms: number, what: string): Promise<void> {
  const deadline = Date.now() + ms;
  while (!test()) {
    if (Date.now() > deadline) throw new Error(`No ${what} within ${ms} ms`);
    await sleep(5);
  }
}

/** What went wrong away from the test's own flow (in a message handler, a client's loop). */
const failures: string[] = [];
const stats = {
  sent: new Map<string, number>(),
  raw: new Map<string, number>(),
  refused: new Map<string, number>(),
  /** Messages the client library could not encode, by its error. */
  unencodable: new Map<string, number>(),
  rejoins: 0,
  windows: 0,
  moves: 0,
  slowestMove: 0,
  /** Time spent in the frozen windows, and verifying the games' records, ms. */
  windowMs: 0,
  verifyMs: 0,
};

function bump(map: Map<string, number>, key: string): void {
  map.set(key, (map.get(key) ?? 0) + 1);
}

/** The server's rate limit as a client can follow it: the same token bucket, fed by what it sent. */
class Bucket {
  private tokens = 2 * MESSAGES_PER_SECOND;
  private last = Date.now();

  level(): number {
    const now = Date.now();
    this.tokens = Math.min(
      2 * MESSAGES_PER_SECOND,
      this.tokens + ((now - this.last) / 1000) * MESSAGES_PER_SECOND,
    );
    this.last = now;
    return this.tokens;
  }

  take(): void {
    if (this.level() >= 1) this.tokens -= 1;
  }

  /** Waits until `n` messages may pass. */
  async ready(n: number): Promise<void> {
    for (let level = this.level(); level < n; level = this.level()) {
      await sleep(((n - level) / MESSAGES_PER_SECOND) * 1000 + 5);
    }
  }
}

let server: RunningServer;
/** The test is over: clients leaving now is expected. */
let stopping = false;

/** A value shown short: strings and arrays cut, odd numbers named. */
function shown(value: unknown, depth = 0): string {
  if (typeof value === 'string')
    return JSON.stringify(value.length > 24 ? `${value.slice(0, 24)}…(${value.length})` : value);
  if (typeof value === 'number') return Object.is(value, -0) ? '-0' : String(value);
  if (value === undefined) return 'undefined';
  if (value instanceof Uint8Array) return `bytes(${value.length})`;
  if (depth > 3) return '…';
  if (Array.isArray(value)) {
    const items: string[] = [];
    for (let i = 0; i < Math.min(4, value.length); i++) items.push(shown(value[i], depth + 1));
    return `[${items.join(',')}${value.length > 4 ? `,…(${value.length})` : ''}]`;
  }
  if (typeof value === 'object' && value !== null) {
    return `{${Object.keys(value)
      .slice(0, 6)
      .map((k) => `${JSON.stringify(k)}:${shown((value as Record<string, unknown>)[k], depth + 1)}`)
      .join(',')}}`;
  }
  return String(value);
}

/** A view in short, for a failure's message. */
function brief(view: RoomView): string {
  const { version, phase, seats, claims, game, clock } = view;
  const people = seats.map(
    (s) => `${s.name}:${s.kind}${s.connected ? '' : ':away'}${s.standIn ? ':stand-in' : ''}`,
  );
  return JSON.stringify({
    version,
    phase,
    seats: people,
    claims,
    log: game?.log.length,
    current: game?.current,
    clock,
  });
}

/** A client in the room: its latest view, counts of what it got, and waits. */
class Peer {
  room!: Room;
  view: RoomView | null = null;
  seat = -1;
  claiming: number | undefined;
  /** The close code once the server let it go. */
  leftWith: number | null = null;
  readonly counts: Record<keyof ServerMessages, number> = {
    welcome: 0,
    view: 0,
    thrown: 0,
    refused: 0,
    closing: 0,
    saving: 0,
    left: 0,
    'move-link': 0,
    acted: 0,
  };
  /** Everything it got, kept for the monitor (the driver's only), emptied as it is looked at. */
  readonly inbox: Received[] = [];
  readonly bucket = new Bucket();
  /** How many times the server said it dropped messages of this client's. */
  tooMany = 0;
  /** The server may let it go now (it sent raw frames, or it is leaving). */
  mayLeave = false;
  /** The last few messages it sent, described (to tell what a server that let it go was sent). */
  readonly recent: string[] = [];
  private readonly sentAt: number[] = [];
  private fencing = false;
  private readonly fenced = new Set<string>();
  private fences = 0;
  private wakers: (() => void)[] = [];

  private constructor(
    readonly name: string,
    private readonly keep: boolean,
    /** It comes in by the watch link, not by its name. */
    private readonly watching = false,
  ) {}

  static async join(name: string, roomId: string | null, keep = false): Promise<Peer> {
    const peer = new Peer(name, keep);
    await peer.enter(roomId);
    return peer;
  }

  static async watch(name: string, roomId: string): Promise<Peer> {
    const peer = new Peer(name, false, true);
    await peer.enter(roomId);
    return peer;
  }

  /** Joins the room (a new one when null), and waits for the welcome. */
  async enter(roomId: string | null): Promise<void> {
    const client = new Client(server.url);
    const room = await (roomId
      ? client.joinById(roomId, this.watching ? { watch: true } : { name: this.name })
      : client.create('dice', { name: this.name }));
    room.reconnection.enabled = false;
    this.room = room;
    this.view = null;
    this.leftWith = null;
    room.onMessage('*', (type, message) => this.got({ type, message } as Received));
    room.onLeave((code) => {
      if (this.room !== room) return;
      this.leftWith = code;
      if (!this.mayLeave && !stopping) {
        failures.push(
          `${this.name} was let go (close code ${code}) after sending: ${this.recent.join(' | ')}; the server's last log lines: ${logged.slice(-3).join(' | ')}`,
        );
      }
      this.wake();
    });
    await this.until(() => this.view !== null, 10_000, 'its welcome');
  }

  private got(received: Received): void {
    this.counts[received.type]++;
    // An action comes as itself; the view after it is the one the page works out (viewAfter), looked
    // at as a view. The whole view that follows the last action of a game (its proof) is that version.
    if (received.type === 'acted') {
      this.got({ type: 'view', message: viewAfter(this.view!, received.message, true) });
      return;
    }
    if (
      received.type === 'view' &&
      received.message.phase === 'over' &&
      received.message.version === this.view?.version
    ) {
      if (!isDeepStrictEqual(received.message.game?.players, this.view.game?.players))
        failures.push(`${this.name}: the game's end does not show the game its actions made`);
      this.view = received.message;
      if (this.keep) this.inbox.push(received);
      this.wake();
      return;
    }
    switch (received.type) {
      case 'welcome':
        this.view = received.message.view;
        this.seat = received.message.seat;
        this.claiming = received.message.claiming;
        break;
      case 'view':
        if (this.view && received.message.version !== this.view.version + 1) {
          failures.push(`${this.name} got version ${received.message.version} after ${this.view.version}`);
        }
        this.view = received.message;
        break;
      case 'refused': {
        const request = received.message.request ?? '';
        if (request.startsWith('fence:')) this.fenced.add(request);
        else bump(stats.refused, received.message.code);
        if (received.message.code === 'too-many-messages') this.tooMany++;
        break;
      }
      default:
    }
    if (this.keep) this.inbox.push(received);
    this.wake();
  }

  private wake(): void {
    const wakers = this.wakers;
    this.wakers = [];
    for (const wake of wakers) wake();
  }

  /** Whether `test` held within `ms` (looked at after every message). */
  async wait(ms: number, test: () => boolean = () => false): Promise<boolean> {
    const deadline = Date.now() + ms;
    for (;;) {
      if (test()) return true;
      const left = deadline - Date.now();
      if (left <= 0) return false;
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, left);
        this.wakers.push(() => {
          clearTimeout(timer);
          resolve();
        });
      });
    }
  }

  async until(test: () => boolean, ms: number, what: string): Promise<void> {
    if (!(await this.wait(ms, test))) throw new Error(`${this.name}: no ${what} within ${ms} ms`);
  }

  /**
   * Whether more junk may go now: at most MAX_SENDS_PER_SECOND in any second, so that the server, which
   * may take them in later and closer together than they were sent, never counts past Colyseus's limit.
   */
  mayJunk(): boolean {
    const now = Date.now();
    while (this.sentAt.length > 0 && this.sentAt[0]! <= now - 1000) this.sentAt.shift();
    return !this.fencing && this.sentAt.length < MAX_SENDS_PER_SECOND;
  }

  /** Sends a message; false if the client could not even encode it. */
  send(type: string | number, payload: unknown): boolean {
    this.bucket.take();
    this.sentAt.push(Date.now());
    this.note(
      `${typeof type === 'string' ? JSON.stringify(type.slice(0, 40)) : String(type)} ${shown(payload)}`,
    );
    try {
      this.room.send(type as string, payload);
      return true;
    } catch (error) {
      bump(stats.unencodable, `${(error as Error).name}: ${(error as Error).message}`.slice(0, 80));
      return false;
    }
  }

  /** Sends a frame as it is on the room's WebSocket. */
  sendRaw(data: Uint8Array | string): void {
    this.bucket.take();
    this.sentAt.push(Date.now());
    this.note(
      `raw ${typeof data === 'string' ? JSON.stringify(data.slice(0, 40)) : Buffer.from(data.subarray(0, 40)).toString('hex')}`,
    );
    if (typeof data === 'string') {
      (this.room.connection.transport as unknown as { ws: { send(text: string): void } }).ws.send(data);
    } else {
      this.room.connection.send(data);
    }
  }

  private note(what: string): void {
    this.recent.push(what.slice(0, 300));
    if (this.recent.length > 10) this.recent.shift();
  }

  /**
   * Sends a message the server refuses by its name and waits for that refusal: everything this client
   * sent before has been looked at (a client's messages are taken in order). Also done if it was let go.
   */
  async fence(): Promise<void> {
    // Its junk waits meanwhile, or it would take the tokens the fence waits for.
    this.fencing = true;
    try {
      await this.sendFence();
    } finally {
      this.fencing = false;
    }
  }

  private async sendFence(): Promise<void> {
    for (let attempt = 0; attempt < 10; attempt++) {
      if (this.leftWith !== null) return;
      // A fence dropped by the rate limit would never come back: sent when the bucket has room.
      await this.bucket.ready(3);
      const id = `fence:${this.name}:${++this.fences}`;
      this.send(id, {});
      if (await this.wait(800, () => this.fenced.has(id) || this.leftWith !== null)) {
        this.fenced.delete(id);
        return;
      }
    }
    throw new Error(`${this.name}: a fence never came back`);
  }
}

// ---- what the driver sees, checked ----

type HostRequest = { type: 'add-bot'; kind: string } | { type: 'rules'; rules: string } | { type: 'start' };

/**
 * Every message the driver got, checked in order: versions one by one, and each change of the game a
 * legal action of the seat whose turn it was, by a computer or as that seat's person sent it.
 */
class Monitor {
  private prev: RoomView | null = null;
  private thrown: ServerMessages['thrown'] | null = null;
  private readonly moves = new Map<number, Move[]>();
  private readonly host: HostRequest[] = [];
  /** The gestures of the game's throws, as they came. */
  gestures: [number, number, number][] = [];
  readonly recorder = new GameRecorder();
  /** Views that showed no change at all but the version. */
  idle = 0;
  replays = 0;

  /** Seat `seat`'s person is sending `move`. */
  expectMove(seat: number, move: Move): void {
    const list = this.moves.get(seat) ?? [];
    list.push(move);
    this.moves.set(seat, list);
  }

  /** The host is asking for `request`. */
  expectHost(request: HostRequest): void {
    this.host.push(request);
  }

  /** Moves and requests sent and never seen carried out. */
  outstanding(): string[] {
    return [
      ...[...this.moves].flatMap(([seat, moves]) => moves.map((m) => `seat ${seat}: ${JSON.stringify(m)}`)),
      ...this.host.map((h) => `host: ${JSON.stringify(h)}`),
    ];
  }

  see(got: Received): void {
    switch (got.type) {
      case 'thrown':
        this.recorder.seeThrow(got.message);
        if (this.thrown)
          throw new Error(`Throw ${got.message.number} came before the view of the one before`);
        this.thrown = got.message;
        return;
      case 'refused':
        throw new Error(`The driver was refused: ${JSON.stringify(got.message)}`);
      case 'closing':
        throw new Error('The room closed');
      case 'saving':
        throw new Error('The room could not store a change');
      case 'left':
        return; // what a view shows of it was checked with that view
      case 'acted':
        return; // never kept: a peer keeps the view after it (Peer.got)
      case 'move-link':
        throw new Error('The driver never asks for a move link');
      default:
    }
    const view = got.type === 'view' ? got.message : got.message.view;
    this.recorder.seeView(view);
    const prev = this.prev;
    this.prev = view;
    if (!prev) return;
    const at = `Version ${view.version}`;
    // The game's end comes whole after its last action, at that action's version (with its proof): its
    // game, generator and all, is its log replayed.
    if (view.version === prev.version && view.phase === 'over' && prev.phase === 'over') {
      const game = view.game!;
      if (!isDeepStrictEqual(replay(setupOf(game), game.log), game))
        throw new Error(`${at}: the game's end is not its log replayed`);
      return;
    }
    if (view.version !== prev.version + 1) throw new Error(`${at} came after ${prev.version}`);
    if (view.roomId !== prev.roomId || view.host !== DRIVER)
      throw new Error(`${at}: the room or its host changed`);
    if (view.clock.seconds !== prev.clock.seconds) throw new Error(`${at}: the turn clock was set`);
    if (view.phase === 'lobby') this.lobby(prev, view, at);
    else if (prev.phase === 'playing') this.step(prev, view, at);
    else if (view.phase === 'playing') this.started(prev, view, at);
    else this.unchangedGame(prev, view, at);
    if (this.thrown) throw new Error(`${at}: throw ${this.thrown.number} is not in it`);
  }

  private takeHost(request: HostRequest, at: string): void {
    const next = this.host.shift();
    if (!isDeepStrictEqual(next, request)) {
      throw new Error(
        `${at}: ${JSON.stringify(request)} happened, the host asked for ${JSON.stringify(next)}`,
      );
    }
  }

  private lobby(p: RoomView, v: RoomView, at: string): void {
    if (p.phase !== 'lobby' || v.game !== null) throw new Error(`${at}: back in the lobby`);
    const added = v.seats.length - p.seats.length;
    if (added < 0 || added > 1 || !isDeepStrictEqual(v.seats.slice(0, p.seats.length), p.seats)) {
      throw new Error(`${at}: the seats changed: ${JSON.stringify(p.seats)} -> ${JSON.stringify(v.seats)}`);
    }
    const seat = v.seats[p.seats.length];
    if (seat && seat.kind !== 'human') this.takeHost({ type: 'add-bot', kind: seat.kind }, at);
    if (v.rules !== p.rules) this.takeHost({ type: 'rules', rules: v.rules }, at);
    if (!seat && v.rules === p.rules && isDeepStrictEqual(v.claims, p.claims)) this.idle++;
  }

  private started(p: RoomView, v: RoomView, at: string): void {
    this.takeHost({ type: 'start' }, at);
    const game = v.game;
    if (!game || game.log.length !== 0 || game.rules !== v.rules) throw new Error(`${at}: not a new game`);
    if (
      !isDeepStrictEqual(
        setupOf(game).players,
        v.seats.map((s) => s.name),
      )
    ) {
      throw new Error(`${at}: the game's players are not the seats`);
    }
    if (!v.proof || v.proof.secret !== null || !/^[0-9a-f]{64}$/.test(v.proof.commitment)) {
      throw new Error(`${at}: the proof of a new game is ${JSON.stringify(v.proof)}`);
    }
    if (!isDeepStrictEqual(v.seats, p.seats)) throw new Error(`${at}: the seats changed at the start`);
    this.gestures = [];
  }

  /** Over, and still over: the game is as it was. */
  private unchangedGame(p: RoomView, v: RoomView, at: string): void {
    if (p.phase !== 'over' || v.phase !== 'over' || !isDeepStrictEqual(v.game, p.game)) {
      throw new Error(`${at}: the game changed after it ended (${p.phase} -> ${v.phase})`);
    }
    this.others(p, v, at);
  }

  /** A change while a game is played: one legal action, or none (then the game is exactly as it was). */
  private step(p: RoomView, v: RoomView, at: string): void {
    const before = p.game!;
    const game = v.game;
    if (!game || v.phase === 'lobby') throw new Error(`${at}: the game is gone`);
    if (!isDeepStrictEqual(setupOf(game), setupOf(before))) throw new Error(`${at}: another game`);
    const n = before.log.length;
    if (!isDeepStrictEqual(game.log.slice(0, n), before.log)) throw new Error(`${at}: the log was rewritten`);
    if (game.log.length === n) {
      if (!isDeepStrictEqual(game, before)) throw new Error(`${at}: the game changed with no action`);
      this.others(p, v, at);
      return;
    }
    if (game.log.length !== n + 1) throw new Error(`${at}: ${game.log.length - n} actions at once`);
    if (!isDeepStrictEqual(v.seats, p.seats) || !isDeepStrictEqual(v.claims, p.claims)) {
      throw new Error(`${at}: the seats changed with an action`);
    }
    if (game.over !== (v.phase === 'over'))
      throw new Error(`${at}: phase ${v.phase}, game over ${game.over}`);
    // Legal: the whole log replays with the engine to the game shown (whose generator is hidden in play).
    let replayed: Game;
    try {
      replayed = replay(setupOf(game), game.log);
    } catch (error) {
      throw new Error(`${at}: the log does not replay: ${(error as Error).message}`, { cause: error });
    }
    this.replays++;
    // (The generator is checked in the whole view of the game's end: `see`.)
    if (!isDeepStrictEqual(replayed, { ...game, rng: replayed.rng })) {
      throw new Error(`${at}: the game shown is not its log replayed`);
    }
    const action = game.log[n]!;
    const seat = before.current;
    if (
      action.type === 'score' &&
      game.players[seat]?.scores[action.row] !== scoreRow(action.row, before.dice as Dice)
    ) {
      throw new Error(`${at}: ${action.row} scored ${game.players[seat]?.scores[action.row]}`);
    }
    this.attribute(p, seat, action, at);
  }

  /** The action was the seat's computer's, or the move its person sent. */
  private attribute(p: RoomView, seat: number, action: Action, at: string): void {
    const before = p.game!;
    let gesture: [number, number, number] | undefined;
    if (action.type === 'roll') {
      const t = this.thrown;
      this.thrown = null;
      if (
        !t ||
        t.seat !== seat ||
        t.number !== this.gestures.length ||
        !isDeepStrictEqual(t.faces, action.faces) ||
        !isDeepStrictEqual(t.held, before.held)
      ) {
        throw new Error(
          `${at}: the throw (${JSON.stringify(t && { ...t, trajectory: '…' })}) is not the roll logged`,
        );
      }
      gesture = t.gesture;
      this.gestures.push(t.gesture);
    }
    if (p.seats[seat]!.kind !== 'human' || p.clock.ranOut === seat) {
      if (seat !== COMPUTER && seat !== LEAVER) throw new Error(`${at}: a computer played seat ${seat}`);
      return;
    }
    const move = this.moves.get(seat)?.shift();
    const sent =
      !!move &&
      (move.type === 'throw'
        ? action.type === 'roll' &&
          // Compared with ===, not isDeepStrictEqual: a -0 sent arrives as 0 (msgpack keeps no sign of zero).
          !!gesture &&
          [move.gesture.dirX, move.gesture.dirZ, move.gesture.speed].every((n, i) => n === gesture![i])
        : isDeepStrictEqual(action, move));
    if (!sent) {
      throw new Error(
        `${at}: seat ${seat} did ${JSON.stringify(action)}; its person sent ${JSON.stringify(move)}`,
      );
    }
  }

  /** A change that is not the game's: only the seat of the one who left (never claimed: it is its key's). */
  private others(p: RoomView, v: RoomView, at: string): void {
    if (v.seats.length !== p.seats.length || v.rules !== p.rules || v.clock.ranOut !== p.clock.ranOut) {
      throw new Error(`${at}: the table changed`);
    }
    v.seats.forEach((seat, i) => {
      if (i !== LEAVER && !isDeepStrictEqual(seat, p.seats[i])) {
        throw new Error(`${at}: seat ${i} changed: ${JSON.stringify(p.seats[i])} -> ${JSON.stringify(seat)}`);
      }
    });
    const leaver = v.seats[LEAVER]!;
    if (leaver.connected || !leaver.standIn || leaver.kind !== 'good') {
      throw new Error(`${at}: the seat left is ${JSON.stringify(leaver)}`);
    }
    if (!isDeepStrictEqual(v.claims, [])) {
      throw new Error(`${at}: claims ${JSON.stringify(v.claims)}`);
    }
    if (isDeepStrictEqual(v.seats, p.seats) && isDeepStrictEqual(v.claims, p.claims)) this.idle++;
  }
}

// ---- the test ----

/** The garbage collector, if it can be had (it makes the heap's numbers mean something). */
function collector(): (() => void) | undefined {
  const exposed = (globalThis as { gc?: () => void }).gc;
  if (typeof exposed === 'function') return exposed;
  try {
    setFlagsFromString('--expose-gc');
    return runInNewContext('gc') as () => void;
  } catch {
    return undefined;
  }
}

/** What the server logs as its own errors (rather than a client's bad frames). */
const SERVER_ERRORS =
  /failed:|A computer player|A computer's|could not be sent|could not be stored|background task|could not be made/;

const logged: string[] = [];

beforeAll(async () => {
  // What the server logs is kept (not printed: bad frames are logged by design), to be looked at.
  const keep = (...args: unknown[]): void => {
    logged.push(
      args
        .map((a) => (typeof a === 'string' ? a : inspect(a, { depth: 2, breakLength: Infinity })))
        .join(' '),
    );
  };
  vi.spyOn(console, 'error').mockImplementation(keep);
  vi.spyOn(console, 'warn').mockImplementation(keep);
  // Many rooms and clients from this machine: loopback is not limited here.
  server = await startServer({
    port: 0,
    staticDir: null,
    botDelayMs: 0,
    throwWorkers: 0,
    limitLoopback: false,
  });
});

afterAll(async () => {
  await server?.close();
  vi.restoreAllMocks();
});

describe('the game server under fuzzing', () => {
  it(`survives a message of type '${CATCH_ALL_TYPE}' whose payload cannot be made text`, async () => {
    const mari = await Peer.join('Mari', null);
    mari.mayLeave = true;
    mari.send(CATCH_ALL_TYPE, { toString: 1 });
    mari.send(CATCH_ALL_TYPE, [{ toString: 1 }]);
    await mari.fence();
    // The server is still up: it makes a room.
    const juri = await Peer.join('Jüri', null);
    expect(juri.seat).toBe(0);
    juri.mayLeave = true;
    await Promise.all([mari, juri].map((p) => p.room.leave(true).catch(() => {})));
  });

  it(`plays ${GAMES} whole games while attackers send thousands of junk messages (seed ${SEED}; FUZZ_SEED=${SEED} replays it)`, async () => {
    const started = Date.now();
    const gc = collector();
    const heap = (): number => {
      gc?.();
      gc?.();
      return process.memoryUsage().heapUsed;
    };
    const prototypes = [Object.prototype, Array.prototype, Function.prototype].map((p) =>
      Object.getOwnPropertyNames(p).sort(),
    );
    /** frozen: the attackers may send anything; quiet: no raw frames (a window is being looked at). */
    const state = { frozen: false, quiet: false, stop: false };
    const monitor = new Monitor();
    const loops: Promise<void>[] = [];
    const run = (name: string, loop: () => Promise<void>): void => {
      loops.push(
        loop().catch((error: unknown) => void failures.push(`${name}: ${(error as Error).message}`)),
      );
    };
    const checkFailures = (): void => {
      if (failures.length > 0) throw new Error(failures.slice(0, 5).join('\n'));
    };

    const driver = await Peer.join('Driver', null, true);
    const roomId = driver.room.roomId;
    const drain = (): void => {
      try {
        for (const got of driver.inbox.splice(0)) monitor.see(got);
      } catch (error) {
        throw new Error([(error as Error).message, ...failures.slice(0, 5)].join('\n'), { cause: error });
      }
    };
    const driverRng = rngFor('Driver');
    const driverTurn: TurnState = { key: '', holds: 0 };
    const everyone: Peer[] = [driver];

    /** One legal move of `peer`'s (announced to the monitor first), carried out before this returns. */
    async function playMove(peer: Peer, r: Rng, seat: number, game: Game, turn: TurnState): Promise<void> {
      const move = chooseMove(r, game, turn);
      const n = game.log.length;
      monitor.expectMove(seat, move);
      stats.moves++;
      const carried = () => (peer.view?.game?.log.length ?? 0) > n;
      for (let attempt = 0; attempt < 3; attempt++) {
        await peer.bucket.ready(2);
        const dropped = peer.tooMany;
        const sentAt = Date.now();
        peer.send(move.type, payloadOf(move));
        // Only the rate limit drops a legal move (which the bucket kept here keeps from happening), and
        // then the server says so (once a second): sent again only then, or it might be carried out twice.
        if (await peer.wait(20_000, () => carried() || peer.tooMany > dropped)) {
          stats.slowestMove = Math.max(stats.slowestMove, Date.now() - sentAt);
          if (carried() || (await peer.wait(3000, carried))) return;
        } else break;
      }
      throw new Error(`${peer.name}'s ${JSON.stringify(move)} was never carried out`);
    }

    // The lobby: a computer, the rules, three attackers and one who will leave.
    monitor.expectHost({ type: 'add-bot', kind: 'easy' });
    driver.send('add-bot', { kind: 'easy' });
    await driver.until(() => driver.view!.seats.length === 2, 5000, 'computer');
    const rules = driverRng.pick(['seed', 'classic'] as const);
    if (rules !== driver.view!.rules) {
      monitor.expectHost({ type: 'rules', rules });
      driver.send('rules', { rules });
      await driver.until(() => driver.view!.rules === rules, 5000, 'rules');
    }
    const attackers: { peer: Peer; rng: Rng; seat: number; turn: TurnState }[] = [];
    for (const [i, name] of ATTACKERS.entries()) {
      const peer = await Peer.join(name, roomId);
      expect(peer.seat).toBe(FIRST_ATTACKER + i);
      attackers.push({ peer, rng: rngFor(name), seat: peer.seat, turn: { key: '', holds: 0 } });
      everyone.push(peer);
    }
    const leaver = await Peer.join(LEAVER_NAME, roomId);
    expect(leaver.seat).toBe(LEAVER);
    await driver.until(() => driver.view!.seats.length === 6, 5000, 'full table');

    for (const attacker of attackers) {
      const { peer, rng, seat, turn } = attacker;
      const myTurn = (): Game | null => {
        const v = peer.view;
        return v?.phase === 'playing' && v.game?.current === seat && v.clock.ranOut !== seat ? v.game : null;
      };
      run(peer.name, async () => {
        while (!state.stop) {
          const game = myTurn();
          if (game) {
            // Junk between its own moves too, refused whatever the turn.
            if (peer.bucket.level() > 6 && rng.chance(0.5)) sendJunk(peer, invalidTurnMessage(rng));
            await playMove(peer, rng, seat, game, turn);
            continue;
          }
          // Its turn is next: it keeps tokens for its moves (no burst, nothing below a few).
          const next = peer.view?.phase === 'playing' && peer.view.game?.current === seat - 1;
          const burst = !next && rng.chance(BURST_CHANCE) ? 16 + rng.int(15) : 1;
          for (let i = 0; i < burst; i++) {
            const m = attackerMessage(rng, state.frozen);
            if (!next || peer.bucket.level() > 5) sendJunk(peer, m);
          }
          await peer.wait(rng.between(60, 200), () => myTurn() !== null);
        }
      });
    }

    /**
     * The intruder: asks for the seat of the one who left by its name (refused: the seat is its key's),
     * then watches, sends junk, and now and then raw frames (and watches again once let go).
     */
    let claimant: { peer: Peer; busy: boolean } | undefined;
    const claimRng = rngFor(LEAVER_NAME);
    async function reclaim(peer: Peer): Promise<void> {
      stats.rejoins++;
      await peer.enter(roomId);
      if (peer.seat !== -1) throw new Error(`The intruder came back in seat ${peer.seat}`);
    }
    async function startClaimant(): Promise<void> {
      const asked = await Peer.join(LEAVER_NAME, roomId).then(
        () => 'a seat',
        (error: unknown) => joinRefusal(error).code,
      );
      expect(asked).toBe('seat-needs-key');
      const peer = await Peer.watch(`${LEAVER_NAME} (watching)`, roomId);
      expect(peer.seat).toBe(-1);
      const c = { peer, busy: false };
      claimant = c;
      everyone.push(peer);
      run('claimant', async () => {
        while (!state.stop) {
          if (peer.leftWith !== null || (!state.quiet && claimRng.chance(RAW_CHANCE))) {
            c.busy = true;
            peer.mayLeave = true;
            try {
              if (peer.leftWith === null) {
                for (let i = 1 + claimRng.int(4); i > 0; i--) {
                  const frame = rawFrame(claimRng);
                  bump(stats.raw, frame.kind);
                  peer.sendRaw(frame.data);
                }
                await peer.fence();
              }
              if (peer.leftWith !== null) await reclaim(peer);
            } finally {
              c.busy = false;
              peer.mayLeave = false;
            }
            continue;
          }
          const burst = claimRng.chance(BURST_CHANCE) ? 16 + claimRng.int(15) : 1;
          // It holds no seat: nothing it sends may be carried out, at any time.
          for (let i = 0; i < burst; i++) sendJunk(peer, fuzzMessage(claimRng));
          await peer.wait(claimRng.between(60, 200));
        }
      });
    }

    function sendJunk(peer: Peer, m: Fuzz): void {
      if (!peer.mayJunk()) return;
      if (peer.send(m.type, m.payload)) bump(stats.sent, m.kind);
    }

    const counts = (): string =>
      [
        driver.view!.version,
        ...everyone.map((p) => `${p.name} ${p.counts.welcome}/${p.counts.view}/${p.counts.thrown}`),
      ].join(', ');

    /**
     * The table frozen (no one may act: the driver waits): the attackers send anything for a while; then,
     * once everything they sent has been looked at, no one got a view, a throw or a welcome.
     */
    async function frozenWindow(ms: number): Promise<void> {
      const opened = Date.now();
      try {
        await frozenFor(ms);
      } catch (error) {
        throw new Error([(error as Error).message, ...failures.slice(0, 5)].join('\n'), { cause: error });
      } finally {
        stats.windowMs += Date.now() - opened;
      }
    }

    async function frozenFor(ms: number): Promise<void> {
      // Quiet first, so that the claimant starts no raw frames; then it has settled (back in the room if
      // it was let go), and everyone has every view the driver has: the views sent so far count before.
      state.quiet = true;
      await poll(
        () => !claimant || (!claimant.busy && claimant.peer.leftWith === null),
        15_000,
        'quiet claimant',
      );
      await poll(
        () => everyone.every((p) => p.view?.version === driver.view!.version),
        5000,
        'views caught up',
      );
      drain();
      const before = counts();
      state.frozen = true;
      stats.windows++;
      await sleep(ms);
      state.frozen = false;
      await Promise.all(
        [...attackers.map((a) => a.peer), ...(claimant ? [claimant.peer] : [])].map((p) => p.fence()),
      );
      drain();
      const after = counts();
      state.quiet = false;
      if (after !== before) {
        // What changed, as the driver sees it once it has it.
        await driver.wait(1000, () => driver.inbox.length > 0);
        const came = driver.inbox.map((got) => (got.type === 'view' ? brief(got.message) : got.type));
        throw new Error(
          `While frozen the room changed (version, then welcomes/views/throws each): ${before} -> ${after}; ` +
            `the driver had ${brief(driver.view!)}, then got ${came.join(' ') || 'nothing'}`,
        );
      }
    }

    async function finalChecks(view: RoomView): Promise<void> {
      expect(view.phase).toBe('over');
      const game = view.game!;
      expect(game.over).toBe(true);
      for (const player of game.players) expect(Object.keys(player.scores).sort()).toEqual([...ROWS].sort());
      const replayed = replay(setupOf(game), game.log);
      expect(replayed).toEqual(game);
      expect(totals(game)).toEqual(totals(replayed));
      const secret = view.proof?.secret ?? '';
      expect(secret).toMatch(/^[0-9a-f]{64}$/);
      expect(createHash('sha256').update(Buffer.from(secret, 'hex')).digest('hex')).toBe(
        view.proof?.commitment,
      );
      expect(view.proof?.gestures).toEqual(monitor.gestures);
      const record = monitor.recorder.record();
      expect(record).not.toBeNull();
      const verifying = Date.now();
      const keys = await parseKeySet(await (await fetch(new URL(KEYS_PATH, server.url))).text());
      const verdict = await verifyGame(record!, { keys, observed: observedBy(record!) });
      stats.verifyMs += Date.now() - verifying;
      expect(verdict).toMatchObject({
        verdict: 'verified',
        launchesCompared: record!.gestures.length,
      });
      expect(monitor.outstanding()).toEqual([]);
    }

    let baseline = 0;
    try {
      await frozenWindow(WINDOW_MS);
      for (let g = 0; g < GAMES; g++) {
        monitor.expectHost({ type: 'start' });
        driver.send('start', {});
        await driver.until(
          () => driver.view!.phase === 'playing' && driver.view!.game?.log.length === 0,
          5000,
          'start',
        );
        if (g === 0) {
          leaver.mayLeave = true;
          await leaver.room.leave(true);
          await driver.until(() => driver.view!.seats[LEAVER]!.standIn, 5000, 'stand-in');
          await startClaimant();
        }
        let version = -1;
        let changedAt = Date.now();
        for (;;) {
          drain();
          checkFailures();
          const view = driver.view!;
          if (view.version !== version) [version, changedAt] = [view.version, Date.now()];
          else if (Date.now() - changedAt > STALL_MS) {
            throw new Error(`The game stalled at version ${version}: seat ${view.game?.current} to act`);
          }
          if (view.phase === 'over') break;
          const game = view.game!;
          if (game.current !== DRIVER) {
            await driver.wait(250, () => driver.view!.version !== view.version);
            continue;
          }
          if (game.rollsUsed === 0) {
            await frozenWindow(WINDOW_MS);
            // The warm-up: a round of every seat's played (the computers' tables made, the code compiled).
            if (stats.windows === 3) baseline = heap();
          }
          await playMove(driver, driverRng, DRIVER, driver.view!.game!, driverTurn);
          changedAt = Date.now();
        }
        drain();
        checkFailures();
        await finalChecks(driver.view!);
        await frozenWindow(WINDOW_MS / 2);
      }
    } finally {
      state.stop = true;
      stopping = true;
      await Promise.all(loops);
    }
    drain();
    checkFailures();
    const end = heap();

    // The server still makes rooms, and nothing it took in changed the prototypes of this process.
    const fresh = await Peer.join('Fresh', null);
    expect(fresh.seat).toBe(0);
    expect(fresh.view?.seats).toHaveLength(1);
    await fresh.room.leave(true);
    expect(
      [Object.prototype, Array.prototype, Function.prototype].map((p) =>
        Object.getOwnPropertyNames(p).sort(),
      ),
    ).toEqual(prototypes);
    expect(({} as Record<string, unknown>).row).toBeUndefined();

    const ours = logged.filter((line) => SERVER_ERRORS.test(line));
    expect(ours).toEqual([]);
    expect(stats.refused.get('server-unavailable') ?? 0).toBe(0);
    expect(driver.counts.refused).toBe(0);
    const sent = [...stats.sent.values()].reduce((a, b) => a + b, 0);
    const raw = [...stats.raw.values()].reduce((a, b) => a + b, 0);
    expect(sent).toBeGreaterThan(1000);
    expect(end - baseline).toBeLessThan(HEAP_GROWTH_LIMIT);

    const mb = (bytes: number) => (bytes / 2 ** 20).toFixed(1);
    const list = (map: Map<string, number>) =>
      [...map]
        .sort((a, b) => b[1] - a[1])
        .map(([k, n]) => `${k} ${n}`)
        .join(', ');
    const utf8 = logged.filter((line) => line.includes('utf8Read')).length;
    if (process.env.FUZZ_LOG) console.log(logged.map((line) => line.slice(0, 160)).join('\n'));
    console.log(
      `fuzz seed ${SEED}: ${GAMES} games in ${((Date.now() - started) / 1000).toFixed(1)} s, ${stats.moves} legal moves, ` +
        `${stats.windows} frozen windows (${(stats.windowMs / 1000).toFixed(1)} s), verified in ${(stats.verifyMs / 1000).toFixed(1)} s, slowest move ${stats.slowestMove} ms, ${monitor.replays} replays; ${sent} fuzz messages sent (${list(stats.sent)}), ` +
        `not encodable: ${list(stats.unencodable) || 'none'}; ${raw} raw frames (${list(stats.raw)}), ${stats.rejoins} intruder rejoins; ` +
        `refused by code: ${list(stats.refused)}; ${monitor.idle} views without a change; heap ${mb(baseline)} -> ${mb(end)} MB` +
        `${gc ? '' : ' (no gc)'}; server log lines ${logged.length} (${utf8} utf8Read)`,
    );
  }, 180_000);
});

/**
 * The words between the game server and the page: the messages each side sends, their shapes, and the
 * checks every message from a client passes before the room looks at it. Pure TypeScript, shared by
 * the server (Node) and the page; a message that fails a check is refused with a coded error to that
 * client alone, and the room does not change.
 */
import type { Action, Game, RowId, RuleErrorCode, RuleSetId } from '../engine/index.js';
import { isBotId, type BotId } from '../engine/bots/bot.js';
import { CodedError, isPlayerName, isRowId, isRuleSetId, MAX_PLAYERS } from '../engine/index.js';
import type { GameProof, ProofGesture } from './fairness.js';
import { nameProblem, normalName } from './player-names.js';

/** The Colyseus room type every game is played in (always private: joined by its id). */
export const ROOM_NAME = 'dice';
/** Seats at an online table. */
export const MIN_SEATS = 2;
export const MAX_SEATS = MAX_PLAYERS;
/** How long a dropped player's seat waits for them before a computer (`good`) plays it, seconds. */
export const RECONNECT_SECONDS = 120;
/** The computer that plays a seat whose player is gone. */
export const STAND_IN_BOT: BotId = 'good';
/** A room id as Colyseus makes them (and nothing else is looked up). */
export const ROOM_ID_PATTERN = /^[A-Za-z0-9_-]{4,32}$/;
/** Longest message a client may send, in characters of its JSON. */
export const MAX_MESSAGE_CHARS = 512;
/** Messages a client may send per second (a burst of twice as many is tolerated). */
export const MESSAGES_PER_SECOND = 8;

/** Codes of refusals that come from the room rather than the rules. */
export type OnlineErrorCode =
  | 'not-your-turn'
  | 'not-host'
  | 'bad-message'
  | 'too-many-messages'
  | 'room-full'
  | 'game-started'
  | 'bad-room-id'
  | 'room-not-found'
  | 'not-enough-players'
  | 'offline'
  | 'server-unavailable'
  | 'too-many-rooms'
  | 'seat-claimed'
  | 'claim-refused'
  | 'moved-elsewhere'
  | 'nothing-to-nudge'
  | 'already-nudged'
  | 'not-over'
  | 'watching'
  | 'too-many-watchers'
  | 'seat-needs-key'
  | 'move-link-used'
  | 'removed'
  | 'claim-lapsed';

/**
 * Codes of the game server on Redis (docs/SCALING.md). `room-moved`: the server that held the room went
 * away, so a reconnection to it (`client.reconnect(token)`) cannot be had; its game goes on when its
 * people join the same room id again, by name (`client.joinById(id, { name })`).
 */
export type SharedRoomErrorCode = 'room-moved';

/** Every code the room may refuse a message (or a join) with. */
export type RefusalCode = OnlineErrorCode | SharedRoomErrorCode | RuleErrorCode;

/** Seconds a person may take for a turn, as the host may set them; DEFAULT_TURN_SECONDS unless set. */
export const TURN_SECONDS_CHOICES = [30, 60, 90, 120, 180, 300] as const;
export const DEFAULT_TURN_SECONDS = 90;
/**
 * How a room is played: `live`, everyone at the table at once, a turn timed in seconds (a seat whose
 * person left is played by a stand-in); or at `own-pace`, a turn waiting for its player for hours or
 * days (OWN_PACE_SECONDS_CHOICES), their seat kept for them however long they are away.
 */
export type RoomPace = 'live' | 'own-pace';
/**
 * What happens when a person's time for a turn is up: a computer (STAND_IN_BOT) plays that turn for
 * them, or, at one's own pace if the host chose so, they forfeit (out of the game: PlayerSheet.out).
 */
export type TimeUp = 'stand-in' | 'forfeit';
/** The time a player has for a turn at their own pace, as the host may set it: 1 hour to 7 days. */
export const OWN_PACE_SECONDS_CHOICES = [3600, 8 * 3600, 24 * 3600, 3 * 24 * 3600, 7 * 24 * 3600] as const;
/** The turn clock is shown counting down in a turn's last seconds. */
export const TURN_COUNTDOWN_SECONDS = 15;
/** Most people watching one room at once (a watch link: WatchOptions). */
export const MAX_WATCHERS = 16;
/** A seat key as the server makes them (server/src/seat-keys.ts): 16 bytes, base64url. */
export const SEAT_KEY_PATTERN = /^[A-Za-z0-9_-]{22}$/;

/** How long an ask for a seat by its name (in the lobby) waits for the host's answer, seconds. */
export const CLAIM_SECONDS = 60;
/** How long a link to move one's seat to another device works, seconds (once: ClientMessages['move-link']). */
export const MOVE_LINK_SECONDS = 600;

/** What a client sends when it joins (the join options). */
export interface JoinOptions {
  /** The player's name: 1 to 29 characters, no markup. */
  name: string;
  /** The key of the seat this person had at this table (from their 'welcome'), to take it back. */
  key?: string;
  /** `key` is a move link's (ServerMessages['move-link']), not the seat's own: refused once used or lapsed. */
  move?: true;
}

/**
 * What a client sends to watch a room (its watch link): no name, no seat. A watcher sees what everyone
 * sees (the views and the throws, never a seat's key) and may send nothing: every message it sends is
 * refused `watching`. Past MAX_WATCHERS a room refuses more as `too-many-watchers`.
 */
export interface WatchOptions {
  watch: true;
}

/** Client -> server. */
export interface ClientMessages {
  /** Throw the dice not held, with this gesture (the server throws the physics dice). */
  throw: { gesture: { dirX: number; dirZ: number; speed: number } };
  /** Hold (or release) die `index`. */
  hold: { index: number; held: boolean };
  /** Score `row` with the dice on the table. */
  score: { row: RowId };
  /** Host only, before the game: seat a computer player. */
  'add-bot': { kind: BotId };
  /** Host only, before the game: empty seat `seat` (a computer, or a player who left). */
  'remove-seat': { seat: number };
  /** Host only, before the game: choose the rules. */
  rules: { rules: RuleSetId };
  /** Host only: start the game with the seats taken. */
  start: Record<string, never>;
  /**
   * Host only, before the game: how the room is played (`pace`, live unless given) and the seconds a
   * person has for each turn (TURN_SECONDS_CHOICES live, OWN_PACE_SECONDS_CHOICES at one's own pace);
   * when they are up, a computer plays that turn for its person, or (`timeUp: 'forfeit'`, at one's own
   * pace only) the person forfeits: they are out of the game.
   */
  clock: { seconds: number; pace?: RoomPace; timeUp?: TimeUp };
  /**
   * Host only, in the lobby: let in (or not) the person who asks for seat `seat` by its name without its
   * key (the ask lapses after CLAIM_SECONDS).
   */
  'answer-claim': { seat: number; admit: boolean };
  /**
   * A person at the table asks for a link to move their seat to another device (answered to them alone
   * with 'move-link'): a new key of its own, good once, for MOVE_LINK_SECONDS.
   */
  'move-link': Record<string, never>;
  /**
   * Any other player, while a person's turn waits: reminds that person it is their turn (shown to them,
   * and notified where they turned notifications on). Once a turn: its clock is the period; a second is
   * refused `already-nudged`, and one with no person's turn to remind of (the game not under way, a
   * computer's turn, one's own) `nothing-to-nudge`.
   */
  nudge: Record<string, never>;
  /**
   * Any seated person, after the game: asks for (or agrees to) a rematch, the same seats and rules; it
   * starts once every person at the table has (those a stand-in plays for are not waited for). Refused
   * `not-over` before the game is over.
   */
  rematch: Record<string, never>;
}

/** One seat at the table, as everyone sees it. */
export interface SeatView {
  name: string;
  /** Who plays it: a person, or a computer (also a stand-in for a person gone too long). */
  kind: 'human' | BotId;
  /** A person's connection is up (a computer's always is). */
  connected: boolean;
  /** A computer plays the seat for its person, who may come back. */
  standIn: boolean;
}

/**
 * The room as every client sees it: sent whole when a client joins or comes back ('welcome'), when the
 * room around the game changes, and when a game ends (its proof); an action of the game comes as 'acted'.
 */
export interface RoomView {
  roomId: string;
  phase: 'lobby' | 'playing' | 'over';
  /** The seat of the host (who starts the game). */
  host: number;
  seats: SeatView[];
  rules: RuleSetId;
  /**
   * The game. Online its throws come from the room's secret (see `proof`), not from the engine's
   * generator, whose seed is 0 (and whose state is zeroed while the game is played: publicGame).
   */
  game: Game | null;
  /**
   * The game's fairness (src/online/fairness.ts): the commitment to its secret from the start; the secret
   * and every throw's gesture once it is over. Null when there is no game.
   */
  proof: GameProof | null;
  /** Seats someone asks to take by name, without the seat's key, in the lobby (the host answers). */
  claims: number[];
  /** After the game, the seats whose person asked for a rematch (see ClientMessages.rematch). */
  rematch: number[];
  /** The turn clock. */
  clock: TurnClock;
  /** Grows by one with every change (a client ignores an older view). */
  version: number;
}

/** The clock of a person's turn. */
export interface TurnClock {
  /** Seconds a person has for a turn (the host sets them in the lobby). */
  seconds: number;
  /** Live or at one's own pace (see RoomPace). */
  pace: RoomPace;
  /** Milliseconds left of the person's turn under way when the view was sent; null when none is timed. */
  left: number | null;
  /** When the person's turn under way ends, ms since 1970 by the server's clock; null when none is timed. */
  endsAt: number | null;
  /** The seat whose time ran out this turn (a computer plays the rest of it), else null. */
  ranOut: number | null;
  /** The seat that nudged the person to act this turn (once a turn: see ClientMessages.nudge), else null. */
  nudgedBy: number | null;
  /** What happens when a person's time is up (the host's choice). */
  timeUp: TimeUp;
}

/** Server -> client. */
export interface ServerMessages {
  /**
   * Sent to a client when it joins or comes back: its seat (-1 while it asks for a seat by name: see
   * `claiming`; -1 and `watching` for one that came to watch: WatchOptions), and the seat's key when one was just made for it (keep it to come back: JoinOptions.key).
   */
  welcome: { seat: number; view: RoomView; key?: string; claiming?: number; watching?: true };
  /** The room changed (whole: see RoomView). */
  view: RoomView;
  /**
   * An action of the game, by seat `seat` (a throw's with its faces, after its 'thrown'): each client
   * applies it once through the engine to the game it has (`viewAfter`, src/online/room-events.ts),
   * which then is version `version`, its turn clock `clock`.
   */
  acted: Acted;
  /**
   * A throw: its number in the game (0, 1, 2…), the gesture it was made with, its trajectory (see
   * trajectory.ts) and the faces it rests on; `view` follows.
   */
  thrown: {
    seat: number;
    number: number;
    gesture: ProofGesture;
    trajectory: string;
    faces: number[];
    held: boolean[];
  };
  /**
   * A person left the table for good (left the room, or did not come back in time); the view before this
   * says who is host now (`host`, a seat: it changed when `wasHost`).
   */
  left: { name: string; wasHost: boolean; host: number };
  /**
   * To the person who asked ('move-link') alone: the key a device joins with (JoinOptions.key, with
   * `move`) to take this seat, good once, until `until` (ms since 1970, the server's clock).
   */
  'move-link': { key: string; until: number };
  /** A message of this client's was refused; nothing changed. */
  refused: { code: RefusalCode; message: string; request?: string };
  /**
   * The server is closing this room (its process is shutting down); the connection closes next (close
   * code 4001). When `resumable`, the game was kept: joining the same room id again (by name, through a
   * server that is up) goes on with it, at the same turn and throw, in a new room.
   */
  closing: ClosingMessage;
  /**
   * The room's last change is not stored yet (its database cannot be reached, or its disk is full): it
   * is shown to no one until it is, and the room tries again meanwhile (`waiting` true); then false once
   * everything is stored and the changes that waited are sent.
   */
  saving: { waiting: boolean };
}

/** The 'acted' message: one action of the game, and the room's version and clock after it. */
export interface Acted {
  seat: number;
  action: Action;
  version: number;
  clock: TurnClock;
}

/** Why a room is closed by its server. */
export type ClosingReason = 'shutdown';

/** The 'closing' message. */
export interface ClosingMessage {
  reason: ClosingReason;
  /** The game was kept and goes on when its people join the same room id again. */
  resumable: boolean;
  /** Words for a person. */
  message: string;
}

/** A refusal of a client's message, with its code. */
export class ProtocolError extends CodedError<RefusalCode> {
  constructor(code: RefusalCode, message: string) {
    super(code, message);
    this.name = 'ProtocolError';
  }
}

function bad(message: string): never {
  throw new ProtocolError('bad-message', message);
}

function record(value: unknown, keys: readonly string[]): Record<string, unknown> {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) bad('A message is an object');
  const object = value as Record<string, unknown>;
  for (const key of Object.keys(object)) if (!keys.includes(key)) bad(`Unknown field ${JSON.stringify(key)}`);
  return object;
}

function finite(value: unknown, name: string, min: number, max: number): number {
  if (typeof value !== 'number' || !Number.isFinite(value) || value < min || value > max) {
    bad(`${name} must be a number from ${min} to ${max}`);
  }
  return value;
}

/**
 * A player's name as the room takes it, in its normal form (normalName: NFC, trimmed): 1 to 29
 * characters, no markup at all, and none that hides or moves text (nameProblem: bidirectional controls,
 * line breaks, invisible characters, or nothing that shows).
 * @throws ProtocolError `bad-name`
 */
export function parseName(value: unknown): string {
  if (typeof value !== 'string' || value.length > 200) throw new ProtocolError('bad-name', 'A name is text');
  const name = normalName(value);
  // The normal form too: NFC can make markup (U+1FEF GREEK VARIA is canonically U+0060, a backtick).
  if ([value, name].some((text) => /[<>&"'`]/.test(text) || /\p{Cc}/u.test(text))) {
    throw new ProtocolError('bad-name', 'A name may not hold markup or control characters');
  }
  const problem = nameProblem(value);
  if (problem !== null) throw new ProtocolError('bad-name', problem);
  if (!isPlayerName(name)) throw new ProtocolError('bad-name', 'A name has 1 to 29 characters');
  return name;
}

/** The join options of a client. */
export function parseJoin(value: unknown): JoinOptions {
  const o = record(value ?? {}, ['name', 'key', 'move']);
  return seatOptions(o);
}

/**
 * The options of one who joins a room: to sit (JoinOptions), or to watch (WatchOptions).
 * @throws ProtocolError `bad-message` or `bad-name`
 */
export function parseEntry(value: unknown): JoinOptions | WatchOptions {
  const o = record(value ?? {}, ['name', 'key', 'move', 'watch']);
  if (o.watch === undefined) return seatOptions(o);
  if (o.watch !== true || Object.keys(o).length > 1) bad('A watcher sends only { watch: true }');
  return { watch: true };
}

function seatOptions(o: Record<string, unknown>): JoinOptions {
  const name = parseName(o.name);
  if (o.move !== undefined && o.move !== true) bad('move is true when given');
  if (o.key === undefined) {
    if (o.move) bad('A move link has a key');
    return { name };
  }
  if (typeof o.key !== 'string' || !SEAT_KEY_PATTERN.test(o.key)) bad('A seat key is 22 characters');
  return o.move ? { name, key: o.key, move: true } : { name, key: o.key };
}

/**
 * A client's message, checked for type, shape and size.
 * @throws ProtocolError `bad-message` (or `bad-name`, `unknown-row`) for anything else
 */
export function parseClientMessage<K extends keyof ClientMessages>(
  type: K,
  value: unknown,
): ClientMessages[K];
export function parseClientMessage(type: string, value: unknown): ClientMessages[keyof ClientMessages];
export function parseClientMessage(type: string, value: unknown): ClientMessages[keyof ClientMessages] {
  let size: number;
  try {
    size = JSON.stringify(value ?? null).length;
  } catch {
    bad('A message is plain data');
  }
  if (size > MAX_MESSAGE_CHARS) bad('A message is too long');
  switch (type) {
    case 'throw': {
      const g = record(record(value, ['gesture']).gesture, ['dirX', 'dirZ', 'speed']);
      return {
        gesture: {
          dirX: finite(g.dirX, 'dirX', -1, 1),
          dirZ: finite(g.dirZ, 'dirZ', -1, 1),
          speed: finite(g.speed, 'speed', 0, 100),
        },
      };
    }
    case 'hold': {
      const o = record(value, ['index', 'held']);
      if (!Number.isInteger(o.index) || (o.index as number) < 0 || (o.index as number) > 4) {
        throw new ProtocolError('bad-die-index', 'A die index is 0 to 4');
      }
      if (typeof o.held !== 'boolean') bad('held is true or false');
      return { index: o.index as number, held: o.held };
    }
    case 'score': {
      const o = record(value, ['row']);
      if (!isRowId(o.row)) throw new ProtocolError('unknown-row', 'There is no such row');
      return { row: o.row };
    }
    case 'add-bot': {
      const o = record(value, ['kind']);
      if (!isBotId(o.kind)) bad('kind is winner, optimal, good or easy');
      return { kind: o.kind };
    }
    case 'remove-seat': {
      const o = record(value, ['seat']);
      if (!Number.isInteger(o.seat) || (o.seat as number) < 0 || (o.seat as number) >= MAX_SEATS)
        bad('No such seat');
      return { seat: o.seat as number };
    }
    case 'rules': {
      const o = record(value, ['rules']);
      if (!isRuleSetId(o.rules)) throw new ProtocolError('unknown-rules', 'Unknown rules');
      return { rules: o.rules };
    }
    case 'start':
    case 'nudge':
    case 'rematch':
    case 'move-link':
      record(value ?? {}, []);
      return {};
    case 'clock': {
      const o = record(value, ['seconds', 'pace', 'timeUp']);
      if (o.pace !== undefined && o.pace !== 'live' && o.pace !== 'own-pace') bad('pace is live or own-pace');
      const choices: readonly number[] =
        o.pace === 'own-pace' ? OWN_PACE_SECONDS_CHOICES : TURN_SECONDS_CHOICES;
      if (!choices.includes(o.seconds as number)) bad(`seconds is one of ${choices.join(', ')}`);
      if (o.timeUp !== undefined && o.timeUp !== 'stand-in' && o.timeUp !== 'forfeit')
        bad('timeUp is stand-in or forfeit');
      if (o.timeUp === 'forfeit' && o.pace !== 'own-pace') bad('Only a game at one’s own pace is forfeited');
      return {
        seconds: o.seconds as number,
        ...(o.pace !== undefined ? { pace: o.pace } : {}),
        ...(o.timeUp !== undefined ? { timeUp: o.timeUp } : {}),
      };
    }
    case 'answer-claim': {
      const o = record(value, ['seat', 'admit']);
      if (!Number.isInteger(o.seat) || (o.seat as number) < 0 || (o.seat as number) >= MAX_SEATS)
        bad('No such seat');
      if (typeof o.admit !== 'boolean') bad('admit is true or false');
      return { seat: o.seat as number, admit: o.admit };
    }
    default:
      bad(`Unknown message ${JSON.stringify(type).slice(0, 40)}`);
  }
}

/** Whether `value` looks like a room id (before any lookup). */
export function isRoomId(value: unknown): value is string {
  return typeof value === 'string' && ROOM_ID_PATTERN.test(value);
}

/**
 * The room id in an invite link (`...?room=ID`), a watch link (`...?watch=ID`, with `param` 'watch') or
 * a bare id; null when there is none.
 */
export function roomIdFrom(text: string, param: 'room' | 'watch' = 'room'): string | null {
  const trimmed = text.trim();
  if (isRoomId(trimmed)) return trimmed;
  try {
    const id = new URL(trimmed).searchParams.get(param);
    return isRoomId(id) ? id : null;
  } catch {
    return null;
  }
}

/**
 * A token bucket per client: MESSAGES_PER_SECOND on average, bursts of twice that. `take` says
 * whether one more message may pass now.
 */
export class RateLimiter {
  private tokens = 2 * MESSAGES_PER_SECOND;
  private last: number;

  constructor(private readonly now: () => number = () => Date.now()) {
    this.last = now();
  }

  take(): boolean {
    const t = this.now();
    this.tokens = Math.min(
      2 * MESSAGES_PER_SECOND,
      this.tokens + ((t - this.last) / 1000) * MESSAGES_PER_SECOND,
    );
    this.last = t;
    if (this.tokens < 1) return false;
    this.tokens -= 1;
    return true;
  }
}

/**
 * The game as clients may see it: while it is played its seed and generator state are hidden (they
 * would tell every throw to come), once it is over they are shown for anyone to check the log.
 */
export function publicGame(game: Game): Game {
  return game.over ? game : { ...game, seed: 0, rng: 0 };
}

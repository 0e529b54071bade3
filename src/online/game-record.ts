/**
 * The record of a finished online game that a page can save and anyone can check (src/online/verify.ts,
 * `npm run verify -- FILE`): who played, the rules, the action log, the commitment the page was shown
 * while the game was played, the secret shown at its end, and each throw's gesture with the launch
 * (the trajectory's first frame) as this page saw it arrive.
 */
import { isRowId, type Action, type RuleSetId } from '../engine/index.js';
import { decodeTrajectory, encodedFirstFrame } from '../physics/trajectory.js';
import { isHex, SECRET_BYTES, type ProofGesture } from './fairness.js';
import type { RoomView, ServerMessages } from './protocol.js';

/** The `format` field of a game record. */
export const GAME_RECORD_FORMAT = 'taringupokker-online-game';
/** Its version. */
export const GAME_RECORD_VERSION = 1;

/** One throw of the game, as recorded. */
export interface RecordedThrow {
  /** The gesture the throw was made with (from the room's proof). */
  gesture: ProofGesture;
  /** The launch this page was sent: a one-frame trajectory (encodeTrajectory); null if it did not see it. */
  launch: string | null;
}

/** A finished online game, as a page saves it. */
export interface OnlineGameRecord {
  format: typeof GAME_RECORD_FORMAT;
  version: typeof GAME_RECORD_VERSION;
  roomId: string;
  rules: RuleSetId;
  players: string[];
  log: Action[];
  /** SHA-256 of the secret, as this page was told while the game was played (hex). */
  commitment: string;
  /** The game's secret, shown when it ended (hex). */
  secret: string;
  /** Throw 0, 1, 2… in order. */
  throws: RecordedThrow[];
}

/** A record that cannot be read as one (code `bad-record`), with what is wrong. */
export class GameRecordError extends Error {
  readonly code = 'bad-record';
}

/** Largest record read, in characters of its JSON (a game of six has at most 234 throws). */
export const MAX_RECORD_CHARS = 2_000_000;

function fail(message: string): never {
  throw new GameRecordError(message);
}

function isGesture(value: unknown): value is ProofGesture {
  return (
    Array.isArray(value) &&
    value.length === 3 &&
    value.every((n) => typeof n === 'number' && Number.isFinite(n))
  );
}

function isAction(value: unknown): value is Action {
  const a = value as Record<string, unknown> | null;
  if (typeof a !== 'object' || a === null) return false;
  if (a.type === 'roll') return Array.isArray(a.faces) && a.faces.length === 5;
  if (a.type === 'hold') return Number.isInteger(a.index) && typeof a.held === 'boolean';
  if (a.type === 'forfeit') return Object.keys(a).length === 1;
  return a.type === 'score' && isRowId(a.row);
}

/**
 * A game record read from its JSON text (or an object already parsed): every field checked for shape.
 * Whether its content is true is `verifyGame`'s question.
 * @throws GameRecordError (`bad-record`) saying what is wrong
 */
export function parseGameRecord(input: unknown): OnlineGameRecord {
  let value = input;
  if (typeof input === 'string') {
    if (input.length > MAX_RECORD_CHARS) fail('The file is too large to be a game record');
    try {
      value = JSON.parse(input);
    } catch {
      fail('The file is not JSON');
    }
  }
  const r = value as Partial<OnlineGameRecord> | null;
  if (typeof r !== 'object' || r === null || r.format !== GAME_RECORD_FORMAT)
    fail('Not a Täringupokker game record');
  if (r.version !== GAME_RECORD_VERSION) fail(`Unknown game record version ${String(r.version)}`);
  if (typeof r.roomId !== 'string' || r.roomId.length > 64) fail('The room id is missing');
  if (r.rules !== 'seed' && r.rules !== 'classic') fail('Unknown rules');
  if (!Array.isArray(r.players) || !r.players.every((p) => typeof p === 'string'))
    fail('The players are missing');
  if (!Array.isArray(r.log) || !r.log.every(isAction)) fail('The action log is damaged');
  if (!isHex(r.commitment, 32)) fail('The commitment is not 64 hex digits');
  if (!isHex(r.secret, SECRET_BYTES)) fail(`The secret is not ${2 * SECRET_BYTES} hex digits`);
  if (!Array.isArray(r.throws)) fail('The throws are missing');
  for (const t of r.throws) {
    if (typeof t !== 'object' || t === null || !isGesture(t.gesture)) fail('A throw has no gesture');
    if (t.launch !== null) {
      try {
        decodeTrajectory(t.launch);
      } catch {
        fail('A throw’s launch is damaged');
      }
    }
  }
  return r as OnlineGameRecord;
}

/**
 * Keeps, as the room's messages arrive, what a record of its game needs: the commitment shown while
 * the game is played, and the launch of every throw seen. Once a view shows the game over with its
 * secret, `record()` gives the whole record.
 */
export class GameRecorder {
  private commitment: string | null = null;
  private launches = new Map<number, string>();
  private last: RoomView | null = null;

  /** A view of the room. A new game (another commitment) starts the record afresh. */
  seeView(view: RoomView): void {
    const proof = view.proof;
    if (!proof || !view.game) return;
    if (proof.commitment !== this.commitment) {
      // The commitment is taken from a view of the game in play only: one first heard with the secret
      // beside it proves nothing (the server could have made both at the end).
      this.commitment = proof.secret === null ? proof.commitment : null;
      this.launches.clear();
    }
    this.last = view;
  }

  /** A throw as it arrived. */
  seeThrow(thrown: ServerMessages['thrown']): void {
    try {
      this.launches.set(thrown.number, encodedFirstFrame(thrown.trajectory));
    } catch {
      // A trajectory that cannot be read was not played either; the check will miss its launch.
    }
  }

  /** The record of the finished game, or null while it is played (or no game was seen in play). */
  record(): OnlineGameRecord | null {
    const view = this.last;
    const game = view?.game;
    const proof = view?.proof;
    if (!view || !game?.over || !proof?.secret || !proof.gestures || this.commitment === null) return null;
    return {
      format: GAME_RECORD_FORMAT,
      version: GAME_RECORD_VERSION,
      roomId: view.roomId,
      rules: game.rules,
      players: game.players.map((p) => p.name),
      log: game.log,
      commitment: this.commitment,
      secret: proof.secret,
      throws: proof.gestures.map((gesture, n) => ({ gesture, launch: this.launches.get(n) ?? null })),
    };
  }
}

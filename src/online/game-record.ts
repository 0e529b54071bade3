/**
 * The record of a finished online game that a page saves and anyone can check (src/online/verify.ts,
 * `npm run verify -- FILE`): the room, who played, the rules, the times, the action log, the commitment
 * shown while the game was played, the secret shown at its end, every throw's gesture, and the server's
 * signature over all of it (record-signature.ts). The server signs the record its room's last view
 * holds (`gameRecordOf`, the same function here and there); the page puts the record together from that
 * view and the signature it came with.
 *
 * What this page saw while the game was played (the commitment at the start, each throw's launch) is
 * not in the file: only the page that saw it can trust it. It is kept beside the record object
 * (`observedBy`) for that page's own check.
 */
import { isRowId, isRuleSetId, MAX_PLAYERS, type Action, type RuleSetId } from '../engine/index.js';
import { CodedError } from '../engine/errors.js';
import { encodedFirstFrame } from '../physics/trajectory.js';
import { isHex, SECRET_BYTES, type ProofGesture } from './fairness.js';
import type { RoomView, ServerMessages } from './protocol.js';
import { KEY_ID_HEX, SIGNATURE_BYTES, fromBase64 } from './record-signature.js';

/** The `format` field of a game record. */
export const GAME_RECORD_FORMAT = 'taringupokker-online-game';
/** Its version: 2 is signed by the server; 1 (unsigned, saved by pages before) is still read, never verified. */
export const GAME_RECORD_VERSION = 2;

/** The server's signature on a record: its key's id (KEY_ID_HEX hex digits) and the signature, base64. */
export interface RecordSignatureField {
  key: string;
  value: string;
}

/** A finished online game, as a page saves it. */
export interface OnlineGameRecord {
  format: typeof GAME_RECORD_FORMAT;
  version: 1 | typeof GAME_RECORD_VERSION;
  roomId: string;
  rules: RuleSetId;
  /** The players' names, in seat (turn) order. */
  players: string[];
  /** When the game started, if the signing process saw it start (ms since 1970, the server's clock). */
  startedAt: number | null;
  /** When the game ended (when the server signed its record): ms since 1970, the server's clock. */
  endedAt: number | null;
  log: Action[];
  /** SHA-256 of the secret (hex), as shown while the game was played. */
  commitment: string;
  /** The game's secret, shown when it ended (hex). */
  secret: string;
  /** The gesture of throw 0, 1, 2… in order. */
  gestures: ProofGesture[];
  /** The server's signature; absent from a record no server signed. */
  signature?: RecordSignatureField;
}

/** What the server adds to a finished game's proof so that a page can put its signed record together. */
export interface RecordStamp {
  startedAt: number | null;
  endedAt: number;
  signature: RecordSignatureField;
}

/** Why a file is not read as a record (nothing about it is checked further). */
export type GameRecordErrorCode = 'record-too-large' | 'record-too-deep' | 'not-json' | 'bad-record';

/** A file that cannot be read as a record, with a stable code and what is wrong. */
export class GameRecordError extends CodedError<GameRecordErrorCode> {
  constructor(code: GameRecordErrorCode, message: string) {
    super(code, message);
    this.name = 'GameRecordError';
  }
}

/**
 * Largest record read, in bytes of its file (characters of its text). A game of six has at most 2,652
 * actions (some 106 kB of JSON, pretty-printed less than twice that): 1 MB leaves room and still bounds
 * what a check costs.
 */
export const MAX_RECORD_BYTES = 1_000_000;
/** Most actions a record's log may have (the rules allow 2,652 in a game of six, 3,060 under `yatzy`). */
export const MAX_LOG_ACTIONS = 4_000;
/** Deepest nesting of arrays and objects in a record's JSON (record > log > action > faces is 4). */
export const MAX_RECORD_DEPTH = 6;
/** Longest room id and player name read. */
const MAX_ID_CHARS = 64;

function fail(message: string): never {
  throw new GameRecordError('bad-record', message);
}

/**
 * The deepest nesting of `[` and `{` in JSON text, outside strings, stopping past `max`: one pass, no
 * recursion, so that a file nested 100,000 deep is measured, not parsed.
 */
export function nestingDepth(text: string, max: number): number {
  let depth = 0;
  let deepest = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 0x5c)
        i++; // a backslash: the next character is escaped
      else if (c === 0x22) inString = false;
    } else if (c === 0x22) inString = true;
    else if (c === 0x5b || c === 0x7b) {
      if (++depth > deepest && (deepest = depth) > max) return deepest;
    } else if (c === 0x5d || c === 0x7d) depth--;
  }
  return deepest;
}

const isNumber = (n: unknown): n is number => typeof n === 'number' && Number.isFinite(n);

function isGesture(value: unknown): value is ProofGesture {
  return Array.isArray(value) && value.length === 3 && value.every(isNumber);
}

function isFace(n: unknown): boolean {
  return Number.isInteger(n) && (n as number) >= 1 && (n as number) <= 6;
}

/** An action's shape, to its last field (a face nested in an array is not a face). */
function isAction(value: unknown): value is Action {
  const a = value as Record<string, unknown> | null;
  if (typeof a !== 'object' || a === null || Array.isArray(a)) return false;
  const fields = Object.keys(a).length;
  if (a.type === 'roll')
    return fields === 2 && Array.isArray(a.faces) && a.faces.length === 5 && a.faces.every(isFace);
  if (a.type === 'hold') return fields === 3 && Number.isInteger(a.index) && typeof a.held === 'boolean';
  if (a.type === 'forfeit') return fields === 1;
  return a.type === 'score' && fields === 2 && isRowId(a.row);
}

function isTime(value: unknown): value is number | null {
  return value === null || (Number.isSafeInteger(value) && (value as number) >= 0);
}

function isSignature(value: unknown): value is RecordSignatureField {
  const s = value as Partial<RecordSignatureField> | null;
  return (
    typeof s === 'object' &&
    s !== null &&
    Object.keys(s).length === 2 &&
    isHex(s.key, KEY_ID_HEX / 2) &&
    fromBase64(s.value, SIGNATURE_BYTES) !== null
  );
}

/** The text of a record, its size and nesting checked before it is parsed. */
function parseText(text: string): unknown {
  if (text.length > MAX_RECORD_BYTES)
    throw new GameRecordError(
      'record-too-large',
      `The file is over ${MAX_RECORD_BYTES} bytes: not a game record`,
    );
  if (nestingDepth(text, MAX_RECORD_DEPTH) > MAX_RECORD_DEPTH)
    throw new GameRecordError('record-too-deep', 'The file is nested deeper than a game record is');
  try {
    return JSON.parse(text);
  } catch {
    throw new GameRecordError('not-json', 'The file is not JSON');
  }
}

/** A record of version 1 (pages before signing): its throws were `{ gesture, launch }`. */
function gesturesOfVersion1(throws: unknown): ProofGesture[] {
  if (!Array.isArray(throws) || throws.length > MAX_LOG_ACTIONS) fail('The throws are missing');
  return throws.map((t: { gesture?: unknown } | null) => {
    if (typeof t !== 'object' || t === null || !isGesture(t.gesture)) fail('A throw has no gesture');
    return t.gesture;
  });
}

/**
 * A game record read from its JSON text (or an object already parsed): its size and nesting first,
 * then every field for shape, to the last number. Whether its content is true is `verifyGame`'s
 * question. Linear in the size of the text.
 * @throws GameRecordError `record-too-large`, `record-too-deep`, `not-json`, or `bad-record` saying
 *   what is wrong
 */
export function parseGameRecord(input: unknown): OnlineGameRecord {
  const r = (typeof input === 'string' ? parseText(input) : input) as Record<string, unknown> | null;
  if (typeof r !== 'object' || r === null || r.format !== GAME_RECORD_FORMAT)
    fail('Not a Täringupokker game record');
  if (r.version !== 1 && r.version !== GAME_RECORD_VERSION)
    fail(`Unknown game record version ${String(r.version).slice(0, 20)}`);
  if (typeof r.roomId !== 'string' || r.roomId.length > MAX_ID_CHARS) fail('The room id is missing');
  if (!isRuleSetId(r.rules)) fail('Unknown rules');
  const players = r.players;
  if (
    !Array.isArray(players) ||
    players.length > MAX_PLAYERS ||
    !players.every((p) => typeof p === 'string' && p.length <= MAX_ID_CHARS)
  )
    fail('The players are missing');
  const log = r.log;
  if (!Array.isArray(log) || log.length > MAX_LOG_ACTIONS || !log.every(isAction))
    fail('The action log is damaged');
  if (!isHex(r.commitment, 32)) fail('The commitment is not 64 hex digits');
  if (!isHex(r.secret, SECRET_BYTES)) fail(`The secret is not ${2 * SECRET_BYTES} hex digits`);
  const common = {
    format: GAME_RECORD_FORMAT,
    roomId: r.roomId,
    rules: r.rules,
    players: players as string[],
    log: log as Action[],
    commitment: r.commitment,
    secret: r.secret,
  } as const;
  if (r.version === 1) {
    return { ...common, version: 1, startedAt: null, endedAt: null, gestures: gesturesOfVersion1(r.throws) };
  }
  if (!isTime(r.startedAt) || !isTime(r.endedAt)) fail('The game’s times are damaged');
  const gestures = r.gestures;
  if (!Array.isArray(gestures) || gestures.length > MAX_LOG_ACTIONS || !gestures.every(isGesture))
    fail('The gestures are damaged');
  const known = new Set([...Object.keys(common), 'version', 'startedAt', 'endedAt', 'gestures', 'signature']);
  // A field this version does not know would be signed but never checked: refused, not skipped.
  const unknown = Object.keys(r).find((key) => !known.has(key));
  if (unknown !== undefined) fail(`Unknown field ${JSON.stringify(unknown.slice(0, 40))}`);
  if (r.signature !== undefined && !isSignature(r.signature)) fail('The signature is damaged');
  return {
    ...common,
    version: GAME_RECORD_VERSION,
    startedAt: r.startedAt,
    endedAt: r.endedAt,
    gestures: gestures as ProofGesture[],
    ...(r.signature !== undefined ? { signature: r.signature as RecordSignatureField } : {}),
  };
}

/**
 * The record of the game a view shows over, with its secret, unsigned: what the server signs and what
 * a page puts together again (the signature beside it: RecordStamp). Null when the view shows no
 * finished game with its proof.
 */
export function gameRecordOf(
  view: RoomView,
  times: { startedAt: number | null; endedAt: number },
): OnlineGameRecord | null {
  const game = view.game;
  const proof = view.proof;
  if (!game?.over || !proof?.secret || !proof.gestures) return null;
  return {
    format: GAME_RECORD_FORMAT,
    version: GAME_RECORD_VERSION,
    roomId: view.roomId,
    rules: game.rules,
    players: game.players.map((p) => p.name),
    startedAt: times.startedAt,
    endedAt: times.endedAt,
    log: game.log,
    commitment: proof.commitment,
    secret: proof.secret,
    gestures: proof.gestures,
  };
}

/** What a page saw of a game while it was played: the commitment at its start and each throw's launch. */
export interface Observed {
  commitment: string;
  /** Throw number -> its launch (a one-frame trajectory, encodeTrajectory), for the throws seen. */
  launches: ReadonlyMap<number, string>;
}

/** What this page saw of the game of each record it put together (a record read from a file has none). */
const observations = new WeakMap<OnlineGameRecord, Observed>();

/** What this page saw of `record`'s game while it was played, if this page put it together. */
export function observedBy(record: OnlineGameRecord): Observed | null {
  return observations.get(record) ?? null;
}

/**
 * Keeps, as the room's messages arrive, what this page sees of the game: the commitment shown while the
 * game is played, and the launch of every throw seen. Once a view shows the game over with its secret
 * and signature, `record()` gives the signed record.
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

  /**
   * The record of the finished game, signed as the server sent it (unsigned if it sent no signature),
   * or null while it is played, or when this page did not see it in play.
   */
  record(): OnlineGameRecord | null {
    const view = this.last;
    const stamp = view?.proof?.signed;
    if (!view || this.commitment === null) return null;
    const record = gameRecordOf(view, {
      startedAt: stamp?.startedAt ?? null,
      endedAt: stamp?.endedAt ?? 0,
    });
    if (!record) return null;
    if (stamp) record.signature = { ...stamp.signature };
    else record.endedAt = null;
    observations.set(record, { commitment: this.commitment, launches: new Map(this.launches) });
    return record;
  }
}

import { byDate, parseGameRecord, recordProblem, RECORD_FIELDS, type GameRecord } from './game-record.js';

/** What a history file says it is, so that another JSON file is told apart. */
export const HISTORY_FORMAT = 'taringupokker-history';
/** The version of the file (and of the stored history) this page writes and reads. */
export const HISTORY_VERSION = 1;
/** The most games kept (the oldest go first): a few hundred kB of storage at most. */
export const MAX_GAMES = 2000;
/** A file larger than this is not a history this page wrote (about 300 bytes a game). */
export const MAX_FILE_BYTES = 4 * 1024 * 1024;

/** Why a history file was refused: each has its own words on screen (history-strings.ts). */
export type HistoryFileErrorCode =
  /** Larger than any history this page writes. */
  | 'too-large'
  /** Not JSON at all. */
  | 'not-json'
  /** JSON, but not a history file. */
  | 'not-history'
  /** A history file of a version this page does not read. */
  | 'version'
  /** Its games do not add up to its checksum: changed or damaged since it was saved. */
  | 'damaged'
  /** A game in it is not one this page would have written. */
  | 'bad-game'
  /** More games than a history keeps. */
  | 'too-many';

/** A history file refused, with a stable code; nothing was changed. */
export class HistoryFileError extends Error {
  readonly code: HistoryFileErrorCode;

  constructor(code: HistoryFileErrorCode, message: string) {
    super(message);
    this.name = 'HistoryFileError';
    this.code = code;
  }
}

/** The canonical text of a list of games: each record's fields in their order, as JSON. */
function canonical(games: readonly GameRecord[]): string {
  return JSON.stringify(games.map((game) => RECORD_FIELDS.map((key) => game[key])));
}

/**
 * A 53-bit checksum of a text (cyrb53, a public-domain string hash), as 14 hex digits: it tells a file
 * that was changed or damaged since it was written. It is not a signature: whoever edits the file can
 * recompute it; it keeps a slip from being imported as a history.
 */
export function checksumOf(text: string): string {
  let h1 = 0xdeadbeef;
  let h2 = 0x41c6ce57;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    h1 = Math.imul(h1 ^ c, 2654435761);
    h2 = Math.imul(h2 ^ c, 1597334677);
  }
  h1 = Math.imul(h1 ^ (h1 >>> 16), 2246822507) ^ Math.imul(h2 ^ (h2 >>> 13), 3266489909);
  h2 = Math.imul(h2 ^ (h2 >>> 16), 2246822507) ^ Math.imul(h1 ^ (h1 >>> 13), 3266489909);
  return (4294967296 * (2097151 & h2) + (h1 >>> 0)).toString(16).padStart(14, '0');
}

/** The text of a history file of these games (oldest first), dated `now`. */
export function encodeHistoryFile(games: readonly GameRecord[], now: Date = new Date()): string {
  const sorted = [...games].sort(byDate);
  const file = {
    format: HISTORY_FORMAT,
    version: HISTORY_VERSION,
    exported: now.toISOString(),
    checksum: checksumOf(canonical(sorted)),
    games: sorted,
  };
  return `${JSON.stringify(file, null, 1)}\n`;
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * The games of a history file, oldest first, checked through: the format, the version, every game,
 * and their checksum.
 * @throws HistoryFileError with the first reason found; nothing is read from a refused file
 */
export function decodeHistoryFile(text: string): GameRecord[] {
  if (text.length > MAX_FILE_BYTES) throw new HistoryFileError('too-large', 'The file is too large');
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch {
    throw new HistoryFileError('not-json', 'The file is not JSON');
  }
  if (!isObject(data) || data.format !== HISTORY_FORMAT) {
    throw new HistoryFileError('not-history', 'The file is not a history of games');
  }
  const known = ['format', 'version', 'exported', 'checksum', 'games'];
  const extra = Object.keys(data).find((key) => !known.includes(key));
  if (extra !== undefined)
    throw new HistoryFileError('not-history', `Unknown field ${JSON.stringify(extra)}`);
  if (data.version !== HISTORY_VERSION) {
    throw new HistoryFileError('version', `Version ${JSON.stringify(data.version)} is not read here`);
  }
  if (typeof data.exported !== 'string' || Number.isNaN(Date.parse(data.exported))) {
    throw new HistoryFileError('not-history', 'The file has no date of export');
  }
  if (!Array.isArray(data.games)) throw new HistoryFileError('not-history', 'The file has no games');
  if (data.games.length > MAX_GAMES) {
    throw new HistoryFileError('too-many', `More than ${MAX_GAMES} games`);
  }
  const games: GameRecord[] = [];
  const ids = new Set<string>();
  for (const [i, value] of data.games.entries()) {
    const problem = recordProblem(value);
    if (problem !== null) throw new HistoryFileError('bad-game', `Game ${i + 1}: ${problem}`);
    const game = parseGameRecord(value)!;
    if (ids.has(game.id)) throw new HistoryFileError('bad-game', `Game ${i + 1}: the same game twice`);
    ids.add(game.id);
    games.push(game);
  }
  games.sort(byDate);
  if (typeof data.checksum !== 'string' || data.checksum !== checksumOf(canonical(games))) {
    throw new HistoryFileError('damaged', 'The games do not match the checksum');
  }
  return games;
}

/** Two lists of games as one: each game once (by id; the one kept first wins), oldest first, the newest kept. */
export function mergeGames(kept: readonly GameRecord[], added: readonly GameRecord[]): GameRecord[] {
  const byId = new Map<string, GameRecord>();
  for (const game of [...kept, ...added]) if (!byId.has(game.id)) byId.set(game.id, game);
  return [...byId.values()].sort(byDate).slice(-MAX_GAMES);
}

import {
  isPlayerName,
  isRuleSetId,
  MAX_PLAYERS,
  MAX_ROWS,
  totals,
  type Game,
  type RuleSetId,
} from '../../engine/index.js';

/**
 * One finished game as one person at this device played it, with its review: what the History panel
 * charts. A game of several people at one device gives one record per person.
 */
export interface GameRecord {
  /** Unique on the device: the end's date and the seat (`2026-12-01T21:04:05.000Z/0`). */
  id: string;
  /** When the game ended, ISO 8601. */
  date: string;
  rules: RuleSetId;
  /** How many played, computers included. */
  players: number;
  /** The seat this record is of, 0-based. */
  seat: number;
  /** The name played under. */
  name: string;
  /** An online game (else one in this page). */
  online: boolean;
  /** Final total, bonus included. */
  score: number;
  /** 1-based place: 1 for a win (a shared first place too). */
  place: number;
  /** Expected points lost against optimal play (the review's total); null when no review was had. */
  pointsLost: number | null;
  /** Chance to win given away, summed over the decisions (0 to 1 each); null alone or without a review. */
  winLost: number | null;
  /** The dice's luck in points (`diceLuck`); null without a review. */
  luck: number | null;
  /** Optimal play's expected score from an empty sheet (the average luck is measured against). */
  average: number | null;
}

/** The fields of a record, in the order a record is written (a file's checksum is of this order). */
export const RECORD_FIELDS = [
  'id',
  'date',
  'rules',
  'players',
  'seat',
  'name',
  'online',
  'score',
  'place',
  'pointsLost',
  'winLost',
  'luck',
  'average',
] as const satisfies readonly (keyof GameRecord)[];

/** Largest believable numbers: no review of one game loses more, nor any score is higher. */
const MAX_POINTS = 2000;

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

const finite = (v: unknown, min: number, max: number): v is number =>
  typeof v === 'number' && Number.isFinite(v) && v >= min && v <= max;
const whole = (v: unknown, min: number, max: number): v is number =>
  finite(v, min, max) && Number.isInteger(v);
const orNull = (v: unknown, min: number, max: number) => v === null || finite(v, min, max);

/**
 * Why a value is not a record (the first field found wrong), or null when it is one: exactly the known
 * fields, each of its kind and range, a date that parses, and an id that is the date and the seat.
 */
export function recordProblem(value: unknown): string | null {
  if (!isRecord(value)) return 'not an object';
  const keys = Object.keys(value);
  const unknown = keys.find((key) => !(RECORD_FIELDS as readonly string[]).includes(key));
  if (unknown !== undefined) return `unknown field ${JSON.stringify(unknown)}`;
  const missing = RECORD_FIELDS.find((key) => !(key in value));
  if (missing) return `no ${missing}`;
  const v = value as Record<keyof GameRecord, unknown>;
  if (typeof v.date !== 'string' || Number.isNaN(Date.parse(v.date))) return 'date';
  if (!isRuleSetId(v.rules)) return 'rules';
  if (!whole(v.players, 1, MAX_PLAYERS)) return 'players';
  if (!whole(v.seat, 0, (v.players as number) - 1)) return 'seat';
  if (v.id !== `${v.date}/${v.seat}`) return 'id';
  if (typeof v.name !== 'string' || v.name !== v.name.trim() || !isPlayerName(v.name)) return 'name';
  if (typeof v.online !== 'boolean') return 'online';
  if (!whole(v.score, 0, MAX_POINTS)) return 'score';
  if (!whole(v.place, 1, v.players as number)) return 'place';
  if (!orNull(v.pointsLost, 0, MAX_POINTS)) return 'pointsLost';
  if (!orNull(v.winLost, 0, MAX_ROWS * 3 * MAX_PLAYERS)) return 'winLost';
  if (v.winLost !== null && v.players === 1) return 'winLost';
  if (!orNull(v.luck, -MAX_POINTS, MAX_POINTS)) return 'luck';
  if (!orNull(v.average, 0, MAX_POINTS)) return 'average';
  return null;
}

/** A clean copy of a record (the known fields, in their order), or null if it is not one. */
export function parseGameRecord(value: unknown): GameRecord | null {
  if (recordProblem(value) !== null) return null;
  const v = value as unknown as GameRecord;
  return Object.fromEntries(RECORD_FIELDS.map((key) => [key, v[key]])) as unknown as GameRecord;
}

/** Oldest first; records of one game in seat order. */
export function byDate(a: GameRecord, b: GameRecord): number {
  return Date.parse(a.date) - Date.parse(b.date) || a.seat - b.seat;
}

/** Each player's 1-based place by total (equal totals share the better place). */
export function placesOf(game: Game): number[] {
  const all = totals(game);
  return all.map((mine) => 1 + all.filter((other) => other > mine).length);
}

/** A number kept to 3 decimals: what a record stores (the review's sums carry float noise). */
export function rounded(value: number): number {
  return Math.round(value * 1000) / 1000 || 0; // never -0: it reads back as 0
}

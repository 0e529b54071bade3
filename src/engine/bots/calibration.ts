import { apply } from '../actions.js';
import { DICE_COUNT } from '../dice.js';
import { newGame, winners, type Game } from '../game.js';
import { nextFace } from '../random.js';
import type { RuleSetId } from '../rules.js';
import { MAX_ROWS } from '../rows.js';
import {
  bestAction,
  bestWinAction,
  positionOf,
  rankHoldsByWin,
  rankRowsByWin,
  type SeatPlay,
  type WinModel,
  type WinOptions,
} from '../solver/index.js';
import {
  FREE,
  seatFeaturesOf,
  sizeOf,
  SIZES,
  temperSlope,
  type SeatFeatures,
} from '../solver/win-calibration.js';
import { winLine } from '../solver/win.js';
import type { Bot } from './bot.js';
import { createOptimalBot } from './optimal.js';
import { createWinnerBot } from './winner.js';

/*
 * Games played to see whether the chance to win says what happens (docs/CALIBRATION.md). The computers
 * at a table play deals: each deal once per rotation of the seats, every rotation on the same dice (each
 * seat has its own stream of faces, as `npm run sim -- --duel` plays), so that the luck of the dice
 * falls on every computer alike and the share each wins is measured with less noise. At every point
 * where the coach shows its numbers (the start of each turn and after each throw) everything the model
 * says is recorded, to be set beside who won. `npm run bench:calibration`,
 * scripts/fit-win-calibration.ts and the tests play these.
 */

/**
 * The seeds of the dice of each use, none used anywhere else in the project: the fitting of the
 * calibration (scripts/fit-win-calibration.ts), `npm run bench:calibration`, and the tests.
 */
export const CALIBRATION_SEEDS = { fit: 412_000_001, bench: 523_000_001, test: 634_000_001 } as const;

/** The computers whose chances are measured: one that plays to win, one that plays for points. */
export type MeasuredKind = 'winner' | 'optimal';

/** The kinds measured, in the order reports list them. */
export const MEASURED_KINDS: readonly MeasuredKind[] = ['winner', 'optimal'];

/** How the model takes a computer to play. */
export function seatPlayOf(kind: MeasuredKind): SeatPlay {
  return kind === 'winner' ? 'win' : 'points';
}

/** What to play. */
export interface MeasuredJob {
  rules: RuleSetId;
  /** The computers at the table, in seat order for a deal's first game; its game r turns them r seats on. */
  seats: readonly MeasuredKind[];
  /** The seed of the dice: every deal's streams follow from it. */
  seed: number;
  /** Deals from..to-1, each one game per rotation of the seats. */
  from: number;
  to: number;
  /**
   * False: record what the coach showed before the calibration (every seat judged as playing for points,
   * the chance beside a choice as if played on to win, the model's own numbers). True by default.
   */
  calibrated?: boolean;
}

/** One point of a game where the coach shows its numbers. */
export interface MeasuredPoint {
  /** The round (0..12), the player to act and their throws used. */
  turn: number;
  current: number;
  rollsUsed: number;
  /** Each player's chance with every seat playing for points: the model's own line. */
  raw: number[];
  /** Each winning seat's own chance as the model sees it (NaN for the others). */
  values: number[];
  /** Each player's chance as the coach shows it. */
  chances: number[];
  /** What the calibration reads of each seat. */
  features: SeatFeatures[];
  /** After a throw: the chance shown beside the choice the player to act then makes (else null). */
  choice: number | null;
}

/** One game played and what was said along the way. */
export interface MeasuredGame {
  deal: number;
  rotation: number;
  /** Who sat where. */
  seats: MeasuredKind[];
  /** Each player's share of the win (1, 1/k in a k-way draw, 0). */
  shares: number[];
  points: MeasuredPoint[];
}

/** A 32-bit mix of a number (murmur3's finaliser). */
function mix(value: number): number {
  let h = value >>> 0;
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  h ^= h >>> 16;
  return h >>> 0;
}

/** The five faces of a seat's stream for one throw of one turn of a deal. */
export function dealFaces(
  seed: number,
  deal: number,
  seat: number,
  turn: number,
  throwIndex: number,
): number[] {
  let state = mix(mix(mix(seed ^ 0x2c1b3c6d) ^ deal) ^ ((seat << 8) | (turn << 2) | throwIndex));
  const faces: number[] = [];
  for (let i = 0; i < DICE_COUNT; i++) {
    let face: number;
    [face, state] = nextFace(state);
    faces.push(face);
  }
  return faces;
}

/**
 * Plays the job's deals, each game to its end, and hands every game with what the model said in it to
 * `visit`, in order.
 * @param model the model of the job's rule set, with the whole target tables
 */
export function playMeasured(job: MeasuredJob, model: WinModel, visit: (game: MeasuredGame) => void): void {
  const n = job.seats.length;
  const calibrated = job.calibrated !== false;
  for (let deal = job.from; deal < job.to; deal++) {
    for (let rotation = 0; rotation < n; rotation++) {
      const seats = job.seats.map((_, i) => job.seats[(i + rotation) % n]!);
      visit(playOne(job, model, deal, rotation, seats, calibrated));
    }
  }
}

function playOne(
  job: MeasuredJob,
  model: WinModel,
  deal: number,
  rotation: number,
  seats: MeasuredKind[],
  calibrated: boolean,
): MeasuredGame {
  const plays = seats.map(seatPlayOf);
  const bots: Bot[] = seats.map((kind) =>
    kind === 'winner' ? createWinnerBot(model) : createOptimalBot(model.table),
  );
  let game = newGame({
    players: seats.map((_, i) => `seat ${i + 1}`),
    rules: job.rules,
    seed: mix(job.seed ^ deal),
  });
  const points: MeasuredPoint[] = [];
  let seen = '';
  while (!game.over) {
    const at = `${game.turn}/${game.current}/${game.rollsUsed}`;
    if (at !== seen) {
      seen = at;
      points.push(measure(game, model, plays, seats, calibrated));
    }
    const action = bots[game.current]!.next(game);
    if (action.type === 'roll' && action.faces === undefined) {
      // The dice released get, in die order, the first faces of this seat's stream for this throw.
      const stream = dealFaces(job.seed, deal, game.current, game.turn, game.rollsUsed);
      let next = 0;
      const faces = game.dice.map((face, i) => (game.rollsUsed > 0 && game.held[i] ? face : stream[next++]!));
      game = apply(game, { type: 'roll', faces });
    } else {
      game = apply(game, action);
    }
  }
  const won = winners(game);
  return {
    deal,
    rotation,
    seats,
    shares: seats.map((_, i) => (won.includes(i) ? 1 / won.length : 0)),
    points,
  };
}

function measure(
  game: Game,
  model: WinModel,
  plays: SeatPlay[],
  seats: MeasuredKind[],
  calibrated: boolean,
): MeasuredPoint {
  // Before the calibration the line judged every seat as playing for points, and the chance beside a
  // choice was that of playing on to win, whoever chose.
  const line = winLine(game, model, {
    seats: calibrated ? plays : plays.map(() => 'points'),
    calibrated,
  });
  let choice: number | null = null;
  if (game.rollsUsed > 0) {
    const options: WinOptions = {
      seats: calibrated ? plays : plays.map((_, i) => (i === game.current ? 'win' : 'points')),
      calibrated,
    };
    if (seats[game.current] === 'winner') {
      choice = bestWinAction(game, model, options)?.win ?? null;
    } else {
      const best = bestAction(model.table, positionOf(game));
      if (best.type === 'score') {
        choice = rankRowsByWin(game, model, options)?.find((r) => r.row === best.row)?.win ?? null;
      } else {
        const kept = game.dice
          .filter((_, i) => best.held[i])
          .sort((a, b) => a - b)
          .join();
        choice = rankHoldsByWin(game, model, options)?.find((h) => h.kept.join() === kept)?.win ?? null;
      }
    }
  }
  return {
    turn: game.turn,
    current: game.current,
    rollsUsed: game.rollsUsed,
    raw: line.raw,
    values: line.values,
    chances: line.chances,
    features: seatFeaturesOf(game),
    choice,
  };
}

// ---------------------------------------------------------------------------------------------------
// Tallies: what was said beside what happened.

/**
 * Sums over points of a stated chance and what happened (the share won), with what the standard error
 * of their difference needs when the points come in clusters (a deal's games share their dice, and a
 * game's points its outcome): plain sums, so tallies of several workers add up.
 */
export interface Tally {
  /** Points. */
  n: number;
  /** Sum of the chances stated. */
  stated: number;
  /** Sum of the shares won. */
  won: number;
  /** Sum of (stated - won)²: the Brier score's. */
  squared: number;
  /** Over the clusters: sum of e², of n·e and of n², where e is a cluster's sum of (won - stated) and n its points. */
  e2: number;
  ne: number;
  nn: number;
  clusters: number;
}

export function emptyTally(): Tally {
  return { n: 0, stated: 0, won: 0, squared: 0, e2: 0, ne: 0, nn: 0, clusters: 0 };
}

/** Adds tally b into a. */
export function addTally(a: Tally, b: Tally): void {
  a.n += b.n;
  a.stated += b.stated;
  a.won += b.won;
  a.squared += b.squared;
  a.e2 += b.e2;
  a.ne += b.ne;
  a.nn += b.nn;
  a.clusters += b.clusters;
}

/** What a tally says: the mean chance stated, the share won, the bias and its standard error, Brier. */
export interface TallySummary {
  n: number;
  stated: number;
  won: number;
  /** stated - won (a positive bias says too much). */
  bias: number;
  /** Standard error of the bias over the clusters (NaN with fewer than two). */
  se: number;
  brier: number;
}

export function summarise(t: Tally): TallySummary {
  const stated = t.stated / t.n;
  const won = t.won / t.n;
  const mean = (t.won - t.stated) / t.n; // of won - stated
  const spread = Math.max(0, t.e2 - 2 * mean * t.ne + mean * mean * t.nn);
  const se = t.clusters > 1 ? Math.sqrt((spread * t.clusters) / (t.clusters - 1)) / t.n : NaN;
  return { n: t.n, stated, won, bias: stated - won, se, brier: t.squared / t.n };
}

/** Buckets of the reliability table: chances stated 0-10%, 10-20%, ... 90-100%. */
export const BUCKETS = 10;
/** Rounds of a game: 13, or 15 under `yatzy` (a rule set of 13 leaves the last two empty). */
export const ROUNDS = MAX_ROWS;

/** The tallies of one kind of seat and one kind of number. */
export interface TallyGroup {
  all: Tally;
  /** By the chance stated (`BUCKETS`). */
  buckets: Tally[];
  /** By round. */
  rounds: Tally[];
}

function emptyGroup(): TallyGroup {
  return {
    all: emptyTally(),
    buckets: Array.from({ length: BUCKETS }, emptyTally),
    rounds: Array.from({ length: ROUNDS }, emptyTally),
  };
}

/**
 * What the coach said of each kind of seat: `line` (its chance in the line, at every point) and
 * `choice` (the chance beside the choice it made, after each of its throws), by kind.
 */
export type CalibrationTallies = Record<MeasuredKind, { line: TallyGroup; choice: TallyGroup }>;

export function emptyTallies(): CalibrationTallies {
  return {
    winner: { line: emptyGroup(), choice: emptyGroup() },
    optimal: { line: emptyGroup(), choice: emptyGroup() },
  };
}

/** Adds tallies b into a. */
export function addTallies(a: CalibrationTallies, b: CalibrationTallies): void {
  for (const kind of MEASURED_KINDS) {
    for (const what of ['line', 'choice'] as const) {
      const [x, y] = [a[kind][what], b[kind][what]];
      addTally(x.all, y.all);
      x.buckets.forEach((t, i) => addTally(t, y.buckets[i]!));
      x.rounds.forEach((t, i) => addTally(t, y.rounds[i]!));
    }
  }
}

/**
 * Counts a deal's games into the tallies: every seat's line at every point, and the chance beside each
 * choice made. A deal is one cluster (its games share their dice).
 */
export function tallyDeal(tallies: CalibrationTallies, games: readonly MeasuredGame[]): void {
  // Each tally's open cluster: its points and its sum of (won - stated).
  const open = new Map<Tally, { n: number; e: number }>();
  const add = (t: Tally, stated: number, won: number): void => {
    t.n++;
    t.stated += stated;
    t.won += won;
    t.squared += (stated - won) ** 2;
    const c = open.get(t) ?? { n: 0, e: 0 };
    c.n++;
    c.e += won - stated;
    open.set(t, c);
  };
  const addAll = (group: TallyGroup, stated: number, won: number, turn: number): void => {
    add(group.all, stated, won);
    add(group.buckets[Math.min(BUCKETS - 1, Math.floor(stated * BUCKETS))]!, stated, won);
    add(group.rounds[turn]!, stated, won);
  };
  for (const game of games) {
    for (const point of game.points) {
      game.seats.forEach((kind, i) =>
        addAll(tallies[kind].line, point.chances[i]!, game.shares[i]!, point.turn),
      );
      if (point.choice !== null) {
        const kind = game.seats[point.current]!;
        addAll(tallies[kind].choice, point.choice, game.shares[point.current]!, point.turn);
      }
    }
  }
  for (const [t, c] of open) {
    t.e2 += c.e * c.e;
    t.ne += c.n * c.e;
    t.nn += c.n * c.n;
    t.clusters++;
  }
}

// ---------------------------------------------------------------------------------------------------
// The sums a calibration is fitted from.

/** Sums per cell `[size][thrown][last][free - 1]` and per size (see `GainSums`), with what errors need. */
export interface FitSums {
  xy: number[][][][];
  xx: number[][][][];
  xh: number[][][][];
  n: number[][][][];
  hy: number[];
  hh: number[];
  /** Over the deals, of each deal's sums a = xy and b = xx: Σa², Σab, Σb² (a λ's standard error). */
  a2: number[][][][];
  ab: number[][][][];
  b2: number[][][][];
}

/** The per-cell sums of `FitSums`. */
const CELL_SUMS = ['xy', 'xx', 'xh', 'n', 'a2', 'ab', 'b2'] as const;

function shaped(): number[][][][] {
  return Array.from({ length: SIZES }, () =>
    Array.from({ length: 2 }, () => Array.from({ length: 2 }, () => new Array<number>(FREE).fill(0))),
  );
}

export function emptyFitSums(): FitSums {
  return {
    xy: shaped(),
    xx: shaped(),
    xh: shaped(),
    n: shaped(),
    hy: new Array<number>(SIZES).fill(0),
    hh: new Array<number>(SIZES).fill(0),
    a2: shaped(),
    ab: shaped(),
    b2: shaped(),
  };
}

function eachCell(visit: (size: number, thrown: number, last: number, f: number) => void): void {
  for (let size = 0; size < SIZES; size++)
    for (let thrown = 0; thrown < 2; thrown++)
      for (let last = 0; last < 2; last++) for (let f = 0; f < FREE; f++) visit(size, thrown, last, f);
}

/** Adds sums b into a. */
export function addFitSums(a: FitSums, b: FitSums): void {
  eachCell((s, t, l, f) => {
    for (const key of CELL_SUMS) a[key][s]![t]![l]![f]! += b[key][s]![t]![l]![f]!;
  });
  for (let s = 0; s < SIZES; s++) {
    a.hy[s]! += b.hy[s]!;
    a.hh[s]! += b.hh[s]!;
  }
}

/**
 * Counts a deal's games into the sums: every point of every seat that plays to win where the model has
 * its value (not 0 or 1: there the calibration is exact). A deal is one cluster.
 */
export function fitDeal(sums: FitSums, games: readonly MeasuredGame[]): void {
  const deal = emptyFitSums();
  for (const game of games) {
    const size = sizeOf(game.seats.length);
    for (const point of game.points) {
      game.seats.forEach((kind, i) => {
        const v = point.values[i]!;
        if (kind !== 'winner' || !(v > 0 && v < 1)) return;
        const seat = point.features[i]!;
        const [t, l, f] = [seat.thrown ? 1 : 0, seat.last ? 1 : 0, seat.free - 1];
        const q = point.raw[i]!;
        const x = v - q;
        const y = game.shares[i]! - q;
        const h = temperSlope(point.raw, i);
        deal.xy[size]![t]![l]![f]! += x * y;
        deal.xx[size]![t]![l]![f]! += x * x;
        deal.xh[size]![t]![l]![f]! += x * h;
        deal.n[size]![t]![l]![f]!++;
        deal.hy[size]! += h * y;
        deal.hh[size]! += h * h;
      });
    }
  }
  eachCell((s, t, l, f) => {
    const [a, b] = [deal.xy[s]![t]![l]![f]!, deal.xx[s]![t]![l]![f]!];
    for (const key of ['xy', 'xx', 'xh', 'n'] as const)
      sums[key][s]![t]![l]![f]! += deal[key][s]![t]![l]![f]!;
    sums.a2[s]![t]![l]![f]! += a * a;
    sums.ab[s]![t]![l]![f]! += a * b;
    sums.b2[s]![t]![l]![f]! += b * b;
  });
  for (let s = 0; s < SIZES; s++) {
    sums.hy[s]! += deal.hy[s]!;
    sums.hh[s]! += deal.hh[s]!;
  }
}

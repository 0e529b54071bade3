import { DICE_COUNT, safeText, type Dice } from './dice.js';
import { RuleError } from './errors.js';
import { drawThrowSeed, seedRng, randomSeed, type RngState } from './random.js';
import { ROWS, type RowId } from './rows.js';
import { assertRuleSet, playerTotal, rowsOf, type RuleSetId, type Scores } from './rules.js';
import { allowedRows } from './scoring.js';
import type { Action } from './actions.js';

/** Fewest and most players at one table. */
export const MIN_PLAYERS = 1;
export const MAX_PLAYERS = 6;
/** A name is 1 to 29 characters (code points, so an emoji counts once) once trimmed. */
export const MAX_NAME_LENGTH = 29;
/** Throws allowed in one turn. */
export const ROLLS_PER_TURN = 3;
/**
 * Holds and releases a player may make between two throws of a turn (three for each die): enough for
 * any change of mind, and what bounds a turn's log to 3 throws, 2 x 15 holds and a score (34 actions).
 */
export const MAX_HOLD_CHANGES = 15;
/** The most actions one turn can log: every throw, the most holds between them, and the score. */
export const MAX_TURN_ACTIONS = ROLLS_PER_TURN + (ROLLS_PER_TURN - 1) * MAX_HOLD_CHANGES + 1;
/**
 * Turns each player plays under the 13-row rule sets (`seed`, `classic`, `yahtzee`): one per row. A
 * rule set's own count is `turnsOf(rules)` (15 under `yatzy`).
 */
export const TURNS = ROWS.length;

/** What a game is started from. Replaying a game's log from its setup reproduces it exactly. */
export interface GameSetup {
  /** Names in turn order. */
  players: string[];
  /** Rule set; `seed` when left out (`null` is refused, not taken for the default). */
  rules?: RuleSetId;
  /** Seed of the game's generator, an integer 0..2^32-1; a random one when left out. */
  seed?: number;
}

/** One player's name and filled rows. */
export interface PlayerSheet {
  name: string;
  /** Only the filled rows, with their points. */
  scores: Scores;
  /**
   * The player forfeited (a `forfeit` action: online, their time for a turn ran out and the host chose
   * that): they play no more turns and cannot win; their sheet stays as it was. Absent otherwise.
   */
  out?: true;
  /**
   * Yahtzee bonuses earned (`yahtzee` only: each a further five of a kind scored while the Yahtzee row
   * holds 50, worth `YAHTZEE_BONUS_POINTS`). Absent while there are none.
   */
  yahtzeeBonuses?: number;
}

/**
 * The whole game as plain data: a JSON round trip gives an equal game. Never mutated: every action
 * returns a new game and leaves the old one as it was.
 */
export interface Game {
  rules: RuleSetId;
  /** The seed the game started from (uint32). */
  seed: number;
  players: PlayerSheet[];
  /** Index of the player to act. */
  current: number;
  /** 0-based round, 0..12 (0..14 under `yatzy`); stays at the last once the game is over. */
  turn: number;
  /** Throws used in this turn, 0..3. */
  rollsUsed: number;
  /** The five faces on the table (those of the last throw). */
  dice: number[];
  /** Which dice are held for the next throw. */
  held: boolean[];
  over: boolean;
  /** State of the seeded generator: draws for dice and physics throws come from here (`drawThrowSeed`). */
  rng: RngState;
  /** Every accepted action, in order. */
  log: Action[];
}

/** Dice shown before the first throw of a game. */
const START_DICE: Dice = [1, 2, 3, 4, 5];

/** Whether `name`, trimmed, is a player's name the engine takes: 1 to MAX_NAME_LENGTH characters. */
export function isPlayerName(name: string): boolean {
  // `length` counts UTF-16 units, which would make an emoji or another astral character count twice.
  const characters = [...name.trim()].length;
  return characters > 0 && characters <= MAX_NAME_LENGTH;
}

function checkName(name: unknown): string {
  if (typeof name !== 'string' || !isPlayerName(name)) {
    throw new RuleError('bad-name', `A player's name must be 1 to ${MAX_NAME_LENGTH} characters`);
  }
  return name.trim();
}

/** Largest seed: the generator's whole state is one uint32. */
const MAX_SEED = 2 ** 32 - 1;

/**
 * Refuses a seed that is not an integer 0..2^32-1. Wrapping one outside that range instead would
 * silently make two different seeds play the same game.
 */
export function checkSeed(seed: unknown): number {
  if (typeof seed !== 'number' || !Number.isInteger(seed) || seed < 0 || seed > MAX_SEED) {
    throw new RuleError('bad-seed', `A seed must be an integer from 0 to ${MAX_SEED}, got ${String(seed)}`);
  }
  // Turns -0 into 0, which JSON cannot tell apart; every other valid seed is returned as it is.
  return seed >>> 0;
}

/**
 * The `bad-state` refusal of what does not even have a game's shape (null, a number, an object without
 * its lists); else null. Whether the content is consistent is `restoreGame`'s question.
 */
export function gameRefusal(game: unknown): RuleError | null {
  const g = game as Partial<Game> | null;
  if (
    typeof g !== 'object' ||
    g === null ||
    !Array.isArray(g.players) ||
    !Array.isArray(g.dice) ||
    !Array.isArray(g.held) ||
    !Array.isArray(g.log) ||
    typeof g.over !== 'boolean' ||
    typeof g.rollsUsed !== 'number' ||
    typeof g.current !== 'number'
  ) {
    return new RuleError('bad-state', `Not a game: ${safeText(game)}`);
  }
  return null;
}

/**
 * Refuses what does not even have a game's shape, so that a caller's mistake is a RuleError rather than
 * a TypeError from deep inside (see `gameRefusal`).
 * @throws RuleError `bad-state`
 */
export function assertGame(game: unknown): asserts game is Game {
  const refused = gameRefusal(game);
  if (refused) throw refused;
}

/**
 * A new game with an empty sheet.
 * @throws RuleError `bad-player-count`, `bad-name`, `unknown-rules` or `bad-seed`
 */
export function newGame(setup: GameSetup): Game {
  const names = setup?.players;
  if (!Array.isArray(names) || names.length < MIN_PLAYERS || names.length > MAX_PLAYERS) {
    throw new RuleError('bad-player-count', `A game has ${MIN_PLAYERS} to ${MAX_PLAYERS} players`);
  }
  // Array.from visits a hole as undefined (refused as a name); `map` would skip it and keep the hole.
  const players = Array.from(names, (name) => ({ name: checkName(name), scores: {} }));
  // Only a missing value means the default: null is a mistake to report, not a choice to guess.
  const rules = setup.rules === undefined ? 'seed' : setup.rules;
  assertRuleSet(rules);
  const seed = checkSeed(setup.seed === undefined ? randomSeed() : setup.seed);
  return {
    rules,
    seed,
    players,
    current: 0,
    turn: 0,
    rollsUsed: 0,
    dice: [...START_DICE],
    held: Array<boolean>(DICE_COUNT).fill(false),
    over: false,
    rng: seedRng(seed),
    log: [],
  };
}

/** The setup a game started from, for replaying its log. */
export function setupOf(game: Game): Required<GameSetup> {
  assertGame(game);
  return { players: game.players.map((p) => p.name), rules: game.rules, seed: game.seed };
}

/**
 * The seed the next physics throw must use: the generator's next draw, which applying that throw's faces
 * consumes. How it and the engine's own throw share the game's generator: `drawThrowSeed` in random.ts.
 */
export function throwSeed(game: Game): number {
  assertGame(game);
  return drawThrowSeed(game.rng)[0];
}

/** Throws left in this turn. */
export function rollsLeft(game: Game): number {
  assertGame(game);
  return game.over ? 0 : ROLLS_PER_TURN - game.rollsUsed;
}

/** Whether the player to act may throw now (and not every die is held). */
export function canRoll(game: Game): boolean {
  return rollsLeft(game) > 0 && !game.held.every(Boolean);
}

/** Whether dice may be held or released now: between throws of a turn. */
export function canHold(game: Game): boolean {
  assertGame(game);
  return !game.over && game.rollsUsed > 0 && game.rollsUsed < ROLLS_PER_TURN;
}

/**
 * How many more holds and releases the player to act may make before their next throw (see
 * MAX_HOLD_CHANGES): each one since the turn's last throw is the last entries of the log.
 */
export function holdsLeft(game: Game): number {
  assertGame(game);
  let made = 0;
  while (made < game.log.length && game.log[game.log.length - 1 - made]!.type === 'hold') made++;
  return Math.max(0, MAX_HOLD_CHANGES - made);
}

/** Whether a row may be scored now. */
export function canScore(game: Game): boolean {
  assertGame(game);
  return !game.over && game.rollsUsed > 0;
}

/** The rows a player (the one to act unless given) has not filled yet, in sheet order. */
export function freeRows(game: Game, player?: number): RowId[] {
  assertGame(game);
  const scores = game.players[player ?? game.current]?.scores ?? {};
  return rowsOf(game.rules).filter((row) => !(row in scores));
}

/**
 * The free rows the player to act may score the dice on the table in now, in sheet order: every free
 * row, except that a Yahtzee joker is placed as RULES.md says (`allowedRows`). Empty when no row may
 * be scored now.
 */
export function scoringRows(game: Game): RowId[] {
  if (!canScore(game)) return [];
  return allowedRows(game.rules, game.players[game.current]!.scores, game.dice);
}

/** A sheet's total under a rule set: its rows and every bonus it has earned. */
export function sheetTotal(rules: RuleSetId, sheet: PlayerSheet): number {
  return playerTotal(rules, sheet.scores, sheet.yahtzeeBonuses ?? 0);
}

/** Each player's total, in player order (rows plus any bonus of the rule set). */
export function totals(game: Game): number[] {
  assertGame(game);
  return game.players.map((p) => sheetTotal(game.rules, p));
}

/**
 * Indices of the players with the highest total once the game is over (several on a draw), among those
 * still in it (one who forfeited cannot win); else empty.
 */
export function winners(game: Game): number[] {
  assertGame(game);
  if (!game.over) return [];
  const all = totals(game);
  const inGame = all.filter((_, i) => !game.players[i]!.out);
  if (inGame.length === 0) return [];
  const best = Math.max(...inGame);
  return all.flatMap((total, index) => (total === best && !game.players[index]!.out ? [index] : []));
}

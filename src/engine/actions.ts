import { assertDieIndex, diceRefusal, dieIndexRefusal, DICE_COUNT, type Dice } from './dice.js';
import { RuleError } from './errors.js';
import { drawFaces, drawThrowSeed } from './random.js';
import { isRowId, type RowId } from './rows.js';
import { hasRow, turnsOf } from './rules.js';
import { allowedRows, earnsYahtzeeBonus, sheetRowPoints } from './scoring.js';
import {
  assertGame,
  canHold,
  gameRefusal,
  newGame,
  MAX_HOLD_CHANGES,
  ROLLS_PER_TURN,
  freeRows,
  holdsLeft,
  type Game,
  type GameSetup,
} from './game.js';

/**
 * An action a player takes. `roll` without faces draws them from the game's generator; with faces
 * (all five, as the physics dice came to rest) it takes them and consumes one draw, the throw's seed.
 */
export type Action =
  | { type: 'roll'; faces?: number[] }
  | { type: 'hold'; index: number; held: boolean }
  | { type: 'score'; row: RowId }
  /** The player to act leaves the game for good (see PlayerSheet.out), at any point of their turn. */
  | { type: 'forfeit' };

/** An action's fields as read, once, from what a caller passed (which may be anything at all). */
type ReadAction =
  | { type: 'roll'; faces: unknown }
  | { type: 'hold'; index: unknown; held: unknown }
  | { type: 'score'; row: unknown }
  | { type: 'forfeit' }
  | { type: 'unknown'; kind: unknown };

function readAction(action: unknown): ReadAction {
  const kind = (action as { type?: unknown } | null)?.type;
  if (kind === 'roll') return { type: 'roll', faces: (action as { faces?: unknown }).faces };
  if (kind === 'hold') {
    const { index, held } = action as { index: unknown; held: unknown };
    return { type: 'hold', index, held };
  }
  if (kind === 'score') return { type: 'score', row: (action as { row: unknown }).row };
  if (kind === 'forfeit') return { type: 'forfeit' };
  return { type: 'unknown', kind };
}

function overRefusal(game: Game): RuleError | null {
  return game.over ? new RuleError('game-over', 'The game is over') : null;
}

function rollRefusal(game: Game, faces: unknown): RuleError | null {
  const over = overRefusal(game);
  if (over) return over;
  if (game.rollsUsed >= ROLLS_PER_TURN) {
    return new RuleError('no-rolls-left', `Only ${ROLLS_PER_TURN} throws a turn: score a row`);
  }
  if (game.held.every(Boolean)) return new RuleError('all-held', 'Every die is held: release one to throw');
  if (faces === undefined) return null;
  const badDice = diceRefusal(faces);
  if (badDice) return badDice;
  const thrown = faces as Dice;
  if (game.rollsUsed > 0 && thrown.some((face, i) => game.held[i] && face !== game.dice[i])) {
    return new RuleError('held-die-changed', 'A held die keeps its face');
  }
  return null;
}

function holdRefusal(game: Game, index: unknown, held: unknown, strict: boolean): RuleError | null {
  const refused = overRefusal(game) ?? dieIndexRefusal(index);
  if (refused) return refused;
  if (typeof held !== 'boolean') return new RuleError('bad-action', 'Hold needs held: true or false');
  if (game.rollsUsed === 0) return new RuleError('no-roll-yet', 'Throw before holding dice');
  if (!canHold(game)) return new RuleError('no-rolls-left', 'No throws left: score a row');
  if (!strict) return null;
  if (game.held[index as number] === held) {
    return new RuleError('no-change', `Die ${(index as number) + 1} is already ${held ? 'held' : 'free'}`);
  }
  if (holdsLeft(game) === 0) {
    return new RuleError(
      'too-many-holds',
      `At most ${MAX_HOLD_CHANGES} holds between throws: throw or score`,
    );
  }
  return null;
}

function scoreRefusal(game: Game, row: unknown): RuleError | null {
  const over = overRefusal(game);
  if (over) return over;
  if (!isRowId(row) || !hasRow(game.rules, row)) {
    return new RuleError(
      'unknown-row',
      `Unknown row ${JSON.stringify(row) ?? String(row)} under ${String(game.rules)}`,
    );
  }
  if (game.rollsUsed === 0) return new RuleError('no-roll-yet', 'Throw before scoring');
  if (!freeRows(game).includes(row)) return new RuleError('row-filled', `${row} is already filled`);
  const allowed = allowedRows(game.rules, game.players[game.current]!.scores, game.dice);
  if (!allowed.includes(row)) {
    return new RuleError('joker-row', `A joker goes in ${allowed.join(' or ')}, not ${row}`);
  }
  return null;
}

/**
 * The one place the rules say no: both `refusal` and `apply` ask it, in this order of checks. `strict`
 * (every new action) also refuses a hold that would change nothing or go past MAX_HOLD_CHANGES, so
 * that a game's log is bounded whatever a player sends; `replay` reads logs kept before those refusals
 * existed without them (such a hold changes no die, so the game it rebuilds is the same).
 */
function refusalOf(game: unknown, action: ReadAction, strict = true): RuleError | null {
  const notAGame = gameRefusal(game);
  if (notAGame) return notAGame;
  const g = game as Game;
  switch (action.type) {
    case 'roll':
      return rollRefusal(g, action.faces);
    case 'hold':
      return holdRefusal(g, action.index, action.held, strict);
    case 'score':
      return scoreRefusal(g, action.row);
    case 'forfeit':
      return overRefusal(g);
    case 'unknown':
      return new RuleError(
        'bad-action',
        `Unknown action ${JSON.stringify(action.kind) ?? String(action.kind)}`,
      );
  }
}

/**
 * A throw `rollRefusal` accepted: without faces the engine's own draw (`drawFaces`), with faces those of
 * a physics throw, which consumes the throw seed's draw (`drawThrowSeed`). See random.ts.
 */
function roll(game: Game, faces: Dice | undefined): Game {
  const [dice, rng] =
    faces === undefined
      ? drawFaces(game.rng, game.dice, game.held)
      : [[...faces], drawThrowSeed(game.rng)[1]];
  return { ...game, dice, rng, rollsUsed: game.rollsUsed + 1 };
}

/** A hold `holdRefusal` accepted. */
function hold(game: Game, index: number, held: boolean): Game {
  const next = [...game.held];
  next[index] = held;
  return { ...game, held: next };
}

/** A score `scoreRefusal` accepted: the row's points, and a Yahtzee bonus when it earns one. */
function score(game: Game, row: RowId): Game {
  const players = game.players.map((p, i) => {
    if (i !== game.current) return p;
    const scored = {
      ...p,
      scores: { ...p.scores, [row]: sheetRowPoints(game.rules, p.scores, row, game.dice) },
    };
    if (!earnsYahtzeeBonus(game.rules, p.scores, game.dice)) return scored;
    return { ...scored, yahtzeeBonuses: (p.yahtzeeBonuses ?? 0) + 1 };
  });
  return nextTurn(game, players);
}

/**
 * A forfeit: the player to act is out, and the turn passes. A game with one player left in it (of
 * several), or none, is over.
 */
function forfeit(game: Game): Game {
  const players = game.players.map((p, i) => (i === game.current ? { ...p, out: true as const } : p));
  const left = players.filter((p) => !p.out).length;
  const next = nextTurn(game, players);
  return left <= (players.length > 1 ? 1 : 0) ? { ...next, over: true } : next;
}

/**
 * The turn after the one of the player to act, with the sheets `players`: the next player still in the
 * game (round the table, a new round when it comes round); over after the last round.
 */
function nextTurn(game: Game, players: Game['players']): Game {
  const n = players.length;
  let current = game.current;
  let turn = game.turn;
  for (let k = 0; k < n; k++) {
    current = (current + 1) % n;
    if (current === 0) turn++;
    if (!players[current]!.out) break;
  }
  const turns = turnsOf(game.rules);
  const over = turn >= turns;
  return {
    ...game,
    players,
    current: over ? 0 : current,
    turn: over ? turns - 1 : turn,
    over,
    rollsUsed: 0,
    held: Array<boolean>(DICE_COUNT).fill(false),
  };
}

/**
 * Why `apply(game, action)` would refuse an action: the very RuleError it would throw (same code and
 * message), or null when it would accept it. Pure: it builds no next game and never changes the one
 * given. `{ type: 'roll' }` asks "may the player to act throw now?" (a physics throw is started only
 * when this is null); `{ type: 'roll', faces }` also checks the faces a throw came to rest with.
 * Rules and the order they are checked in live here only: `apply` throws what this returns.
 */
export function refusal(game: Game, action: Action): RuleError | null {
  return refusalOf(game, readAction(action));
}

/**
 * `refusal` as a kept log is read (`replay`, "Verify this game"): without the refusals of a hold that
 * changes nothing or goes past MAX_HOLD_CHANGES, which logs kept before them may hold.
 */
export function logRefusal(game: Game, action: Action): RuleError | null {
  return refusalOf(game, readAction(action), false);
}

/** `apply` as a kept log is read (see `logRefusal`). */
export function applyLogged(game: Game, action: Action): Game {
  return applyAction(game, action, false);
}

/**
 * The game after an action: a pure reducer. An illegal action throws a RuleError and the game passed
 * in is untouched (it is never mutated). Accepted actions are appended to the log. Ask `refusal` first
 * to learn whether (and why not) without a try/catch.
 * @throws RuleError `bad-state` when `game` is not a game; else the code of the rule the action breaks
 *   (exactly what `refusal(game, action)` returns)
 */
export function apply(game: Game, action: Action): Game {
  return applyAction(game, action, true);
}

/** `apply`, with the checks of a new action (`strict`) or those of a log being replayed. */
function applyAction(game: Game, action: Action, strict: boolean): Game {
  // Read once, so that the fields checked are the fields applied and logged.
  const act = readAction(action);
  const refused = refusalOf(game, act, strict);
  if (refused) throw refused;
  // Accepted: the log keeps a copy holding only the known fields, so it stays plain data.
  let next: Game;
  let entry: Action;
  switch (act.type) {
    case 'roll': {
      const faces = act.faces as Dice | undefined;
      next = roll(game, faces);
      entry = faces === undefined ? { type: 'roll' } : { type: 'roll', faces: [...faces] };
      break;
    }
    case 'hold': {
      const index = act.index as number;
      const held = act.held as boolean;
      next = hold(game, index, held);
      entry = { type: 'hold', index, held };
      break;
    }
    case 'score': {
      const row = act.row as RowId;
      next = score(game, row);
      entry = { type: 'score', row };
      break;
    }
    case 'forfeit':
      next = forfeit(game);
      entry = { type: 'forfeit' };
      break;
    case 'unknown':
      // Never reached: refusalOf refuses every action of an unknown type.
      throw new RuleError('bad-action', 'Unknown action');
  }
  return { ...next, log: [...game.log, entry] };
}

/** Holds a released die or releases a held one. */
export function toggleHold(game: Game, index: number): Game {
  assertGame(game);
  assertDieIndex(index);
  return apply(game, { type: 'hold', index, held: !game.held[index] });
}

/**
 * Rebuilds a game from its setup and log. A log may be one kept before a hold that changes nothing was
 * refused (see `refusalOf`): it is taken as it was kept, so every saved game still opens.
 * @throws RuleError from `newGame` or `apply`; `bad-action` when the log is not a list (a hole in it is
 *   an unknown action, never skipped as `reduce` would)
 */
export function replay(setup: GameSetup, log: readonly Action[]): Game {
  let game = newGame(setup);
  if (!Array.isArray(log)) throw new RuleError('bad-action', 'A log is a list of actions');
  for (let i = 0; i < log.length; i++) game = applyLogged(game, log[i]!);
  return game;
}

import { assertDice, assertDieIndex, DICE_COUNT } from './dice.js';
import { RuleError } from './errors.js';
import { nextFace, nextUint32 } from './random.js';
import { isRowId, type RowId } from './rows.js';
import { rowPoints } from './scoring.js';
import {
  assertGame,
  canHold,
  newGame,
  ROLLS_PER_TURN,
  TURNS,
  freeRows,
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
  | { type: 'score'; row: RowId };

function refuseIfOver(game: Game): void {
  if (game.over) throw new RuleError('game-over', 'The game is over');
}

function roll(game: Game, faces: unknown): Game {
  refuseIfOver(game);
  if (game.rollsUsed >= ROLLS_PER_TURN) {
    throw new RuleError('no-rolls-left', `Only ${ROLLS_PER_TURN} throws a turn: score a row`);
  }
  if (game.held.every(Boolean)) throw new RuleError('all-held', 'Every die is held: release one to throw');
  let dice: number[];
  let rng = game.rng;
  if (faces === undefined) {
    dice = [...game.dice];
    for (let i = 0; i < DICE_COUNT; i++) {
      if (game.held[i]) continue;
      [dice[i], rng] = nextFace(rng);
    }
  } else {
    assertDice(faces);
    if (game.rollsUsed > 0 && faces.some((face, i) => game.held[i] && face !== game.dice[i])) {
      throw new RuleError('held-die-changed', 'A held die keeps its face');
    }
    dice = [...faces];
    rng = nextUint32(rng)[1];
  }
  return { ...game, dice, rng, rollsUsed: game.rollsUsed + 1 };
}

function hold(game: Game, index: unknown, held: unknown): Game {
  refuseIfOver(game);
  assertDieIndex(index);
  if (typeof held !== 'boolean') throw new RuleError('bad-action', 'Hold needs held: true or false');
  if (game.rollsUsed === 0) throw new RuleError('no-roll-yet', 'Throw before holding dice');
  if (!canHold(game)) throw new RuleError('no-rolls-left', 'No throws left: score a row');
  const next = [...game.held];
  next[index] = held;
  return { ...game, held: next };
}

function score(game: Game, row: unknown): Game {
  refuseIfOver(game);
  if (!isRowId(row)) throw new RuleError('unknown-row', `Unknown row ${JSON.stringify(row) ?? String(row)}`);
  if (game.rollsUsed === 0) throw new RuleError('no-roll-yet', 'Throw before scoring');
  if (!freeRows(game).includes(row)) throw new RuleError('row-filled', `${row} is already filled`);
  const players = game.players.map((p, i) =>
    i === game.current ? { ...p, scores: { ...p.scores, [row]: rowPoints(row, game.dice) } } : p,
  );
  const lastSeat = game.current === game.players.length - 1;
  const turn = lastSeat ? game.turn + 1 : game.turn;
  const over = turn >= TURNS;
  return {
    ...game,
    players,
    current: lastSeat ? 0 : game.current + 1,
    turn: over ? TURNS - 1 : turn,
    over,
    rollsUsed: 0,
    held: Array<boolean>(DICE_COUNT).fill(false),
  };
}

/** A copy of an action holding only its known fields, so the log stays plain data. */
function cleanAction(action: Action): Action {
  switch (action.type) {
    case 'roll':
      return action.faces === undefined ? { type: 'roll' } : { type: 'roll', faces: [...action.faces] };
    case 'hold':
      return { type: 'hold', index: action.index, held: action.held };
    case 'score':
      return { type: 'score', row: action.row };
  }
}

/**
 * The game after an action: a pure reducer. An illegal action throws a RuleError and the game passed
 * in is untouched (it is never mutated). Accepted actions are appended to the log.
 * @throws RuleError `bad-state` when `game` is not a game; else the code of the rule the action breaks
 */
export function apply(game: Game, action: Action): Game {
  assertGame(game);
  const kind = (action as { type?: unknown } | null)?.type;
  let next: Game;
  if (kind === 'roll') next = roll(game, (action as { faces?: unknown }).faces);
  else if (kind === 'hold')
    next = hold(game, (action as { index: unknown }).index, (action as { held: unknown }).held);
  else if (kind === 'score') next = score(game, (action as { row: unknown }).row);
  else throw new RuleError('bad-action', `Unknown action ${JSON.stringify(kind) ?? String(kind)}`);
  return { ...next, log: [...game.log, cleanAction(action)] };
}

/** Holds a released die or releases a held one. */
export function toggleHold(game: Game, index: number): Game {
  assertGame(game);
  assertDieIndex(index);
  return apply(game, { type: 'hold', index, held: !game.held[index] });
}

/**
 * Rebuilds a game from its setup and log.
 * @throws RuleError from `newGame` or `apply`; `bad-action` when the log is not a list (a hole in it is
 *   an unknown action, never skipped as `reduce` would)
 */
export function replay(setup: GameSetup, log: readonly Action[]): Game {
  let game = newGame(setup);
  if (!Array.isArray(log)) throw new RuleError('bad-action', 'A log is a list of actions');
  for (let i = 0; i < log.length; i++) game = apply(game, log[i]!);
  return game;
}

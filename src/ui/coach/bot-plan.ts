import { apply, DICE_COUNT, type Action, type Game } from '../../engine/index.js';
import type { Bot } from '../../engine/bots/index.js';
import type { DicePokerState } from '../state-snapshot.js';

/** One planned action and the game it is taken from. */
export interface PlannedStep {
  /** The game as it must stand when the action is taken (the action is legal there). */
  before: Game;
  action: Action;
}

/**
 * A game for a bot from the element's public snapshot: the fields a bot reads. The generator state is
 * not public, so `rng` is a counter the caller changes per decision (the bots only use it to tell two
 * decisions apart); the log is empty, as no bot reads it.
 */
export function gameFromState(state: DicePokerState, decision: number): Game {
  return {
    rules: state.rules,
    seed: 0,
    players: state.players.map((p) => ({ name: p.name, scores: { ...p.scores } })),
    current: state.current,
    turn: state.turn,
    rollsUsed: state.rollsUsed,
    dice: [...state.dice],
    held: [...state.held],
    over: state.over,
    rng: decision >>> 0,
    log: [],
  };
}

/**
 * Asks a bot for its next decision and spells it out as actions: each die held or released, then the
 * throw or the row. Every action is applied to a local copy by the engine first, so a plan never holds
 * an illegal move (the engine would throw its RuleError here, before anything reaches the element).
 */
export function planDecision(bot: Bot, game: Game): PlannedStep[] {
  const steps: PlannedStep[] = [];
  let local = game;
  // A decision is at most one hold change per die and then the throw or the row.
  for (let i = 0; i <= DICE_COUNT; i++) {
    const action = bot.next(local);
    steps.push({ before: local, action });
    if (action.type !== 'hold') {
      apply(local, action); // a throw without faces draws them locally: only its legality matters
      return steps;
    }
    local = apply(local, action);
  }
  throw new Error(`Bot ${bot.id} changed more than ${DICE_COUNT} holds in one decision`);
}

/** What must match for a planned step to still be right: seat, round, throws, dice and holds. */
export function sameSpot(
  state: Pick<DicePokerState, 'current' | 'turn' | 'rollsUsed' | 'dice' | 'held' | 'over'>,
  game: Game,
): boolean {
  return (
    !state.over &&
    state.current === game.current &&
    state.turn === game.turn &&
    state.rollsUsed === game.rollsUsed &&
    state.dice.length === game.dice.length &&
    state.dice.every((face, i) => face === game.dice[i]) &&
    state.held.every((held, i) => held === game.held[i])
  );
}

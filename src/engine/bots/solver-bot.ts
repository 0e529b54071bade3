import type { Game } from '../game.js';
import type { RuleSetId } from '../rules.js';
import { bestAction, positionOf, type StateValues } from '../solver/index.js';
import { lastPlan, stepTowards, type Bot, type BotId } from './bot.js';

/**
 * A bot that plays the solver's best move against a table of state values: with the optimal table it
 * maximises the expected final score; with the myopic one, the expected points of the current turn.
 * @param tableFor the table for a game's rule set (asked on every move; it should be cached)
 */
export function solverBot(id: BotId, tableFor: (rules: RuleSetId) => StateValues): Bot {
  const remember = lastPlan();
  return {
    id,
    next(game: Game) {
      return stepTowards(game, () =>
        remember(game, 0, () => {
          const best = bestAction(tableFor(game.rules), positionOf(game));
          return best.type === 'score' ? { type: 'score', row: best.row } : { type: 'hold', held: best.held };
        }),
      );
    },
  };
}

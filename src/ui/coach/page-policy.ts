import { stepTowards, type Bot, type BotId, type TurnPlan } from '../../engine/bots/bot.js';
import { createEasyBot } from '../../engine/bots/easy.js';
import { createGoodBot } from '../../engine/bots/good.js';
import { createOptimalBot } from '../../engine/bots/optimal.js';
import type { StateValues } from '../../engine/solver/index.js';
import { winModelCovers } from '../../engine/solver/win-rules.js';
import type { Game, RuleSetId } from '../../engine/index.js';
import type { ComputerPolicy } from '../../table/index.js';
import type { SolverClient } from './SolverClient.js';

/**
 * The bot that plays a seat in the page: never `winner` itself (its moves come from the win worker),
 * so the page's coach chunk takes none of the win model (the engine's `createBot` would bring it).
 */
function pageBot(play: Exclude<BotId, 'winner'>, seed: number, table: StateValues | undefined): Bot {
  switch (play) {
    case 'optimal':
      return createOptimalBot(table);
    case 'good':
      return createGoodBot();
    case 'easy':
      return createEasyBot(seed);
  }
}

/**
 * What the computers do in the page: the engine's bots, the optimal player's table and the winner's
 * moves from the coach's workers (SolverClient), so that the page never stalls on a solve. The winner
 * plays to win once its model is built (it is started as soon as a winner sits down); until then, and
 * where its model has no move, it plays for points as `optimal` does.
 */
export function pagePolicy(solver: SolverClient): ComputerPolicy {
  const bots = new Map<string, Promise<Bot>>();
  /** The winner's plan for the decision under way (its holds are taken one by one), by decision. */
  let plan: { decision: string; move: Promise<TurnPlan | null> } | null = null;

  const botFor = (kind: BotId, seat: number, game: Game): Promise<Bot> => {
    // `winner` follows the worker's moves (see `next`); where it has none it plays as `optimal`.
    const play = kind === 'winner' ? 'optimal' : kind;
    const key = `${seat}:${play}:${game.rules}:${game.seed}`;
    let bot = bots.get(key);
    if (!bot) {
      const table = play === 'optimal' ? solver.table(game.rules) : Promise.resolve(undefined);
      bot = table.then((solved) => pageBot(play, game.seed + seat, solved));
      bots.set(key, bot);
    }
    return bot;
  };

  const winMove = (game: Game): Promise<TurnPlan | null> => {
    const decision = `${game.seed}:${game.turn}:${game.current}:${game.rollsUsed}:${game.dice.join('')}`;
    if (plan?.decision !== decision) {
      // Under a rule set the win model does not cover (winModelCovers), the winner plays as optimal.
      const move =
        winModelCovers(game.rules) && solver.winReady(game.rules)
          ? solver.winPlan(game).catch(() => null)
          : Promise.resolve(null);
      plan = { decision, move };
    }
    return plan.move;
  };

  return {
    async next(kind, seat, game) {
      if (kind === 'winner' && game.rollsUsed > 0) {
        const move = await winMove(game);
        if (move) return stepTowards(game, () => move);
      }
      return (await botFor(kind, seat, game)).next(game);
    },
    prepare(kinds: readonly BotId[], rules: RuleSetId) {
      if (kinds.includes('winner') && winModelCovers(rules)) solver.winReady(rules);
      if (kinds.some((kind) => kind === 'optimal' || kind === 'winner'))
        void solver.table(rules).catch(() => {});
    },
  };
}

import type { Game } from '../game.js';
import {
  bestAction,
  bestWinAction,
  getTable,
  getWinModel,
  positionOf,
  winModelCovers,
  winTargetsFileOf,
  type TargetTables,
  type WinModel,
} from '../solver/index.js';
import { lastPlan, stepTowards, type Bot, type TurnPlan } from './bot.js';

/**
 * The bot that plays to win: every hold and row maximises its chance to finish ahead of every opponent
 * (ties half), judged from all the sheets and totals of the game, not its own expected score
 * (`bestWinAction`). Where the chance to win no longer depends on the move (a game already won or
 * lost) it plays exactly as `optimal`.
 *
 * It needs the target tables of the player that plays to win: pass those of the asset
 * (`decodeTargetTables` of win-targets.bin) or solved elsewhere for full strength. Without them it plays
 * as `optimal` until its sheet has `LATE_FREE_ROWS` free rows, then solves the tables it needs from
 * there (a fraction of a second) and plays to win. A whole model made elsewhere (`createWinModel`, e.g.
 * in a worker) may be given instead; it is used for games of its rule set. Target tables given are of
 * one sheet of rows (`winTargetsFileOf`: the 13 rows', or `yatzy`'s): under a rule set of the other it
 * does without them. Under a rule set the win model does not cover (`winModelCovers`) it plays as
 * `optimal`.
 */
export function createWinnerBot(targets?: TargetTables | WinModel): Bot {
  const remember = lastPlan();
  return {
    id: 'winner',
    next(game: Game) {
      return stepTowards(game, () => remember(game, 0, () => plan(game, targets)));
    },
  };
}

/** Whether target tables are of the rows a rule set plays with (their sets of rows). */
function fitsRules(targets: TargetTables, rules: Game['rules']): boolean {
  return targets.lo.length === winTargetsFileOf(rules).sheet.allFilled + 1;
}

function plan(game: Game, given: TargetTables | WinModel | undefined): TurnPlan {
  if (!winModelCovers(game.rules)) {
    // No win model for this rule set: play as `optimal`.
    const best = bestAction(getTable(game.rules), positionOf(game));
    return best.type === 'score' ? { type: 'score', row: best.row } : { type: 'hold', held: best.held };
  }
  const targets = given && 'values' in given ? given : (given?.targets ?? undefined);
  const model =
    given && 'distributions' in given && given.rules === game.rules
      ? given
      : getWinModel(game.rules, targets && fitsRules(targets, game.rules) ? targets : undefined);
  const best = bestWinAction(game, model) ?? bestAction(model.table, positionOf(game));
  return best.type === 'score' ? { type: 'score', row: best.row } : { type: 'hold', held: best.held };
}

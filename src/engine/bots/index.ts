/**
 * Computer players for Täringupokker: `winner` (plays for the chance to win), `optimal` (the solver's
 * best move for the expected score), `good` (best for this turn alone) and `easy` (a beginner). Each
 * answers a game with its next legal action.
 */
import type { StateValues, TargetTables, WinModel } from '../solver/index.js';
import type { AnyBotId, Bot } from './bot.js';
import { createEasyBot } from './easy.js';
import { createGoodBot } from './good.js';
import { createOptimalBot } from './optimal.js';
import { createWinnerBot } from './winner.js';

export {
  ALL_BOT_IDS,
  BOT_IDS,
  isAnyBotId,
  isBotId,
  stepTowards,
  type AnyBotId,
  type Bot,
  type BotId,
  type TurnPlan,
} from './bot.js';
export { createOptimalBot } from './optimal.js';
export { createWinnerBot } from './winner.js';
export { createGoodBot } from './good.js';
export { createEasyBot, easyPlan, greedyRow } from './easy.js';
export { playGame } from './play.js';

/** Options for `createBot`. */
export interface BotOptions {
  /** Seed of the bot's own generator (`easy` only); 1 by default. */
  seed?: number;
  /** A solved table for `optimal`, to skip solving it on first use. */
  table?: StateValues;
  /**
   * The target tables for `winner` (`decodeTargetTables` of the shipped asset, or solved): without
   * them it plays to win only late in a game (see `createWinnerBot`).
   */
  winTargets?: TargetTables;
  /** A whole model for `winner` (`createWinModel`), made elsewhere; used for games of its rule set. */
  winModel?: WinModel;
}

/** A bot by name. */
export function createBot(id: AnyBotId, options: BotOptions = {}): Bot {
  switch (id) {
    case 'winner':
      return createWinnerBot(options.winModel ?? options.winTargets);
    case 'optimal':
      return createOptimalBot(options.table);
    case 'good':
      return createGoodBot();
    case 'easy':
      return createEasyBot(options.seed);
  }
}

/**
 * Computer players for Täringupokker: `optimal` (the solver's best move), `good` (best for this turn
 * alone) and `easy` (a beginner). Each answers a game with its next legal action.
 */
import type { StateValues } from '../solver/index.js';
import type { Bot, BotId } from './bot.js';
import { createEasyBot } from './easy.js';
import { createGoodBot } from './good.js';
import { createOptimalBot } from './optimal.js';

export { BOT_IDS, isBotId, stepTowards, type Bot, type BotId, type TurnPlan } from './bot.js';
export { createOptimalBot } from './optimal.js';
export { createGoodBot } from './good.js';
export { createEasyBot, easyPlan, greedyRow } from './easy.js';
export { playGame } from './play.js';

/** Options for `createBot`. */
export interface BotOptions {
  /** Seed of the bot's own generator (`easy` only); 1 by default. */
  seed?: number;
  /** A solved table for `optimal`, to skip solving it on first use. */
  table?: StateValues;
}

/** A bot by name. */
export function createBot(id: BotId, options: BotOptions = {}): Bot {
  switch (id) {
    case 'optimal':
      return createOptimalBot(options.table);
    case 'good':
      return createGoodBot();
    case 'easy':
      return createEasyBot(options.seed);
  }
}

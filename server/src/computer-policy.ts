/**
 * What the computers at a server's tables do: the engine's bots (createBot), one per seat, kind and rule
 * set, the optimal player's table solved once per process in a worker (solver-tables.ts).
 */
import { createBot, type Bot, type BotId } from '../../src/engine/bots/index.js';
import type { RuleSetId } from '../../src/engine/index.js';
import type { ComputerPolicy } from '../../src/table/index.js';
import { solvedTable } from './solver-tables.js';

/** The policy of one room's computers; `seed` seeds the `easy` bots' own choices (seat i: seed + i). */
export function serverPolicy(seed: number): ComputerPolicy {
  const bots = new Map<string, Promise<Bot>>();
  const botFor = (seat: number, kind: BotId, rules: RuleSetId): Promise<Bot> => {
    const key = `${seat}:${kind}:${rules}`;
    let bot = bots.get(key);
    if (!bot) {
      // `winner` under `seed` builds its model here once per process (about 0.5 s) and then solves late
      // tables (a few ms a decision); under `classic` that model takes tens of seconds, which would stall
      // every room, so there it plays as `optimal`.
      const play = kind === 'winner' && rules !== 'seed' ? 'optimal' : kind;
      bot = (play === 'optimal' ? solvedTable(rules) : Promise.resolve(undefined)).then(
        (table) => createBot(play, { seed: (seed + seat) >>> 0, table }),
        (error: unknown) => {
          console.warn('A computer player could not be made:', error);
          return createBot('good');
        },
      );
      bots.set(key, bot);
    }
    return bot;
  };
  return {
    next: async (kind, seat, game) => (await botFor(seat, kind, game.rules)).next(game),
    prepare(kinds, rules) {
      if (kinds.some((kind) => kind === 'optimal' || kind === 'winner')) void solvedTable(rules);
    },
  };
}

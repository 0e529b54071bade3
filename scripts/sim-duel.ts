/**
 * Duels for `npm run sim -- --duel A,B[,C..F]`: bots at one table, each deal played once per rotation of
 * the seats, every rotation on the same dice. The dice are not the game's own draws (which follow the
 * order of play, so a swap of seats would hand each draw to someone else): each seat has its own stream,
 * a pure function of (seed, deal, seat, turn, throw), and a throw gives the dice released, in die order,
 * the first faces of that stream. So the bot in seat 0 of one rotation sees exactly the first throws
 * the bot in seat 0 saw in the other, and the same faces whenever it throws as many dice.
 */
import { apply } from '../src/engine/actions.js';
import { createBot, isAnyBotId, type AnyBotId, type Bot } from '../src/engine/bots/index.js';
import { DICE_COUNT } from '../src/engine/dice.js';
import { MAX_PLAYERS, newGame, totals, winners, type Game } from '../src/engine/game.js';
import { nextFace } from '../src/engine/random.js';
import type { RuleSetId } from '../src/engine/rules.js';
import type { TargetTables } from '../src/engine/solver/index.js';

/** The ids a duel takes (`winner` too). */
export type DuelBotId = AnyBotId;

/** The bots of a `--duel` list: 2 to 6 known ids, comma-separated. */
export function parseDuelList(text: string): DuelBotId[] {
  const ids = text.split(',');
  for (const id of ids) {
    if (!isAnyBotId(id)) {
      throw new Error(`--duel takes bot names (winner, optimal, good, easy), got ${JSON.stringify(id)}`);
    }
  }
  if (ids.length < 2 || ids.length > MAX_PLAYERS) {
    throw new Error(`--duel takes 2 to ${MAX_PLAYERS} bots, got ${ids.length}`);
  }
  return ids as DuelBotId[];
}

/** A 32-bit mix of a number (murmur3's finaliser). */
function mix(value: number): number {
  let h = value >>> 0;
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  h ^= h >>> 16;
  return h >>> 0;
}

/** The five faces of a seat's stream for one throw of one turn of a deal. */
export function streamFaces(
  seed: number,
  deal: number,
  seat: number,
  turn: number,
  throwIndex: number,
): number[] {
  let state = mix(mix(mix(seed ^ 0x5bd1e995) ^ deal) ^ ((seat << 8) | (turn << 2) | throwIndex));
  const faces: number[] = [];
  for (let i = 0; i < DICE_COUNT; i++) {
    let face: number;
    [face, state] = nextFace(state);
    faces.push(face);
  }
  return faces;
}

/**
 * Plays one game to its end with one bot per seat, every throw's faces from the seats' streams: the dice
 * released get, in die order, the first faces of the stream of (seat, turn, throw).
 */
export function playDuelGame(rules: RuleSetId, seed: number, deal: number, bots: readonly Bot[]): Game {
  let game = newGame({ players: bots.map((_, i) => `seat ${i + 1}`), rules, seed: mix(seed ^ deal) });
  for (let step = 0; !game.over; step++) {
    if (step > 200 * bots.length) throw new Error('A bot took too many actions');
    const action = bots[game.current]!.next(game);
    if (action.type === 'roll' && action.faces === undefined) {
      const stream = streamFaces(seed, deal, game.current, game.turn, game.rollsUsed);
      let next = 0;
      const faces = game.dice.map((face, i) => (game.rollsUsed > 0 && game.held[i] ? face : stream[next++]!));
      game = apply(game, { type: 'roll', faces });
    } else {
      game = apply(game, action);
    }
  }
  return game;
}

/** What a range of deals gave. */
export interface DealsResult {
  /** For each deal, the first bot's mean share of the win over the rotations (1 a win, 1/k a k-way draw). */
  firstShares: number[];
  /** Each bot's summed score over every game it played. */
  scoreSums: number[];
  /** Each bot's summed share of the win. */
  winSums: number[];
  games: number;
}

/** What a worker is asked to play. */
export interface DealsJob {
  rules: RuleSetId;
  bots: DuelBotId[];
  seed: number;
  /** Deals from..to-1. */
  from: number;
  to: number;
}

/**
 * Plays the deals from..to-1: in each, one game per rotation of the seats (rotation r puts bot
 * (seat + r) mod n in each seat), all on the deal's dice.
 */
export function playDeals(job: DealsJob, winTargets?: TargetTables): DealsResult {
  const n = job.bots.length;
  const bots = job.bots.map((id, i) => createBot(id, { seed: job.seed + i, winTargets }));
  const result: DealsResult = {
    firstShares: [],
    scoreSums: new Array<number>(n).fill(0),
    winSums: new Array<number>(n).fill(0),
    games: 0,
  };
  for (let deal = job.from; deal < job.to; deal++) {
    let first = 0;
    for (let rotation = 0; rotation < n; rotation++) {
      const seated = Array.from({ length: n }, (_, seat) => (seat + rotation) % n);
      const game = playDuelGame(
        job.rules,
        job.seed,
        deal,
        seated.map((b) => bots[b]!),
      );
      const scores = totals(game);
      const won = winners(game);
      seated.forEach((b, seat) => {
        result.scoreSums[b]! += scores[seat]!;
        const share = won.includes(seat) ? 1 / won.length : 0;
        result.winSums[b]! += share;
        if (b === 0) first += share;
      });
      result.games++;
    }
    result.firstShares.push(first / n);
  }
  return result;
}

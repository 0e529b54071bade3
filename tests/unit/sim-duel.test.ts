import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { apply } from '../../src/engine/actions.js';
import { createBot } from '../../src/engine/bots/index.js';
import { newGame, type Game } from '../../src/engine/game.js';
import { parse, summarizeDuel } from '../../scripts/sim.js';
import { playDeals, playDuelGame, streamFaces } from '../../scripts/sim-duel.js';
import { loadWinTargets } from '../../scripts/win-asset-node.js';

/** Every throw of a game: the seat, turn and throw it was, the dice held and the faces after it. */
function throwsOf(
  game: Game,
): { seat: number; turn: number; throwIndex: number; held: boolean[]; faces: number[] }[] {
  let replayed = newGame({ players: game.players.map((p) => p.name), rules: game.rules, seed: game.seed });
  const seen = [];
  for (const action of game.log) {
    const before = replayed;
    replayed = apply(replayed, action);
    if (action.type === 'roll') {
      seen.push({
        seat: before.current,
        turn: before.turn,
        throwIndex: before.rollsUsed,
        held: before.rollsUsed === 0 ? [false, false, false, false, false] : before.held,
        faces: replayed.dice,
      });
    }
  }
  return seen;
}

describe('npm run sim -- --duel: the same dice with the seats swapped', () => {
  it('draws each seat its own stream, a pure function of (seed, deal, seat, turn, throw)', () => {
    const faces = streamFaces(1, 2, 0, 3, 1);
    expect(faces).toHaveLength(5);
    expect(faces.every((f) => Number.isInteger(f) && f >= 1 && f <= 6)).toBe(true);
    expect(streamFaces(1, 2, 0, 3, 1)).toEqual(faces);
    const others = [
      streamFaces(2, 2, 0, 3, 1),
      streamFaces(1, 3, 0, 3, 1),
      streamFaces(1, 2, 1, 3, 1),
      streamFaces(1, 2, 0, 4, 1),
      streamFaces(1, 2, 0, 3, 2),
    ];
    expect(others.filter((o) => o.join() === faces.join()).length).toBeLessThanOrEqual(1);
  });

  it('replays the same dice per seat when the bots swap seats', () => {
    const targets = loadWinTargets();
    for (const deal of [0, 1, 2]) {
      const winner = createBot('winner', { winTargets: targets });
      const optimal = createBot('optimal');
      const first = playDuelGame('seed', 9, deal, [winner, optimal]);
      const swapped = playDuelGame('seed', 9, deal, [optimal, winner]);
      for (const game of [first, swapped]) {
        for (const t of throwsOf(game)) {
          const stream = streamFaces(9, deal, t.seat, t.turn, t.throwIndex);
          // The dice released get the stream's first faces in die order; held dice keep theirs.
          const released = t.faces.filter((_, i) => !t.held[i]);
          expect(released).toEqual(stream.slice(0, released.length));
        }
      }
      // Every turn's first throw is the same five faces for a seat in both games.
      const opening = (game: Game): string[] =>
        throwsOf(game)
          .filter((t) => t.throwIndex === 0)
          .map((t) => `${t.seat}/${t.turn}: ${t.faces.join('')}`);
      expect(opening(swapped)).toEqual(opening(first));
    }
  });

  it('gives the same bot in both seats the very same games, so each wins half of every deal', () => {
    const a = playDuelGame('seed', 4, 0, [createBot('optimal'), createBot('optimal')]);
    const b = playDuelGame('seed', 4, 0, [createBot('optimal'), createBot('optimal')]);
    expect(b.log).toEqual(a.log);
    const result = playDeals({ rules: 'seed', bots: ['optimal', 'optimal'], seed: 4, from: 0, to: 3 });
    expect(result.firstShares).toEqual([0.5, 0.5, 0.5]);
    expect(result.games).toBe(6);
    expect(result.scoreSums[0]).toBe(result.scoreSums[1]);
  });

  it('sums up the first bot share of the wins, its standard error over deals, and the mean scores', () => {
    const summary = summarizeDuel(
      { duel: ['winner', 'optimal'], rules: 'seed', seed: 1 },
      [
        { firstShares: [1, 0.5], scoreSums: [900, 800], winSums: [3, 1], games: 4 },
        { firstShares: [0.5, 0], scoreSums: [700, 800], winSums: [1, 3], games: 4 },
      ],
      2,
    );
    expect(summary).toMatchObject({
      games: 8,
      winRate: 0.5,
      shares: [0.5, 0.5],
      mean: [200, 200],
      seconds: 2,
    });
    // Deal shares 1, 0.5, 0.5, 0: sd sqrt(1/6), over sqrt(4).
    expect(summary.winRateSE).toBeCloseTo(Math.sqrt(1 / 6) / 2, 4);
  });
});

describe('npm run sim -- --duel: the flags', () => {
  it('reads a duel', () => {
    expect(parse(['--duel', 'winner,optimal,good', '--games', '10', '--seed', '3', '--json'])).toEqual({
      duel: ['winner', 'optimal', 'good'],
      games: 10,
      rules: 'seed',
      seed: 3,
      workers: 2,
      json: true,
    });
  });

  it.each([
    [
      ['--duel', 'winner,hard', '--games', '2'],
      '--duel takes bot names (winner, optimal, good, easy), got "hard"',
    ],
    [['--duel', 'winner', '--games', '2'], '--duel takes 2 to 6 bots, got 1'],
    [['--duel', 'easy,easy,easy,easy,easy,easy,easy', '--games', '2'], '--duel takes 2 to 6 bots, got 7'],
    [['--duel', 'winner,optimal', '--bot', 'good', '--games', '2'], '--duel names its bots: leave out --bot'],
    [['--duel', 'winner,optimal'], '--games is required'],
    [['--duel', 'winner,optimal', '--games', '0'], '--games must be a whole number of at least 1'],
    [
      ['--duel', 'winner,optimal', '--games', '2', '--workers', '0'],
      '--workers must be a whole number of at least 1, got "0"',
    ],
    [
      ['--duel', 'winner,optimal', '--games', '2', '--rules', 'maxiyatzy'],
      '--rules must be one of seed, classic, yahtzee, yatzy, got "maxiyatzy"',
    ],
    [['--bot', 'optimal', '--games', '2', '--rules', 'seed', '--workers', '2'], '--workers goes with --duel'],
  ])('refuses %j: %s', (argv, message) => {
    expect(() => parse(argv)).toThrow(new Error(message));
  });

  it(
    'exits 2 with one line on a bad flag, and plays a small duel on two workers',
    { timeout: 60_000 },
    () => {
      const run = (args: string[]) =>
        spawnSync(process.execPath, ['--import', 'tsx', 'scripts/sim.ts', ...args], { encoding: 'utf8' });
      const bad = run(['--duel', 'winner', '--games', '2']);
      expect(bad.status).toBe(2);
      expect(bad.stderr.split('\n')[0]).toBe('sim: --duel takes 2 to 6 bots, got 1');
      const good = run(['--duel', 'optimal,good', '--games', '4', '--json']);
      expect(good.status).toBe(0);
      const lines = good.stdout.trim().split('\n');
      expect(lines).toHaveLength(1);
      const summary = JSON.parse(lines[0]!) as Record<string, unknown>;
      expect(summary).toMatchObject({ games: 4, bots: ['optimal', 'good'], workers: 2 });
      for (const key of ['winRate', 'winRateSE', 'mean', 'seconds']) expect(summary).toHaveProperty(key);
    },
  );
});

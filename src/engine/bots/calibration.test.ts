import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { createWinModel, decodeTargetTables, getTable } from '../solver/index.js';
import { RULE_SETS, turnsOf } from '../rules.js';
import { fitOf, FREE, MAX_GAIN, SIZES, temperedRules } from '../solver/win-calibration.js';
import { WIN_CALIBRATION_SUMS, WIN_CALIBRATION_TABLE } from '../solver/win-calibration-table.js';
import {
  CALIBRATION_SEEDS,
  emptyTallies,
  playMeasured,
  summarise,
  tallyDeal,
  type MeasuredGame,
  type MeasuredKind,
} from './calibration.js';

// The shipped target tables, so that `winner` plays to win from the first turn.
const targets = decodeTargetTables(
  new Uint8Array(readFileSync(new URL('../solver/win-targets.bin', import.meta.url))),
);
const model = createWinModel('seed', { targets, table: getTable('seed') });

/** Deals of winner against optimal on the tests' own dice. */
function play(deals: number, calibrated: boolean): MeasuredGame[] {
  const games: MeasuredGame[] = [];
  const job = { rules: 'seed' as const, seats: ['winner', 'optimal'] as const, seed: CALIBRATION_SEEDS.test };
  playMeasured({ ...job, from: 0, to: deals, calibrated }, model, (game) => games.push(game));
  return games;
}

/**
 * For each kind, the steps from the chance shown beside a choice to the seat's chance at the next point
 * the coach shows (after its next throw, or at the next turn's start): their mean, and its standard error
 * over the games. Chances that say what happens move by nothing on average (what is expected then is
 * what is expected now), and these steps are a small part of a game's luck, so a few dozen games see a
 * bias of a point.
 */
function stepsAfterChoices(
  games: readonly MeasuredGame[],
): Record<MeasuredKind, { mean: number; se: number }> {
  const perGame: Record<MeasuredKind, number[][]> = { winner: [], optimal: [] };
  for (const game of games) {
    const steps: Record<MeasuredKind, number[]> = { winner: [], optimal: [] };
    game.points.forEach((point, k) => {
      if (point.choice === null) return;
      const next = game.points[k + 1];
      const after = next ? next.chances[point.current]! : game.shares[point.current]!;
      steps[game.seats[point.current]!].push(after - point.choice);
    });
    perGame.winner.push(steps.winner);
    perGame.optimal.push(steps.optimal);
  }
  const of = (lists: number[][]): { mean: number; se: number } => {
    const all = lists.flat();
    const mean = all.reduce((a, b) => a + b, 0) / all.length;
    const spread = lists.reduce((sum, list) => sum + list.reduce((s, d) => s + d - mean, 0) ** 2, 0);
    return { mean, se: Math.sqrt(spread) / all.length };
  };
  return { winner: of(perGame.winner), optimal: of(perGame.optimal) };
}

describe('the chance to win says what happens', { timeout: 60_000 }, () => {
  const calibrated = play(24, true);
  const before = play(24, false);

  it('shows beside the choice a computer makes its own chance in the line (it did not: the upper bound)', () => {
    let choices = 0;
    for (const game of calibrated) {
      for (const point of game.points) {
        if (point.choice === null) continue;
        expect(point.choice).toBeCloseTo(point.chances[point.current]!, 9);
        choices++;
      }
    }
    expect(choices).toBeGreaterThan(24 * 2 * 13);
    // Before, the winner's choice read several points above its line.
    const gaps = before.flatMap((game) =>
      game.points.flatMap((p) =>
        p.choice !== null && game.seats[p.current] === 'winner' ? [p.choice - p.chances[p.current]!] : [],
      ),
    );
    expect(gaps.reduce((a, b) => a + b, 0) / gaps.length).toBeGreaterThan(0.02);
  });

  it('does not promise beside a choice more than follows it, for either computer', () => {
    const steps = stepsAfterChoices(calibrated);
    for (const kind of ['winner', 'optimal'] as const) {
      expect(Math.abs(steps[kind].mean)).toBeLessThan(0.005 + 2 * steps[kind].se);
      expect(steps[kind].se).toBeLessThan(0.004);
    }
    // Before, the winner's choice promised some 3 points the next moment did not keep.
    expect(stepsAfterChoices(before).winner.mean).toBeLessThan(-0.02);
  });

  it('tallies the chances stated beside what happened, with standard errors over the deals', () => {
    const tallies = emptyTallies();
    for (let d = 0; d < calibrated.length; d += 2) tallyDeal(tallies, calibrated.slice(d, d + 2));
    const line = summarise(tallies.winner.line.all);
    const optimal = summarise(tallies.optimal.line.all);
    // Two players: their chances sum to 1, and so do their shares.
    expect(line.n).toBe(optimal.n);
    expect(line.stated + optimal.stated).toBeCloseTo(1, 9);
    expect(line.won + optimal.won).toBeCloseTo(1, 9);
    expect(line.bias).toBeCloseTo(-optimal.bias, 9);
    expect(tallies.winner.line.all.clusters).toBe(24);
    expect(line.se).toBeGreaterThan(0);
    expect(tallies.winner.line.buckets.reduce((n, t) => n + t.n, 0)).toBe(line.n);
    expect(tallies.winner.choice.rounds.reduce((n, t) => n + t.n, 0)).toBe(tallies.winner.choice.all.n);
  });
});

describe('the shipped calibration table', () => {
  it('is a fit of the fitting seed, each number what its sums give', () => {
    expect(WIN_CALIBRATION_TABLE.made.seed).toBe(CALIBRATION_SEEDS.fit);
    expect(new Set(Object.values(CALIBRATION_SEEDS)).size).toBe(3);
    expect(WIN_CALIBRATION_TABLE.made.deals.every((deals) => deals >= 1000)).toBe(true);
    const fitted = RULE_SETS.filter((rules) => WIN_CALIBRATION_TABLE.rules[rules]);
    expect(RULE_SETS.filter((rules) => WIN_CALIBRATION_SUMS[rules])).toEqual(fitted);
    expect(fitted).toEqual(expect.arrayContaining(['seed', 'classic']));
    for (const rules of fitted) {
      const { gain, temper, made } = WIN_CALIBRATION_TABLE.rules[rules]!;
      const sums = WIN_CALIBRATION_SUMS[rules]!;
      // A rule set fitted on its own (`yahtzee`, `yatzy`: slower games, fewer deals) says so.
      if (made) {
        expect(made.seed).toBe(CALIBRATION_SEEDS.fit);
        expect(made.deals.every((deals) => deals >= 100)).toBe(true);
      }
      expect(fitOf(sums, temperedRules(rules))).toEqual({ gain, temper });
      if (!temperedRules(rules)) expect(temper).toEqual([1, 1]);
      expect(temper).toHaveLength(SIZES);
      for (const power of temper) expect(power > 0.8 && power < 1.2).toBe(true);
      expect(gain).toHaveLength(SIZES);
      for (const bySize of gain) {
        for (const byThrown of bySize) {
          for (const lambdas of byThrown) {
            expect(lambdas).toHaveLength(turnsOf(rules));
            expect(lambdas.length).toBeLessThanOrEqual(FREE);
            for (const lambda of lambdas) expect(lambda >= 0 && lambda <= MAX_GAIN).toBe(true);
          }
        }
      }
    }
  });
});

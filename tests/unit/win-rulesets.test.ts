import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { apply } from '../../src/engine/actions.js';
import { createOptimalBot } from '../../src/engine/bots/optimal.js';
import { createWinnerBot } from '../../src/engine/bots/winner.js';
import { newGame, type Game } from '../../src/engine/game.js';
import type { RowId } from '../../src/engine/rows.js';
import { rowsOf, type RuleSetId, type Scores } from '../../src/engine/rules.js';
import { rowPoints } from '../../src/engine/scoring.js';
import {
  createWinModel,
  decodeTargetTables,
  fnv1a,
  maxRemaining,
  rankRowsByWin,
  reachChance,
  rowsSheetOf,
  solveTable,
  solveTargetTables,
  winChances,
  WIN_TARGETS_YATZY_CHECKSUM,
  type WinModel,
} from '../../src/engine/solver/index.js';
import { maskOf, sheetModel } from '../../src/engine/solver/sheet-model.js';
import { solveRowsTable } from '../../src/engine/solver/win-tables.js';
import { loadWinTargets } from '../../scripts/win-asset-node.js';

const YATZY_FILE = fileURLToPath(new URL('../../src/engine/solver/win-targets-yatzy.bin', import.meta.url));
const YATZY = rowsSheetOf('yatzy');

describe("yatzy's target tables (src/engine/solver/win-targets-yatzy.bin)", () => {
  it('carry the pinned checksum; a damaged copy, or the tables of the 13 rows, are refused', () => {
    const bytes = readFileSync(YATZY_FILE);
    expect(fnv1a(bytes, 16)).toBe(WIN_TARGETS_YATZY_CHECKSUM);
    const damaged = Uint8Array.from(bytes);
    damaged[100_000]! ^= 2;
    expect(() => decodeTargetTables(damaged, WIN_TARGETS_YATZY_CHECKSUM, YATZY)).toThrow(/checksum/);
    // The 13 rows' asset is not yatzy's: another number of sets of rows.
    expect(() => decodeTargetTables(bytes)).toThrow(/Not a target-tables asset/);
  });

  it('agree with the tables solved again on late sheets, and fall as the target rises', () => {
    const shipped = loadWinTargets('yatzy');
    const all = YATZY.allFilled;
    let worst = 0;
    for (const free of [0b100000000000111, 0b011010001000100, 0b000001110110000]) {
      const from = all & ~free;
      const solved = solveTargetTables({ from, sheet: YATZY });
      for (let mask = from; mask < all; mask = (mask + 1) | from) {
        let previous = 1;
        for (let t = -2; t <= maxRemaining(mask, YATZY) + 2; t++) {
          const chance = reachChance(shipped, mask, t);
          worst = Math.max(worst, Math.abs(chance - reachChance(solved, mask, t)));
          expect(chance).toBeLessThanOrEqual(previous);
          previous = chance;
        }
        expect(reachChance(shipped, mask, 0)).toBe(1);
        expect(reachChance(shipped, mask, maxRemaining(mask, YATZY) + 1)).toBe(0);
      }
    }
    expect(worst).toBeLessThanOrEqual(1 / 131_070 + 1e-12);
  });
});

/** A sheet with these rows filled with points real dice score there under a rule set. */
function filled(rules: RuleSetId, rows: readonly RowId[], dice: readonly number[][]): Scores {
  return Object.fromEntries(rows.map((row, i) => [row, rowPoints(rules, row, dice[i % dice.length]!)]));
}

const DICE = [
  [3, 3, 3, 4, 4],
  [1, 2, 3, 4, 5],
  [6, 6, 6, 6, 2],
  [2, 2, 5, 5, 5],
];

/** A late game: every sheet has all but the rows `free` filled, the first `lead` points ahead (in Chance). */
function lateGame(rules: RuleSetId, players: number, free: readonly RowId[], lead: number): Game {
  const rows = rowsOf(rules).filter((row) => !free.includes(row));
  const game = newGame({ players: Array.from({ length: players }, (_, i) => `p${i}`), rules, seed: 5 });
  return {
    ...game,
    players: game.players.map((player, i) => {
      const scores = filled(rules, rows, DICE);
      // The lead is in the chance row: any points from 5 to 30 are a chance.
      if (i === 0) scores.chance = 20 + lead;
      else scores.chance = 20;
      return { ...player, scores };
    }),
    turn: rows.length,
  };
}

/** A model of the sheets that have `free` rows free and more filled: quick, as a late game needs. */
function lateModel(rules: RuleSetId, free: readonly RowId[]): WinModel {
  const from = maskOf(
    Object.fromEntries(
      rowsOf(rules)
        .filter((row) => !free.includes(row))
        .map((row) => [row, 0]),
    ),
    sheetModel(rules),
  );
  const table = solveTable(rules, { from });
  const rowsTable = rules === 'yatzy' ? solveRowsTable(rules, from) : solveTable('seed', { from });
  return createWinModel(rules, { table, seedTable: rowsTable, rowsTable, from });
}

describe.each(['yahtzee', 'yatzy'] as const)('the chance to win under %s', (rules) => {
  const free: RowId[] = ['sixes', 'fourOfAKind', 'fullHouse', 'fiveOfAKind'];
  const model = lateModel(rules, free);

  it('sums to 1 across the players, and rises with the lead', () => {
    let previous = 0;
    for (const lead of [-10, -3, 0, 3, 10]) {
      for (const players of [2, 3]) {
        const chances = winChances(lateGame(rules, players, free, lead), model);
        expect(chances.reduce((a, b) => a + b, 0)).toBeCloseTo(1, 9);
        if (players === 3) expect(chances[1]).toBeCloseTo(chances[2]!, 9);
      }
      const mine = winChances(lateGame(rules, 2, free, lead), model)[0]!;
      expect(mine).toBeGreaterThan(previous);
      previous = mine;
    }
    const even = winChances(lateGame(rules, 2, free, 0), model);
    expect(even[0]).toBeCloseTo(0.5, 9);
  });

  it('lets `winner` play a late game to its end within the rules', () => {
    const bots = [createWinnerBot(model), createOptimalBot(model.table)];
    let game = lateGame(rules, 2, free, -2);
    while (!game.over) game = apply(game, bots[game.current]!.next(game));
    expect(game.players.every((p) => Object.keys(p.scores).length === rowsOf(rules).length)).toBe(true);
  });

  it('ranks every free row the rules allow, each with a chance between 0 and 1', () => {
    const game = { ...lateGame(rules, 2, free, 0), dice: [6, 6, 6, 4, 4], rollsUsed: 3 };
    const rows = rankRowsByWin(game, model)!;
    expect(rows.map((r) => r.row).sort()).toEqual([...free].sort());
    for (const row of rows) {
      expect(row.win).toBeGreaterThanOrEqual(0);
      expect(row.win).toBeLessThanOrEqual(1);
      expect(row.points).toBe(rowPoints(rules, row.row, game.dice));
    }
  });
});

describe('the chance to win under yahtzee, with a joker', () => {
  const free: RowId[] = ['sixes', 'fullHouse', 'largeStraight', 'threeOfAKind'];
  const model = lateModel('yahtzee', free);

  it('counts the Yahtzee bonus a joker earns now, and places it as the rules force', () => {
    const base = lateGame('yahtzee', 2, free, 0);
    const players = base.players.map((p) => ({ ...p, scores: { ...p.scores, fiveOfAKind: 50 } }));
    const game = { ...base, players, dice: [6, 6, 6, 6, 6], rollsUsed: 3 };
    const rows = rankRowsByWin(game, model)!;
    // Sixes is free: the joker must go there (30), with its Yahtzee bonus of 100.
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ row: 'sixes', points: 30, bonus: 100 });
    expect(rows[0]!.win).toBeGreaterThan(0.9);
    // With sixes filled the joker takes a free lower row at full value.
    const lower = {
      ...game,
      players: game.players.map((p) => ({ ...p, scores: { ...p.scores, sixes: 18 } })),
    };
    const placed = rankRowsByWin(
      lower,
      lateModel('yahtzee', ['fullHouse', 'largeStraight', 'threeOfAKind']),
    )!;
    expect(placed.map((r) => [r.row, r.points, r.bonus]).sort()).toEqual([
      ['fullHouse', 25, 100],
      ['largeStraight', 40, 100],
      ['threeOfAKind', 30, 100],
    ]);
  });
});

import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { apply } from '../actions.js';
import { createBot, playGame } from '../bots/index.js';
import { newGame, totals, type Game } from '../game.js';
import { ROWS, type RowId } from '../rows.js';
import { playerTotal, type Scores } from '../rules.js';
import { rowPoints } from '../scoring.js';
import { bestAction, positionOf } from './decisions.js';
import { maskOf } from './sheet-model.js';
import { solveTable } from './table.js';
import {
  bestWinAction,
  createWinModel,
  rankHoldsByWin,
  rankRowsByWin,
  reviewByWin,
  winChances,
  type WinModel,
} from './win.js';

// Without the shipped target tables: decisions from sheets with at most LATE_FREE_ROWS free rows solve
// theirs on the spot, which is all these tests need.
const model = createWinModel('seed');

const diceArb = fc.array(fc.integer({ min: 1, max: 6 }), { minLength: 5, maxLength: 5 });

/** A sheet with the given rows filled with points real dice score there (from `dice`, one per row). */
function sheet(rows: readonly RowId[], dice: readonly number[][]): Scores {
  return Object.fromEntries(rows.map((row, i) => [row, rowPoints('seed', row, dice[i % dice.length]!)]));
}

/** A game of two at a decision of player 0: the sheets given, the dice on the table after some throws. */
function position(mine: Scores, theirs: Scores, dice: number[], rollsUsed: number): Game {
  const game = newGame({ players: ['me', 'them'], seed: 1 });
  return {
    ...game,
    players: [
      { name: 'me', scores: mine },
      { name: 'them', scores: theirs },
    ],
    turn: Object.keys(mine).length,
    dice,
    rollsUsed,
  };
}

const ALL_BUT = (free: readonly RowId[]): RowId[] => ROWS.filter((row) => !free.includes(row));

describe('winChances', () => {
  it('gives equal players equal chances and always sums to 1', () => {
    const two = winChances(newGame({ players: ['a', 'b'], seed: 3 }), model);
    expect(two[0]).toBeCloseTo(0.5, 12);
    expect(two[1]).toBeCloseTo(0.5, 12);
    const three = winChances(newGame({ players: ['a', 'b', 'c'], seed: 3 }), model);
    for (const chance of three) expect(chance).toBeCloseTo(1 / 3, 12);
  });

  it('gives one who forfeited no chance, and the others the chances of the table they are left', () => {
    let three = newGame({ players: ['a', 'b', 'c'], seed: 3 });
    three = apply(three, { type: 'forfeit' });
    const chances = winChances(three, model);
    expect(chances[0]).toBe(0);
    expect(chances[1]).toBeCloseTo(0.5, 12);
    expect(chances[2]).toBeCloseTo(0.5, 12);
    // With dice on the table too.
    three = apply(three, { type: 'roll' });
    const thrown = winChances(three, model);
    expect(thrown[0]).toBe(0);
    expect(thrown[1]! + thrown[2]!).toBeCloseTo(1, 12);
  });

  it('sums to 1 all through a game, and names the winner once it is over', () => {
    let game = newGame({ players: ['a', 'b', 'c'], seed: 21 });
    const bots = [createBot('optimal'), createBot('good'), createBot('easy')];
    for (let step = 0; !game.over; step++) {
      if (step % 7 === 0) {
        const chances = winChances(game, model);
        expect(chances.reduce((a, b) => a + b, 0)).toBeCloseTo(1, 9);
        for (const chance of chances) expect(chance).toBeGreaterThanOrEqual(-1e-12);
      }
      game = apply(game, bots[game.current]!.next(game));
    }
    const scores = totals(game);
    const best = Math.max(...scores);
    const won = scores.flatMap((score, i) => (score === best ? [i] : []));
    expect(winChances(game, model)).toEqual(scores.map((_, i) => (won.includes(i) ? 1 / won.length : 0)));
  });

  it('is 1 for a lead no one can catch, and follows the dice on the table', () => {
    const rolls = [[6, 6, 6, 6, 6]];
    const mine = sheet(ALL_BUT(['chance']), rolls);
    const theirs = sheet(ALL_BUT(['chance']), [[1, 1, 1, 2, 2]]);
    const [lead, behind] = winChances(position(mine, theirs, [6, 6, 6, 6, 6], 0), model);
    expect(lead).toBeCloseTo(1, 12);
    expect(behind).toBeCloseTo(0, 12);
    // Equal sheets, one row left each; the player to act has thrown five sixes (30, the most) already.
    const even = position(theirs, theirs, [6, 6, 6, 6, 6], 1);
    const [a, b] = winChances(even, model);
    expect(a).toBeGreaterThan(0.9);
    expect(a! + b!).toBeCloseTo(1, 12);
  });
});

describe('playing to win', () => {
  it('plays exactly as the expected-score solver once the game is decided either way', () => {
    fc.assert(
      fc.property(
        diceArb,
        fc.integer({ min: 1, max: 3 }),
        fc.array(diceArb, { minLength: 13, maxLength: 13 }),
        fc.boolean(),
        (dice, rollsUsed, rolls, ahead) => {
          const free: RowId[] = ['threes', 'fullHouse', 'fiveOfAKind', 'chance', 'largeStraight'];
          const mine = { ...sheet(ALL_BUT(free), rolls), sixes: 30 };
          // The other player is out of reach (all but ones filled, with 0 or 200 points).
          const theirs: Scores = Object.fromEntries(ALL_BUT(['ones']).map((row) => [row, 0]));
          if (!ahead) theirs.chance = 400;
          const game = position(mine, theirs, dice, rollsUsed);
          const win = bestWinAction(game, model)!;
          const best = bestAction(model.table, positionOf(game));
          expect(win.type).toBe(best.type);
          if (win.type === 'hold' && best.type === 'hold') expect(win.held).toEqual(best.held);
          if (win.type === 'score' && best.type === 'score') expect(win.row).toBe(best.row);
          expect(win.expected).toBeCloseTo(best.expected, 9);
          expect(win.win).toBeCloseTo(ahead ? 1 : 0, 12);
          // The bots agree too.
          expect(createBot('winner').next(game)).toEqual(createBot('optimal').next(game));
        },
      ),
      { numRuns: 60 },
    );
  });

  it('values the last rows by the exact chance to beat a finished opponent, ties half', () => {
    const theirs: Scores = Object.fromEntries(ROWS.map((row) => [row, 0]));
    theirs.chance = 20;
    const mine: Scores = Object.fromEntries(ALL_BUT(['chance']).map((row) => [row, 0]));
    for (const [dice, win] of [
      [[1, 2, 3, 4, 6], 0],
      [[1, 2, 3, 4, 5], 0],
      [[2, 2, 4, 6, 6], 0.5],
      [[3, 2, 4, 6, 6], 1],
    ] as const) {
      const rows = rankRowsByWin(position(mine, theirs, [...dice], 3), model)!;
      expect(rows).toHaveLength(1);
      expect(rows[0]).toMatchObject({ row: 'chance', win });
    }
    // With one throw left and 1-1-6-6-6 (20) on the table: keep the sixes and throw two dice. Beating 20
    // then needs the two to show more than 2 (a tie at exactly 2): count the 36 outcomes.
    const game = position(mine, theirs, [1, 6, 1, 6, 6], 2);
    const holds = rankHoldsByWin(game, model)!;
    const sixes = holds.find((h) => h.kept.join() === '6,6,6')!;
    let win = 0;
    for (let a = 1; a <= 6; a++) for (let b = 1; b <= 6; b++) win += a + b > 2 ? 1 : a + b === 2 ? 0.5 : 0;
    expect(sixes.win).toBeCloseTo(win / 36, 12);
    expect(holds[0]!.win).toBeGreaterThanOrEqual(sixes.win);
    const best = bestWinAction(game, model)!;
    expect(best.win).toBeCloseTo(holds[0]!.win, 12);
  });

  it('puts the heads of rankHoldsByWin and rankRowsByWin as bestWinAction does, against a close opponent', () => {
    fc.assert(
      fc.property(
        diceArb,
        fc.integer({ min: 1, max: 3 }),
        fc.array(diceArb, { minLength: 13, maxLength: 13 }),
        (dice, rollsUsed, rolls) => {
          const free: RowId[] = ['sixes', 'smallStraight', 'fiveOfAKind', 'chance'];
          const mine = sheet(ALL_BUT(free), rolls);
          const theirs = sheet(ALL_BUT(['fours', 'fourOfAKind', 'chance']), rolls.slice(1));
          const game = position(mine, theirs, dice, rollsUsed);
          const best = bestWinAction(game, model)!;
          const rows = rankRowsByWin(game, model)!;
          const holds = rankHoldsByWin(game, model)!;
          expect(rows.map((r) => r.row).sort()).toEqual([...free].sort());
          for (let i = 1; i < rows.length; i++)
            expect(rows[i - 1]!.win).toBeGreaterThanOrEqual(rows[i]!.win - 1e-9);
          for (let i = 1; i < holds.length; i++)
            expect(holds[i - 1]!.win).toBeGreaterThanOrEqual(holds[i]!.win - 1e-9);
          for (const choice of [...rows, ...holds]) {
            expect(choice.win).toBeGreaterThanOrEqual(0);
            expect(choice.win).toBeLessThanOrEqual(1 + 1e-12);
          }
          const hold = holds.find((h) => h.rerolls);
          if (best.type === 'hold') {
            expect(best.win).toBeCloseTo(hold!.win, 12);
            expect(best.win).toBeGreaterThan(rows[0]!.win - 1e-9);
          } else {
            expect(best).toMatchObject({ row: rows[0]!.row });
            if (hold) expect(hold.win).toBeLessThanOrEqual(rows[0]!.win + 1e-9);
          }
          expect(playerTotal('seed', mine)).toBeLessThan(rows[0]!.expected);
        },
      ),
      { numRuns: 40 },
    );
  });

  it('answers null early in a game without the whole tables, and refuses what is not a decision', () => {
    const game = position({}, {}, [1, 2, 3, 4, 5], 1);
    expect(bestWinAction(game, model)).toBeNull();
    expect(rankHoldsByWin(game, model)).toBeNull();
    expect(() => bestWinAction({ ...game, rollsUsed: 0 }, model)).toThrow(/Throw before/);
    const classic = { ...game, rules: 'classic' as const };
    expect(() => winChances(classic, model)).toThrow(RangeError);
  });

  it('reviews a game by the chance to win: the player that plays to win gives up none', () => {
    const setup = { players: ['w', 'o'], seed: 5 };
    const game = playGame(setup, [createBot('winner'), createBot('optimal')]);
    const decisions = reviewByWin(setup, game.log, model);
    const own = decisions.filter((d) => d.player === 0);
    expect(own.length).toBeGreaterThan(5);
    for (const decision of own) expect(decision.loss).toBeLessThan(1e-9);
    for (const decision of decisions) expect(decision.loss).toBeGreaterThanOrEqual(0);
  });
});

describe('playing to win under classic (the bonus approximated)', { timeout: 60_000 }, () => {
  it('plays a late game legally and keeps chances that sum to 1', () => {
    // Only the sheets above ones..fives filled are solved: seconds, not a minute.
    const from = maskOf({ ones: 0, twos: 0, threes: 0, fours: 0, fives: 0, fullHouse: 0 });
    const table = solveTable('classic', { from });
    const seedTable = solveTable('seed', { from });
    const classic: WinModel = createWinModel('classic', { table, seedTable });
    const mine: Scores = { ones: 3, twos: 6, threes: 9, fours: 12, fives: 15, fullHouse: 25 };
    const theirs: Scores = { ones: 4, twos: 8, threes: 12, fours: 16, fives: 20, fullHouse: 0 };
    const game = { ...position(mine, theirs, [6, 6, 6, 1, 2], 3), rules: 'classic' as const };
    const chances = winChances(game, classic);
    expect(chances[0]! + chances[1]!).toBeCloseTo(1, 9);
    const rows = rankRowsByWin(game, classic)!;
    // Sixes with 18 completes the bonus (45 + 18 = 63).
    expect(rows.find((r) => r.row === 'sixes')).toMatchObject({ points: 18, bonus: 35 });
    expect(rows[0]!.row).toBe('sixes');
  });
});

describe('each seat judged as it plays', () => {
  const points = ['points', 'points'] as const;
  const raw = { seats: points, calibrated: false } as const;
  /** A late position of two: player 0 to act with 4 free rows, the other with 5. */
  function late(dice: number[], rollsUsed: number): Game {
    const rolls = [
      [6, 6, 6, 2, 1],
      [5, 5, 3, 3, 3],
      [1, 2, 3, 4, 6],
      [4, 4, 4, 4, 2],
    ];
    const mine = sheet(ALL_BUT(['sixes', 'fullHouse', 'smallStraight', 'chance']), rolls);
    const theirs = sheet(
      ALL_BUT(['twos', 'fours', 'threeOfAKind', 'largeStraight', 'chance']),
      rolls.slice(1),
    );
    return position(mine, theirs, dice, rollsUsed);
  }

  it('values the rows of a seat that plays for points exactly: the line after scoring each', () => {
    fc.assert(
      fc.property(diceArb, (dice) => {
        const game = late(dice, 3);
        const rows = rankRowsByWin(game, model, raw)!;
        expect(rows).toHaveLength(4);
        for (const choice of rows) {
          const after = apply(game, { type: 'score', row: choice.row });
          expect(choice.win).toBeCloseTo(winChances(after, model, raw)[0]!, 12);
        }
        // The row it scores shows its chance in the line.
        const best = bestAction(model.table, positionOf(game));
        expect(best.type).toBe('score');
        const taken = rows.find((r) => best.type === 'score' && r.row === best.row)!;
        expect(taken.win).toBeCloseTo(winChances(game, model, raw)[0]!, 12);
      }),
      { numRuns: 25 },
    );
  });

  it('values the holds of a seat that plays for points as the average of the throws they lead to', () => {
    fc.assert(
      fc.property(diceArb, fc.nat(), (dice, pick) => {
        const game = late(dice, 2);
        const holds = rankHoldsByWin(game, model, raw)!.filter((h) => h.rerolls);
        const hold = holds[pick % holds.length]!;
        const free = hold.held.flatMap((held, i) => (held ? [] : [i]));
        let sum = 0;
        let count = 0;
        const walk = (faces: number[]): void => {
          if (faces.length === free.length) {
            const next = [...game.dice];
            free.forEach((i, j) => (next[i] = faces[j]!));
            const after = { ...game, dice: next, rollsUsed: 3 };
            // Played on for points: the row the optimal bot scores, valued by the chance to win.
            const best = bestAction(model.table, positionOf(after));
            const row = rankRowsByWin(after, model, raw)!.find(
              (r) => best.type === 'score' && r.row === best.row,
            )!;
            sum += row.win;
            count++;
            return;
          }
          for (let f = 1; f <= 6; f++) walk([...faces, f]);
        };
        walk([]);
        expect(hold.win).toBeCloseTo(sum / count, 12);
      }),
      { numRuns: 8 },
    );
  });

  it('shows beside the choice a seat makes its chance in the line, for either play', () => {
    fc.assert(
      fc.property(diceArb, fc.integer({ min: 1, max: 3 }), fc.boolean(), (dice, rollsUsed, toWin) => {
        const game = late(dice, rollsUsed);
        const seats = [toWin ? 'win' : 'points', 'win'] as const;
        const line = winChances(game, model, { seats });
        expect(line[0]! + line[1]!).toBeCloseTo(1, 12);
        let shown: number;
        if (toWin) {
          shown = bestWinAction(game, model, { seats })!.win;
        } else {
          const best = bestAction(model.table, positionOf(game));
          const rows = rankRowsByWin(game, model, { seats })!;
          const holds = rankHoldsByWin(game, model, { seats })!;
          const kept = (held: boolean[]): string =>
            game.dice
              .filter((_, i) => held[i])
              .sort((a, b) => a - b)
              .join();
          shown =
            best.type === 'score'
              ? rows.find((r) => r.row === best.row)!.win
              : holds.find((h) => h.kept.join() === kept(best.held))!.win;
        }
        expect(shown).toBeCloseTo(line[0]!, 12);
      }),
      { numRuns: 30 },
    );
  });

  it('keeps the order of the choices and a sure win or loss when it calibrates them', () => {
    fc.assert(
      fc.property(diceArb, fc.integer({ min: 1, max: 2 }), (dice, rollsUsed) => {
        const game = late(dice, rollsUsed);
        const seats = ['win', 'points'] as const;
        const shown = rankHoldsByWin(game, model, { seats })!;
        const own = rankHoldsByWin(game, model, { seats, calibrated: false })!;
        expect(shown.map((h) => h.kept.join())).toEqual(own.map((h) => h.kept.join()));
        for (let i = 0; i < shown.length; i++) {
          if (own[i]!.win === 0 || own[i]!.win === 1) expect(shown[i]!.win).toBe(own[i]!.win);
          if (i > 0) expect(shown[i - 1]!.win).toBeGreaterThanOrEqual(shown[i]!.win - 1e-12);
        }
      }),
      { numRuns: 30 },
    );
  });

  it('leaves the line as it was when every seat plays for points, and refuses a bad list of seats', () => {
    const game = late([6, 6, 1, 2, 3], 1);
    expect(winChances(game, model, { seats: points })).toEqual(winChances(game, model, raw));
    expect(winChances(game, model)).toEqual(winChances(game, model, raw));
    expect(() => winChances(game, model, { seats: ['win'] })).toThrow(RangeError);
    expect(() => winChances(game, model, { seats: ['win', 'best' as 'win'] })).toThrow(RangeError);
    expect(() => rankRowsByWin(game, model, { seats: ['points', 'points', 'points'] })).toThrow(RangeError);
  });
});

import { describe, expect, it } from 'vitest';
import { newGame, type Game } from '../../engine/index.js';
import { ROWS, type RowId } from '../../engine/rows.js';
import type { Scores } from '../../engine/rules.js';
import type { SolverResponse, WinAdvice } from './protocol.js';
import { WinService } from './win-service.js';

/** A late game of two (few rows free, so that no target tables are needed): player 0 has thrown. */
function late(): Game {
  const filled = (free: RowId[]): Scores =>
    Object.fromEntries(ROWS.filter((row) => !free.includes(row)).map((row) => [row, 10]));
  const game = newGame({ players: ['a', 'b'], seed: 4 });
  return {
    ...game,
    players: [
      { name: 'a', scores: filled(['sixes', 'chance', 'fullHouse']) },
      { name: 'b', scores: filled(['fives', 'chance']) },
    ],
    turn: 10,
    dice: [6, 6, 6, 3, 1],
    rollsUsed: 1,
  };
}

function advice(response: SolverResponse): WinAdvice {
  if (!response.ok || response.kind !== 'win-advice') throw new Error(JSON.stringify(response));
  return response.advice;
}

describe('WinService', { timeout: 30_000 }, () => {
  const service = new WinService(async () => null);

  it("judges each seat as the request says, the choice a seat's play makes showing its line", async () => {
    const game = late();
    const asWinner = advice(
      await service.answer({ id: 1, kind: 'win-advice', game, seats: ['win', 'points'] }),
    );
    expect(asWinner.chances[0]! + asWinner.chances[1]!).toBeCloseTo(1, 12);
    const best = [...asWinner.holds!.filter((h) => h.rerolls), ...asWinner.rows!].sort(
      (a, b) => b.win - a.win,
    )[0]!;
    expect(best.win).toBeCloseTo(asWinner.chances[0]!, 12);
    // Without seats: as before, everyone for points in the line.
    const plain = advice(await service.answer({ id: 2, kind: 'win-advice', game }));
    const points = advice(
      await service.answer({ id: 3, kind: 'win-advice', game, seats: ['points', 'points'] }),
    );
    expect(plain.chances).toEqual(points.chances);
  });

  it('refuses a list of seats that does not fit the game, and goes on', async () => {
    const refused = await service.answer({ id: 4, kind: 'win-advice', game: late(), seats: ['win'] });
    expect(refused).toMatchObject({ id: 4, ok: false });
    const plan = await service.answer({ id: 5, kind: 'win-plan', game: late(), seats: ['win', 'win'] });
    expect(plan).toMatchObject({ id: 5, ok: true, kind: 'win-plan' });
  });
});

import { describe, expect, it } from 'vitest';
import { apply, newGame, ROWS, type Game } from '../../engine/index.js';
import { highScoresOf } from './high-scores.js';
import { MemoryStorage } from './MemoryStorage.js';
import { ScoreHistory } from './ScoreHistory.js';

const DAY_1 = new Date('2025-03-01T12:00:00.000Z');
const DAY_2 = new Date('2025-03-02T12:00:00.000Z');

function historyAt(date: Date, storage = new MemoryStorage(), storageKey?: string): ScoreHistory {
  return new ScoreHistory({ storage, storageKey, now: () => date });
}

/** A whole game of two players, every turn one throw, rows in sheet order. */
function finishedGame(): Game {
  let game = newGame({ players: ['Mari', 'Jüri'], seed: 7, rules: 'classic' });
  for (let i = 0; i < ROWS.length * 2; i++) {
    game = apply(game, { type: 'roll' });
    game = apply(game, { type: 'score', row: ROWS[Math.floor(i / 2)]! });
  }
  return game;
}

describe('ScoreHistory', () => {
  it('lists best first, ties older first, and says where the new entries placed', () => {
    const storage = new MemoryStorage();
    historyAt(DAY_1, storage).add([
      { name: 'Mari', score: 180, rules: 'seed' },
      { name: 'Jüri', score: 200, rules: 'seed' },
    ]);
    const result = historyAt(DAY_2, storage).add([
      { name: 'Kati', score: 200, rules: 'classic' },
      { name: 'Olev', score: 90, rules: 'seed' },
    ]);
    expect(result.saved).toEqual({ ok: true });
    expect(result.places).toEqual([1, 3]);
    expect(historyAt(DAY_2, storage).list()).toEqual([
      { name: 'Jüri', score: 200, rules: 'seed', date: DAY_1.toISOString() },
      { name: 'Kati', score: 200, rules: 'classic', date: DAY_2.toISOString() },
      { name: 'Mari', score: 180, rules: 'seed', date: DAY_1.toISOString() },
      { name: 'Olev', score: 90, rules: 'seed', date: DAY_2.toISOString() },
    ]);
  });

  it('keeps only the best 10', () => {
    const history = historyAt(DAY_1);
    history.add(
      Array.from({ length: 12 }, (_, i) => ({ name: `P${i}`, score: 100 + i, rules: 'seed' as const })),
    );
    const list = history.list();
    expect(list).toHaveLength(10);
    expect(list[0]!.score).toBe(111);
    expect(list[9]!.score).toBe(102);
    const low = history.add([{ name: 'Low', score: 101, rules: 'seed' }]);
    expect(low.places).toEqual([-1]);
    expect(history.list()).toHaveLength(10);
  });

  it('adds the players of a finished game with their totals', () => {
    const game = finishedGame();
    const history = historyAt(DAY_1);
    const entries = highScoresOf(game, DAY_1, (player) => player === 1);
    expect(entries).toEqual([
      {
        name: 'Jüri',
        score: expect.any(Number) as number,
        rules: 'classic',
        date: DAY_1.toISOString(),
      },
    ]);
    history.add(entries);
    expect(history.list()).toEqual(entries);
  });

  it('clears the list', () => {
    const history = historyAt(DAY_1);
    history.add([{ name: 'Mari', score: 150, rules: 'seed' }]);
    expect(history.clear()).toEqual({ ok: true });
    expect(history.list()).toEqual([]);
  });

  it('drops malformed entries and reads a broken list as empty', () => {
    const storage = new MemoryStorage();
    const history = historyAt(DAY_1, storage);
    const good = { name: 'Mari', score: 150, rules: 'seed', date: DAY_1.toISOString() };
    storage.setItem(
      history.key,
      JSON.stringify({
        version: 1,
        entries: [
          good,
          { ...good, name: '' },
          { ...good, name: 'x'.repeat(30) },
          { ...good, score: -1 },
          { ...good, score: 1.5 },
          { ...good, score: '150' },
          { ...good, rules: 'maxiyatzy' },
          { ...good, date: 'soon' },
          null,
          'Mari 150',
        ],
      }),
    );
    expect(history.list()).toEqual([good]);
    for (const text of ['{', '42', 'null', '[]', JSON.stringify({ version: 2, entries: [good] })]) {
      storage.setItem(history.key, text);
      expect(history.list()).toEqual([]);
    }
    // A broken list is replaced by the next add, not kept.
    history.add([{ name: 'Jüri', score: 120, rules: 'seed' }]);
    expect(history.list()).toHaveLength(1);
  });

  it('refuses malformed new entries', () => {
    const result = historyAt(DAY_1).add([
      { name: '  ', score: 10, rules: 'seed' },
      { name: 'Mari', score: 10, rules: 'seed' },
    ]);
    expect(result.places).toEqual([-1, 0]);
  });

  it('keeps the lists of two storage keys apart', () => {
    const storage = new MemoryStorage();
    historyAt(DAY_1, storage, 'a').add([{ name: 'A', score: 10, rules: 'seed' }]);
    historyAt(DAY_1, storage, 'b').add([{ name: 'B', score: 20, rules: 'seed' }]);
    expect(
      historyAt(DAY_1, storage, 'a')
        .list()
        .map((e) => e.name),
    ).toEqual(['A']);
    expect(
      historyAt(DAY_1, storage, 'b')
        .list()
        .map((e) => e.name),
    ).toEqual(['B']);
  });

  it('reports a storage that throws instead of throwing', () => {
    class FullStorage extends MemoryStorage {
      override setItem(): void {
        throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
      }
    }
    const result = historyAt(DAY_1, new FullStorage()).add([{ name: 'Mari', score: 10, rules: 'seed' }]);
    expect(result.saved).toMatchObject({ ok: false, reason: 'quota' });
    expect(result.list).toHaveLength(1);
    expect(new ScoreHistory({ storage: null }).list()).toEqual([]);
  });

  it('reads a forbidden or missing storage as an empty list and says why nothing was kept', () => {
    class ForbiddenStorage extends MemoryStorage {
      override setItem(): void {
        throw new DOMException('The operation is insecure.', 'SecurityError');
      }
      override getItem(): string | null {
        throw new DOMException('The operation is insecure.', 'SecurityError');
      }
    }
    for (const storage of [new ForbiddenStorage(), null]) {
      const history = new ScoreHistory({ storage, now: () => DAY_1 });
      expect(history.list()).toEqual([]);
      const result = history.add([{ name: 'Mari', score: 10, rules: 'seed' }]);
      expect(result.saved).toMatchObject({ ok: false, reason: 'unavailable' });
      // The list of this session is still returned, dated by the clock.
      expect(result.list).toEqual([{ name: 'Mari', score: 10, rules: 'seed', date: DAY_1.toISOString() }]);
      expect(result.places).toEqual([0]);
    }
    expect(new ScoreHistory({ storage: null }).clear()).toMatchObject({ ok: false, reason: 'unavailable' });
  });

  it('writes the documented format under dice-poker:<key>:scores', () => {
    const storage = new MemoryStorage();
    historyAt(DAY_1, storage, 'table 2').add([{ name: 'Mari', score: 10, rules: 'seed' }]);
    expect(JSON.parse(storage.getItem('dice-poker:table 2:scores')!)).toEqual({
      version: 1,
      entries: [{ name: 'Mari', score: 10, rules: 'seed', date: DAY_1.toISOString() }],
    });
    expect(historyAt(DAY_1, storage, ' ').key).toBe('dice-poker:default:scores');
  });
});

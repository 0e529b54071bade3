import { describe, expect, it } from 'vitest';
import { apply, newGame, type Game } from '../../engine/index.js';
import { GameStore } from './GameStore.js';
import { MemoryStorage } from './MemoryStorage.js';
import { SAVE_VERSION } from './saved-game.js';

const SAVED_AT = new Date('2025-03-01T12:00:00.000Z');

/** Two players; the second is mid-turn: two throws used, dice 0 and 2 held. */
function midTurnGame(): Game {
  let game = newGame({ players: ['Mari', 'Jüri'], seed: 42 });
  game = apply(game, { type: 'roll' });
  game = apply(game, { type: 'score', row: 'chance' });
  game = apply(game, { type: 'roll' });
  game = apply(game, { type: 'hold', index: 0, held: true });
  game = apply(game, { type: 'hold', index: 2, held: true });
  return apply(game, { type: 'roll' });
}

function storeWith(storage = new MemoryStorage(), storageKey?: string): GameStore {
  return new GameStore({ storage, storageKey, now: () => SAVED_AT });
}

/** Rewrites the saved JSON in place, as a person editing devtools would. */
function edit(storage: MemoryStorage, key: string, change: (data: Record<string, unknown>) => void): void {
  const data = JSON.parse(storage.getItem(key)!) as Record<string, unknown>;
  change(data);
  storage.setItem(key, JSON.stringify(data));
}

describe('GameStore', () => {
  it('brings a game back mid-turn: throws used, held dice and faces survive', () => {
    const storage = new MemoryStorage();
    const game = midTurnGame();
    expect(storeWith(storage).save(game, { lang: 'en', seats: ['human', 'good'] })).toEqual({ ok: true });

    const loaded = storeWith(storage).load();
    expect(loaded).toEqual({
      ok: true,
      game,
      savedAt: SAVED_AT.toISOString(),
      lang: 'en',
      seats: ['human', 'good'],
    });
    if (!loaded.ok) throw new Error('not loaded');
    expect(loaded.game.current).toBe(1);
    expect(loaded.game.rollsUsed).toBe(2);
    expect(loaded.game.held).toEqual([true, false, true, false, false]);
    expect(loaded.game.dice).toEqual(game.dice);
    // The restored game plays on exactly like the original.
    expect(apply(loaded.game, { type: 'roll' })).toEqual(apply(game, { type: 'roll' }));
  });

  it('writes the documented format under dice-poker:<key>:game', () => {
    const storage = new MemoryStorage();
    storeWith(storage).save(newGame({ players: ['Mari'], seed: 1 }));
    const data = JSON.parse(storage.getItem('dice-poker:default:game')!) as Record<string, unknown>;
    expect(data).toMatchObject({ version: SAVE_VERSION, savedAt: SAVED_AT.toISOString() });
    expect(data).not.toHaveProperty('lang');
  });

  it('reports none when nothing is saved', () => {
    expect(storeWith().load()).toMatchObject({ ok: false, reason: 'none' });
  });

  it.each([
    ['not JSON', '{"version":1,"game":'],
    ['JSON but not an object', '[1,2,3]'],
    ['no version', JSON.stringify({ savedAt: SAVED_AT.toISOString(), game: {} })],
    ['no game', JSON.stringify({ version: 1, savedAt: SAVED_AT.toISOString() })],
    ['a bad date', JSON.stringify({ version: 1, savedAt: 'yesterday', game: {} })],
  ])('refuses %s as corrupt and removes it', (_, text) => {
    const storage = new MemoryStorage();
    const store = storeWith(storage);
    storage.setItem(store.key, text);
    expect(store.load()).toMatchObject({ ok: false, reason: 'corrupt' });
    expect(storage.getItem(store.key)).toBeNull();
  });

  it('refuses another format version', () => {
    const storage = new MemoryStorage();
    const store = storeWith(storage);
    store.save(midTurnGame());
    edit(storage, store.key, (data) => (data.version = 2));
    expect(store.load()).toMatchObject({ ok: false, reason: 'version' });
    expect(storage.getItem(store.key)).toBeNull();
  });

  it.each<[string, (game: Record<string, unknown> & Game) => void]>([
    ['an edited score', (game) => (game.players[0]!.scores.chance = 30)],
    ['an edited die', (game) => (game.dice[1] = game.dice[1] === 6 ? 5 : 6)],
    ['a released held die', (game) => (game.held[0] = false)],
    ['throws given back', (game) => (game.rollsUsed = 0)],
    ['a cut log', (game) => game.log.pop()],
    ['a game that is not one', (game) => (game.players = 'everyone' as never)],
  ])('refuses %s as tampered, never loading a wrong game', (_, change) => {
    const storage = new MemoryStorage();
    const store = storeWith(storage);
    store.save(midTurnGame());
    edit(storage, store.key, (data) => change(data.game as Record<string, unknown> & Game));
    const result = store.load();
    expect(result).toMatchObject({ ok: false, reason: 'tampered' });
    expect(result).not.toHaveProperty('game');
    expect(storage.getItem(store.key)).toBeNull();
  });

  it('refuses seats that do not fit the game', () => {
    const storage = new MemoryStorage();
    const store = storeWith(storage);
    store.save(midTurnGame(), { seats: ['human'] });
    expect(store.load()).toMatchObject({ ok: false, reason: 'corrupt' });
    store.save(midTurnGame(), { seats: ['human', 'grandmaster' as never] });
    expect(store.load()).toMatchObject({ ok: false, reason: 'corrupt' });
  });

  it('reports a full or forbidden storage instead of throwing', () => {
    class FullStorage extends MemoryStorage {
      override setItem(): void {
        throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
      }
    }
    class ForbiddenStorage extends MemoryStorage {
      override setItem(): void {
        throw new DOMException('The operation is insecure.', 'SecurityError');
      }
      override getItem(): string | null {
        throw new DOMException('The operation is insecure.', 'SecurityError');
      }
    }
    expect(storeWith(new FullStorage()).save(midTurnGame())).toMatchObject({ ok: false, reason: 'quota' });
    const forbidden = storeWith(new ForbiddenStorage());
    expect(forbidden.save(midTurnGame())).toMatchObject({ ok: false, reason: 'unavailable' });
    expect(forbidden.load()).toMatchObject({ ok: false, reason: 'none' });
  });

  it('works without any storage', () => {
    const store = new GameStore({ storage: null });
    expect(store.save(midTurnGame())).toMatchObject({ ok: false, reason: 'unavailable' });
    expect(store.load()).toMatchObject({ ok: false, reason: 'none' });
    expect(store.clear()).toMatchObject({ ok: false, reason: 'unavailable' });
  });

  it('keeps the games of two storage keys apart', () => {
    const storage = new MemoryStorage();
    const a = storeWith(storage, 'a');
    const b = storeWith(storage, 'b');
    const gameA = newGame({ players: ['A'], seed: 1 });
    const gameB = midTurnGame();
    a.save(gameA);
    b.save(gameB);
    expect(a.load()).toMatchObject({ ok: true, game: gameA });
    expect(b.load()).toMatchObject({ ok: true, game: gameB });
    a.clear();
    expect(a.load()).toMatchObject({ ok: false, reason: 'none' });
    expect(b.load()).toMatchObject({ ok: true, game: gameB });
    expect(storeWith(storage, '  ').key).toBe('dice-poker:default:game');
  });
});

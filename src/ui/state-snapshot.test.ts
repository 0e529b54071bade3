import { describe, expect, it } from 'vitest';
import { apply, newGame } from '../engine/index.js';
import { snapshotOf } from './state-snapshot.js';

describe('the element’s public state under the new rule sets', () => {
  it('counts a player’s Yahtzee bonuses beside their scores, and says nothing of them while there are none', () => {
    let game = newGame({ players: ['Ann'], rules: 'yahtzee', seed: 1 });
    game = apply(game, { type: 'roll', faces: [4, 4, 4, 4, 4] });
    game = apply(game, { type: 'score', row: 'fiveOfAKind' });
    expect(snapshotOf(game).players[0]).toEqual({ name: 'Ann', scores: { fiveOfAKind: 50 }, total: 50 });
    game = apply(game, { type: 'roll', faces: [4, 4, 4, 4, 4] });
    game = apply(game, { type: 'score', row: 'fours' });
    expect(snapshotOf(game).players[0]).toEqual({
      name: 'Ann',
      scores: { fiveOfAKind: 50, fours: 20 },
      yahtzeeBonuses: 1,
      total: 170,
    });
  });
});

import { describe, expect, it } from 'vitest';
import type { MyGame } from '../../online/my-games.js';
import { myGameRows } from './MyGamesList.js';

const NOW = Date.UTC(2026, 11, 2, 12);

function game(overrides: Partial<MyGame>): MyGame {
  return {
    roomId: 'room1',
    seat: 0,
    phase: 'playing',
    pace: 'own-pace',
    players: ['Mari', 'Jüri'],
    current: 1,
    round: 3,
    changedAt: NOW - 3_600_000,
    endsAt: NOW + 2 * 3_600_000,
    nudged: false,
    ...overrides,
  };
}

describe('myGameRows', () => {
  it('puts the games waiting on me first, then the last changed', () => {
    const rows = myGameRows(
      [
        game({ roomId: 'old', changedAt: NOW - 7_200_000 }),
        game({ roomId: 'mine', current: 0 }),
        game({ roomId: 'new', changedAt: NOW - 60_000 }),
        game({ roomId: 'lobby', phase: 'lobby', current: null, endsAt: null }),
      ],
      'en',
      NOW,
    );
    expect(rows.map((r) => r.roomId)).toEqual(['mine', 'new', 'old', 'lobby']);
    expect(rows[0]!.mine).toBe(true);
    expect(rows.slice(1).every((r) => !r.mine)).toBe(true);
  });

  it('says whose turn it is and the time left of it', () => {
    const [row] = myGameRows([game({})], 'en', NOW);
    expect(row!.status).toContain('Jüri');
    expect(row!.status).toContain('2 h');
  });

  it('names the computer seats in the page language, as the sheet does', () => {
    const computers = game({ players: ['Mari', 'Computer 1', 'Computer 2'], current: 2 });
    const [et] = myGameRows([computers], 'et', NOW);
    expect(et!.players).toContain('Arvuti 1');
    expect(et!.status).toContain('Arvuti 2');
    expect(`${et!.players} ${et!.status}`).not.toContain('Computer');
    const [en] = myGameRows([computers], 'en', NOW);
    expect(en!.players).toContain('Computer 1');
  });
});

import { describe, expect, it } from 'vitest';
import { apply, newGame } from '../engine/index.js';
import {
  MAX_MESSAGE_CHARS,
  MESSAGES_PER_SECOND,
  parseClientMessage,
  parseEntry,
  parseJoin,
  parseName,
  ProtocolError,
  publicGame,
  RateLimiter,
  roomIdFrom,
} from './protocol.js';

function codeOf(call: () => unknown): string | undefined {
  try {
    call();
  } catch (error) {
    expect(error).toBeInstanceOf(ProtocolError);
    return (error as ProtocolError).code;
  }
  return undefined;
}

describe('client messages', () => {
  it('takes well-formed messages as they are', () => {
    expect(parseClientMessage('throw', { gesture: { dirX: 0.1, dirZ: -1, speed: 12 } })).toEqual({
      gesture: { dirX: 0.1, dirZ: -1, speed: 12 },
    });
    expect(parseClientMessage('hold', { index: 4, held: true })).toEqual({ index: 4, held: true });
    expect(parseClientMessage('score', { row: 'chance' })).toEqual({ row: 'chance' });
    expect(parseClientMessage('add-bot', { kind: 'good' })).toEqual({ kind: 'good' });
    for (const rules of ['seed', 'classic', 'yahtzee', 'yatzy']) {
      expect(parseClientMessage('rules', { rules })).toEqual({ rules });
    }
    expect(parseClientMessage('start', undefined)).toEqual({});
  });

  it.each([
    ['throw', null, 'bad-message'],
    ['throw', { gesture: { dirX: 'x', dirZ: -1, speed: 1 } }, 'bad-message'],
    ['throw', { gesture: { dirX: 0, dirZ: -1, speed: Infinity } }, 'bad-message'],
    ['throw', { gesture: { dirX: 0, dirZ: -1, speed: 5 }, faces: [6, 6, 6, 6, 6] }, 'bad-message'],
    ['hold', { index: 5, held: true }, 'bad-die-index'],
    ['hold', { index: 1, held: 'yes' }, 'bad-message'],
    ['score', { row: 'jackpot' }, 'unknown-row'],
    ['score', { row: 'chance', points: 50 }, 'bad-message'],
    ['add-bot', { kind: 'genius' }, 'bad-message'],
    ['rules', { rules: 'house' }, 'unknown-rules'],
    ['explode', {}, 'bad-message'],
    ['score', { row: 'x'.repeat(MAX_MESSAGE_CHARS) }, 'bad-message'],
  ])('refuses %s %j with %s', (type, value, code) => {
    expect(codeOf(() => parseClientMessage(type as 'throw', value))).toBe(code);
  });

  it('refuses names that are empty, too long or hold markup', () => {
    expect(parseName('  Mari ')).toBe('Mari');
    expect(parseJoin({ name: 'Jüri' })).toEqual({ name: 'Jüri' });
    for (const name of ['', '   ', 'x'.repeat(30), '<b>Mari</b>', 'Mari & Jüri', 'a\u0000b', 42]) {
      expect(codeOf(() => parseName(name))).toBe('bad-name');
    }
    expect(codeOf(() => parseJoin({ name: 'Mari', seat: 0 }))).toBe('bad-message');
  });

  it('takes one who comes to watch by { watch: true } alone; a room is created by name only', () => {
    expect(parseEntry({ watch: true })).toEqual({ watch: true });
    expect(parseEntry({ name: 'Mari' })).toEqual({ name: 'Mari' });
    for (const bad of [{ watch: 1 }, { watch: 'yes' }, { watch: true, name: 'Mari' }, { watch: false }]) {
      expect(codeOf(() => parseEntry(bad))).toBe('bad-message');
    }
    expect(codeOf(() => parseJoin({ watch: true }))).toBe('bad-message');
  });
});

describe('room ids and invite links', () => {
  it('reads a bare id or the room of an invite link, and nothing else', () => {
    expect(roomIdFrom('AbC_12-x')).toBe('AbC_12-x');
    expect(roomIdFrom('http://127.0.0.1:4173/?room=k3Jd9x')).toBe('k3Jd9x');
    expect(roomIdFrom('http://127.0.0.1:4173/?room=<script>')).toBeNull();
    expect(roomIdFrom('no room here')).toBeNull();
  });
});

describe('publicGame', () => {
  it('hides the seed and the generator while the game is played, shows them once it is over', () => {
    let game = newGame({ players: ['Mari'], seed: 99 });
    expect(publicGame(game)).toMatchObject({ seed: 0, rng: 0 });
    game = apply(game, { type: 'roll' });
    for (const row of [
      'ones',
      'twos',
      'threes',
      'fours',
      'fives',
      'sixes',
      'threeOfAKind',
      'fourOfAKind',
      'fullHouse',
      'smallStraight',
      'largeStraight',
      'fiveOfAKind',
      'chance',
    ] as const) {
      if (game.rollsUsed === 0) game = apply(game, { type: 'roll' });
      game = apply(game, { type: 'score', row });
    }
    expect(game.over).toBe(true);
    expect(publicGame(game)).toBe(game);
    expect(publicGame(game).seed).toBe(99);
  });
});

describe('RateLimiter', () => {
  it('lets a burst through, then about MESSAGES_PER_SECOND a second', () => {
    let now = 0;
    const limiter = new RateLimiter(() => now);
    let passed = 0;
    for (let i = 0; i < 100; i++) if (limiter.take()) passed++;
    expect(passed).toBe(2 * MESSAGES_PER_SECOND);
    now += 1000;
    passed = 0;
    for (let i = 0; i < 100; i++) if (limiter.take()) passed++;
    expect(passed).toBe(MESSAGES_PER_SECOND);
  });
});

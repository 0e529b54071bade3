import { describe, expect, it } from 'vitest';
import { parseHighScore, rankHighScores } from './high-scores.js';

const entry = { name: 'Mari', score: 231, rules: 'seed' as const, date: '2026-11-30T10:00:00.000Z' };

describe('best scores read back from storage', () => {
  it('keeps a well-formed entry (trimmed, known fields only)', () => {
    expect(parseHighScore({ ...entry, name: '  Mari ', extra: 1 })).toEqual(entry);
    // A name is counted in characters, as the engine counts it: 29 emoji pass.
    expect(parseHighScore({ ...entry, name: '🎲'.repeat(29) })?.name).toBe('🎲'.repeat(29));
  });

  it.each([
    ['not an object', 'Mari 231'],
    ['no name', { ...entry, name: '   ' }],
    ['a name too long', { ...entry, name: 'x'.repeat(30) }],
    ['a negative score', { ...entry, score: -1 }],
    ['a fractional score', { ...entry, score: 1.5 }],
    ['unknown rules', { ...entry, rules: 'vegas' }],
    ['a date that does not parse', { ...entry, date: 'yesterday' }],
  ])('drops an entry with %s', (_, value) => {
    expect(parseHighScore(value)).toBeNull();
  });

  it('ranks best first, the older first on a tie, at most 10', () => {
    const at = (day: number) => `2026-11-${String(day).padStart(2, '0')}T00:00:00.000Z`;
    const entries = Array.from({ length: 12 }, (_, i) => ({
      ...entry,
      score: 100 + (i % 6),
      date: at(20 - i),
    }));
    const ranked = rankHighScores(entries);
    expect(ranked).toHaveLength(10);
    expect(ranked.map((e) => e.score)).toEqual([105, 105, 104, 104, 103, 103, 102, 102, 101, 101]);
    expect(Date.parse(ranked[0]!.date)).toBeLessThan(Date.parse(ranked[1]!.date));
  });
});

import { describe, expect, it } from 'vitest';
import { onlineStringsFor } from './online-strings.js';

describe('time in words', () => {
  it.each([
    [30, '30 s', '30 s'],
    [120, '2 min', '2 min'],
    [3600, '1 hour', '1 tund'],
    [7200, '2 hours', '2 tundi'],
    [86_400, '1 day', '1 päev'],
    [3 * 86_400, '3 days', '3 päeva'],
  ])('a turn clock of %i s reads "%s" and "%s"', (seconds, en, et) => {
    expect(onlineStringsFor('en').duration(seconds)).toBe(en);
    expect(onlineStringsFor('et').duration(seconds)).toBe(et);
  });

  it.each([
    [59, '1 min', '1 min'],
    [3 * 3600 + 120, '3 h 2 min', '3 t 2 min'],
    [86_400 + 3600, '1 d 1 h', '1 p 1 t'],
    [-5, '0 min', '0 min'],
  ])('%i s left of a turn reads "%s" and "%s"', (seconds, en, et) => {
    expect(onlineStringsFor('en').longLeft(seconds)).toBe(en);
    expect(onlineStringsFor('et').longLeft(seconds)).toBe(et);
  });
});

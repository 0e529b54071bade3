import { describe, expect, it } from 'vitest';
import { shownDate } from './dates.js';

const DAY = Date.UTC(2026, 11, 4, 12);

describe('shownDate: one way for a day in every panel', () => {
  it.each([
    ['en', ['en-GB'], '4 Dec 2026'],
    ['en', ['en-US'], 'Dec 4, 2026'],
    ['en', ['et-EE'], '4 Dec 2026'],
    ['et', ['en-US'], '4. dets 2026'],
    ['et', ['et-EE', 'en'], '4. dets 2026'],
  ] as const)('%s, browser %j: %s (the month in words, never a number first)', (lang, browser, text) => {
    expect(shownDate(DAY, lang, browser)).toBe(text);
  });
});

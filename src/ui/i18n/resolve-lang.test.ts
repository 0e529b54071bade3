import { describe, expect, it } from 'vitest';
import { resolveLang } from './index.js';

describe("resolveLang: the element's own language, else the page's, else the browser's, else English", () => {
  it.each([
    ['en', 'et', ['et'], 'en'],
    [null, 'en-US', ['et'], 'en'],
    [undefined, 'fr', ['de-DE', 'en-GB', 'et'], 'en'],
    ['', '', ['fi', 'et-EE'], 'et'],
    [null, null, ['fr', 'de'], 'en'],
    [null, null, ['en-US'], 'en'],
    [null, null, ['et-EE', 'en'], 'et'],
    [null, null, [], 'en'],
    ['xx', 'EN', [], 'en'],
  ] as const)('own %j, page %j, browser %j: %s', (own, page, browser, lang) => {
    expect(resolveLang(own, page, browser)).toBe(lang);
  });
});

import { describe, expect, it } from 'vitest';
import { resolveLang } from './index.js';

describe("resolveLang: the element's own language, else the page's, else the browser's, else Estonian", () => {
  it.each([
    ['en', 'et', ['et'], 'en'],
    [null, 'en-US', ['et'], 'en'],
    [undefined, 'fr', ['de-DE', 'en-GB', 'et'], 'en'],
    ['', '', ['fi', 'et-EE'], 'et'],
    [null, null, ['fr', 'de'], 'et'],
    ['xx', 'EN', [], 'en'],
  ] as const)('own %j, page %j, browser %j: %s', (own, page, browser, lang) => {
    expect(resolveLang(own, page, browser)).toBe(lang);
  });
});

import type { Lang } from './strings.js';

/**
 * The locale a date is written in for a page in `lang`: the browser's own when it is a form of that
 * language (an en-US browser writes "Dec 4, 2026", an en-GB one "4 Dec 2026"), else the language's
 * usual one (Estonian as in Estonia, English as in Britain).
 */
function dateLocale(lang: Lang, browser: readonly string[]): string {
  const own = browser.find((tag) => tag.toLowerCase().split('-')[0] === lang);
  return own ?? (lang === 'et' ? 'et-EE' : 'en-GB');
}

/**
 * A day as every panel writes it, in the page's language: the month in words, so that 4 December is
 * never read as 12 April ("4 Dec 2026", "4. dets 2026").
 */
export function shownDate(
  date: string | number | Date,
  lang: Lang,
  browser: readonly string[] = typeof navigator === 'undefined' ? [] : navigator.languages,
): string {
  return new Intl.DateTimeFormat(dateLocale(lang, browser), {
    day: 'numeric',
    month: 'short',
    year: 'numeric',
  }).format(new Date(date));
}

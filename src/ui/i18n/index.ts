import { en } from './en.js';
import { et } from './et.js';
import { LANGS, type Lang, type Strings } from './strings.js';
import type { RowId, RuleSetId } from '../../engine/index.js';

export { LANGS, type Lang, type Strings, type ElementErrorCode } from './strings.js';

const TABLES: Record<Lang, Strings> = { et, en };

/** The strings of a language. */
export function stringsFor(lang: Lang): Strings {
  return TABLES[lang];
}

/** A row's name on a rule set's sheet (a rule set may name a row its own way: the Yahtzee row). */
export function rowName(s: Strings, rules: RuleSetId, row: RowId): string {
  return s.ruleRows[rules]?.[row] ?? s.rows[row];
}

/** A row's hint on a rule set's sheet: what its dice need and score under that rule set. */
export function rowHint(s: Strings, rules: RuleSetId, row: RowId): string {
  return s.ruleRowHints[rules]?.[row] ?? s.rowHints[row];
}

/** Whether a value names a supported language. */
export function isLang(value: unknown): value is Lang {
  return typeof value === 'string' && (LANGS as readonly string[]).includes(value);
}

/** A supported language from a BCP 47 tag such as `et-EE` or `en-GB`, if any. */
export function langFromTag(tag: string | null | undefined): Lang | undefined {
  const primary = tag?.toLowerCase().split('-')[0];
  return isLang(primary) ? primary : undefined;
}

/** The first of the browser's languages the game speaks (Estonian for Estonian), else English. */
export function browserLang(browser: readonly string[]): Lang {
  return browser.map(langFromTag).find(Boolean) ?? 'en';
}

/** The language to show: the element's own attribute, else the page's, else the browser's (browserLang). */
export function resolveLang(
  own: string | null | undefined,
  page: string | null | undefined,
  browser: readonly string[],
): Lang {
  return langFromTag(own) ?? langFromTag(page) ?? browserLang(browser);
}

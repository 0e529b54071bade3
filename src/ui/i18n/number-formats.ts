import type { Lang } from './strings.js';

/** The locale numbers are written in for a page in each language. */
const LOCALES: Record<Lang, string> = { en: 'en-GB', et: 'et-EE' };

const KINDS = {
  /** One decimal always: `12.0`, `12,0`. */
  decimal: { minimumFractionDigits: 1, maximumFractionDigits: 1 },
  /** Whole percent: `42%`, `42%`. */
  percent: { style: 'percent', maximumFractionDigits: 0 },
} satisfies Record<string, Intl.NumberFormatOptions>;

const made = new Map<string, Intl.NumberFormat>();

/**
 * The number format of `kind` for a page in `lang`, made on its first use: making the first one
 * loads the locale's data, tens of milliseconds of a phone's main thread that a module made at
 * its import would take in the page's start (the panels that write numbers come with it).
 */
export function numberFormat(lang: Lang, kind: keyof typeof KINDS): Intl.NumberFormat {
  const key = `${lang}:${kind}`;
  let format = made.get(key);
  if (!format) {
    format = new Intl.NumberFormat(LOCALES[lang], KINDS[kind]);
    made.set(key, format);
  }
  return format;
}

/** `value` with one decimal, in the notation of a page in `lang`. */
export const formatDecimal = (lang: Lang, value: number): string =>
  numberFormat(lang, 'decimal').format(value);

import { MAX_NAME_LENGTH, MAX_PLAYERS, isPlayerName, isRuleSetId, type RuleSetId } from '../engine/index.js';
import { isLang, type Lang } from './i18n/index.js';

/** A parsed attribute: the value to use, and a warning when the given one was refused. */
export interface Parsed<T> {
  value: T;
  warning?: string;
}

/**
 * A property's value as its attribute's text: scripts may set `el.seed = 42` or
 * `el.players = ['Mari', 'Jüri']` where markup would give text; null and undefined mean "not set".
 */
export function attributeText(value: unknown): string | null {
  return value === null || value === undefined ? null : String(value);
}

/** The largest seed: seeds are unsigned 32-bit integers, as the engine's generator takes them. */
const MAX_SEED = 2 ** 32 - 1;

/** `players="Mari, Jüri"`: 1 to 6 names of 1 to 29 characters; else undefined (the start panel). */
export function parsePlayers(attr: string | null): Parsed<string[] | undefined> {
  if (attr === null) return { value: undefined };
  const names = attr.split(',').map((name) => name.trim());
  const bad = names.length === 0 || names.length > MAX_PLAYERS || names.some((name) => !isPlayerName(name));
  if (bad) {
    return {
      value: undefined,
      warning: `players="${attr}" needs 1 to ${MAX_PLAYERS} comma-separated names of 1 to ${MAX_NAME_LENGTH} characters; using the start panel`,
    };
  }
  return { value: names };
}

/** `seed="42"`: an integer from 0 to 2^32 - 1, else undefined (a fresh random game). */
export function parseSeed(attr: string | null): Parsed<number | undefined> {
  if (attr === null) return { value: undefined };
  const trimmed = attr.trim();
  const seed = /^-?\d+$/.test(trimmed) ? Number(trimmed) : NaN;
  if (!Number.isSafeInteger(seed) || seed < 0 || seed > MAX_SEED)
    return {
      value: undefined,
      warning: `seed="${attr}" is not an integer from 0 to ${MAX_SEED}; ignoring it`,
    };
  return { value: seed };
}

/** `rules="yatzy"`: a rule set id (seed, classic, yahtzee, yatzy), else the default `seed`. */
export function parseRules(attr: string | null): Parsed<RuleSetId> {
  if (attr === null || isRuleSetId(attr)) return { value: attr ?? 'seed' };
  return {
    value: 'seed',
    warning: `rules="${attr}" is unknown (use seed, classic, yahtzee or yatzy); using seed`,
  };
}

/** `lang="en"`: et or en, else undefined (the page's or the browser's language). */
export function parseLang(attr: string | null): Parsed<Lang | undefined> {
  if (attr === null || attr === '') return { value: undefined };
  const primary = attr.toLowerCase().split('-')[0];
  if (isLang(primary)) return { value: primary };
  return {
    value: undefined,
    warning: `lang="${attr}" is not supported (use et or en); using the page's language`,
  };
}

/** `quality="low"`: the table's look, high or low, else undefined (chosen by the device: see DiceScene). */
export function parseQuality(attr: string | null): Parsed<'high' | 'low' | undefined> {
  if (attr === null || attr === 'high' || attr === 'low') return { value: attr ?? undefined };
  return {
    value: undefined,
    warning: `quality="${attr}" is unknown (use high or low); choosing by the device`,
  };
}

/** Reads parsed attributes, warning on the console once per refused value (not on every render). */
export class AttributeReader {
  private readonly warned = new Set<string>();

  constructor(private readonly tag: string) {}

  /** The value of a parsed attribute, warning once about a refused one. */
  value<T>({ value, warning }: Parsed<T>): T {
    if (warning) this.warn(warning);
    return value;
  }

  /** The names of a `players` attribute (undefined: none given, or refused). */
  players(attr: unknown): string[] | undefined {
    return this.value(parsePlayers(attributeText(attr)));
  }

  /** The seed of a `seed` attribute (undefined: none given, or refused). */
  seed(attr: unknown): number | undefined {
    return this.value(parseSeed(attributeText(attr)));
  }

  /** The rule set of a `rules` attribute (`seed` when none is given, or it is refused). */
  rules(attr: unknown): RuleSetId {
    return this.value(parseRules(attributeText(attr)));
  }

  /** The table's look from a `quality` attribute (undefined: none given, or refused). */
  quality(attr: unknown): 'high' | 'low' | undefined {
    return this.value(parseQuality(attributeText(attr)));
  }

  /** The language of a `lang` attribute (undefined: none given, or one not spoken here). */
  lang(attr: string): Lang | undefined {
    return this.value(parseLang(attr || null));
  }

  /** Warns once about `warning`. */
  warn(warning: string): void {
    if (this.warned.has(warning)) return;
    this.warned.add(warning);
    console.warn(`<${this.tag}>: ${warning}`);
  }
}

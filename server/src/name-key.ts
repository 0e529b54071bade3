/**
 * When two players' names are the same name at a table: equal once case is ignored and each is reduced
 * to its skeleton under Unicode's confusables (UTS #39, Unicode Security Mechanisms, section 4
 * "Confusable Detection"), so that "Mari" with a Cyrillic "а" is "Mari", and "MARI" is "mari". And which
 * names are kept for computer seats. Server only: the confusables table (package `unhomoglyph`, Unicode's
 * confusables.txt as a map of about 6,300 characters) is too big for the page.
 */
import unhomoglyph from 'unhomoglyph';
import { COMPUTER_WORDS } from '../../src/online/computer-names.js';
import { normalName } from '../../src/online/player-names.js';
import { ProtocolError } from '../../src/online/protocol.js';
import type { NamePolicy } from '../../src/table/index.js';

/** UTS #39 section 4, internalSkeleton step 2: default-ignorable code points are dropped. */
const IGNORABLE = /\p{Default_Ignorable_Code_Point}/gu;

/**
 * Combining marks that do not take up room of their own (nonspacing and enclosing: gc=Mn, gc=Me), once
 * the name is decomposed (NFD): folded away. A mark can hide in its letter or on top of another (a dot
 * above on an i, U+0358 beside it, a second diaeresis on ü) and make a name that reads as one already
 * at the table (UTS #39 section 5.4 names these cases); which of them show on a phone's small type is
 * no rule we could write. So letters are compared without their marks: "Jüri" and "Juri" are one name
 * at a table too (the second seated as "Juri 2"), the price of no look-alike made of marks.
 */
const MARKS = /[\p{Mn}\p{Me}]/gu;

/**
 * UTS #39 section 4, internalSkeleton: NFD; default-ignorable code points removed; each character
 * replaced by its prototype in confusables.txt; NFD again. `unhomoglyph` is step 3 exactly: its table is
 * confusables.txt's, whose sources are single code points and whose prototypes map to nothing further,
 * so one replacement of each character is the whole step. Then the marks are folded (MARKS).
 */
function skeleton(text: string): string {
  return unhomoglyph(text.normalize('NFD').replace(IGNORABLE, '')).normalize('NFD').replace(MARKS, '');
}

/**
 * Lower case as full case folding has it, near enough, without a table: lower case, upper case, lower
 * case again. JavaScript has no toCasefold, and toLowerCase alone keeps "ß" while "STRAUSS" is the upper
 * case of "Strauß": "Strauß", "STRAUSS" and "Strauss" must all be one name, so ß (and ẞ) is "ss" here,
 * as in Unicode's full case folding (CaseFolding.txt, status F); a final ς is σ but where a word ends.
 * toLowerCase, not toLocaleLowerCase: a server in a Turkish locale would lower "I" to dotless "ı".
 */
function lower(text: string): string {
  return upper(text).toLowerCase();
}

/**
 * Upper case, from lower case first so that ẞ is "SS" as ß is (see lower). On the compatibility
 * decomposition (NFKD), as the compatibility caseless match is (The Unicode Standard, section 3.13,
 * D146): a reader takes "Ｍａｒｉ" (fullwidth), "𝐌𝐚𝐫𝐢" (mathematical bold) or "ﬁ" (a ligature) for
 * the letters they are styles of, though confusables.txt maps only some of them. Decomposed first, too,
 * because U+0345 upper-cases to a letter of its own: the cases of "ᾳ" then come out the same from its
 * composed and decomposed forms.
 */
function upper(text: string): string {
  return text.normalize('NFKD').toLowerCase().toUpperCase();
}

/**
 * White space, which the page shows as one space however much and of whichever kind: "Mari  Liis" is
 * "Mari Liis". (Braille pattern blank, U+2800, looks the same; names may not hold it, but tables restored
 * from before they were refused may.)
 */
const SPACE = /[\s\u2800]+/gu;

/**
 * The ways a name is reduced to compare it, each the UTS #39 skeleton of one form of the name (section 4:
 * X and Y are confusable when skeleton(X) = skeleton(Y)). The skeleton keeps case: its table maps capital
 * I to l, Cyrillic capital М to M but small м to ʍ, and so no single key is both case-blind and a
 * skeleton. So three, and two names are the same name when any one of them is equal:
 * - the name as typed: the standard's own test ("Ian" and "lan");
 * - in lower case: case ignored, look-alike small letters ("Mаri" with a Cyrillic а, "rn" and "m");
 * - in upper case: case ignored, look-alike capitals ("Мari" with a Cyrillic М, "C0MPUTER").
 * The last two also take a letter's styles for it (see upper).
 * Marks are folded (MARKS): "Jüri", "Juri" and "Jüri" with a second diaeresis are one name. What stays
 * apart: names that differ in more than look-alikes and marks ("Mari", "Marit").
 */
const FORMS: readonly ((name: string) => string)[] = [(name) => name, lower, upper];

/** A name's keys, one for each of FORMS: see sameName. */
export type NameKeys = readonly string[];

/**
 * The keys `name` is compared by (FORMS), white space runs counted as one space. The name is taken
 * through normalName first, so a name and its normal form have the same keys; and the lower- and
 * upper-case keys are the same for every case variant of the name.
 */
export function nameKeys(name: string): NameKeys {
  const normal = normalName(name);
  return FORMS.map((form) => skeleton(form(normal)).replace(SPACE, ' ').trim());
}

/** Whether two names' keys make them the same name: any one of them equal. */
export function sameKeys(a: NameKeys, b: NameKeys): boolean {
  return a.some((key, i) => key === b[i]);
}

/**
 * Whether `a` and `b` are the same name at a table: equal once case is ignored and look-alike characters
 * (Unicode's confusables, UTS #39) are taken for each other, and invisible ones and extra white space
 * are left out. "Mari", "MARI", "M\u0430ri" (Cyrillic а) and "Mari " are one name; so are "Jüri" composed
 * and decomposed, and "Juri" (marks folded); "Mari" and "Marit" are not.
 */
export function sameName(a: string, b: string): boolean {
  return sameKeys(nameKeys(a), nameKeys(b));
}

/** `text` as a regular expression that matches it alone (the syntax characters escaped, as 'u' wants). */
function escapeRegExp(text: string): string {
  return text.replace(/[\\^$.*+?()[\]{}|/]/g, '\\$&');
}

/**
 * Names kept for computer seats: a word of COMPUTER_WORDS alone, or followed by a number (with a space
 * or not), in any case and any look-alike letters or digits ("Computer 1", "computer1", "Соmputer 1" with
 * Cyrillic letters, "ARVUTI 7", "Computer 𝟏"). One pattern for each key of nameKeys, made of the keys of
 * the words and of the digits ("0" is "O" as typed, "1" is "l").
 */
const RESERVED: readonly RegExp[] = FORMS.map((_, i) => {
  const words = COMPUTER_WORDS.map((word) => escapeRegExp(nameKeys(word)[i]!));
  const digits = [...'0123456789'].map((digit) => escapeRegExp(nameKeys(digit)[i]!));
  return new RegExp(`^(?:${words.join('|')})(?: ?(?:${digits.join('|')})+)?$`, 'u');
});

/** Whether `name` is kept for computer seats (see RESERVED): a person may not take it. */
export function isReservedName(name: string): boolean {
  const keys = nameKeys(name);
  return RESERVED.some((pattern, i) => pattern.test(keys[i]!));
}

/**
 * Refuses a person's name kept for computer seats, so that a seat named "Computer 1" is always a
 * computer's. The name has passed parseName already (its characters and length).
 * @throws ProtocolError `bad-name`
 */
export function checkPersonName(name: string): void {
  if (isReservedName(name)) {
    throw new ProtocolError(
      'bad-name',
      `Names such as "${COMPUTER_WORDS.join('", "')}" and "${COMPUTER_WORDS[0]!} 1" are for computer players`,
    );
  }
}

/** How the server's tables tell names apart (nameKeys) and which a person may take (checkPersonName). */
export const SERVER_NAMES: NamePolicy = { keys: nameKeys, checkPerson: checkPersonName };

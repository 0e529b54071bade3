/**
 * A player's name as an online room takes it, character by character: the one form it is kept in, and the
 * characters it may not hold because they hide or move text rather than show it. Pure, and small enough
 * for the page: the character classes are the JavaScript engine's own (`\p{...}`), not tables of ours.
 * Which names count as the same name (case and look-alike letters) is the server's, in
 * server/src/name-key.ts.
 */

/**
 * Bidirectional controls (the Bidi_Control property: U+061C, U+200E, U+200F, U+202A-U+202E,
 * U+2066-U+2069). Refused anywhere in a name: a right-to-left override turns the text after it around,
 * so a name could show as another name, or turn around the words the page puts after it. A name in
 * Arabic or Hebrew needs none of them; its letters carry their direction themselves.
 */
const BIDI_CONTROL = /\p{Bidi_Control}/u;

/**
 * Line and paragraph breaks (U+2028, U+2029, and NEL, CR, LF among the control characters) and every
 * other control character (\p{Cc}): a name is one line of text. Lone surrogates (\p{Cs}) are no text at
 * all (they show as a replacement character, and each side may show them differently).
 */
const BREAK_OR_CONTROL = /[\p{Cc}\p{Zl}\p{Zp}\p{Cs}]/u;

/**
 * The invisible characters a name may hold: they change how the letters around them are drawn, and a
 * real name can need them.
 * - ZWJ (U+200D) joins emoji into one picture (👩‍💻, 🏳️‍🌈) and picks the half-forms of Indic scripts;
 *   ZWNJ (U+200C) is spelling in Persian and in Indic scripts. Refusing them would refuse those names, and
 *   stripping them would change how the name is drawn (👩‍💻 would become 👩💻), so they are kept.
 * - Variation selectors (U+FE00-U+FE0F, U+E0100-U+E01EF, the Mongolian free variation selectors) pick
 *   an emoji's picture (❤️ is U+2764 U+FE0F) or a variant of a CJK ideograph in a Japanese name.
 * They cannot pass a name off as another: the server compares names without any default-ignorable
 * character (UTS #39 section 4, internalSkeleton), so "Mari" with a ZWJ in it is "Mari". And they cannot
 * make a name that shows nothing: a name needs a visible character (VISIBLE below).
 */
const KEPT_INVISIBLE = /[\u200C\u200D\p{Variation_Selector}]/u;

/**
 * Every other invisible character, refused anywhere in a name: the default-ignorable code points
 * (zero-width space U+200B, word joiner U+2060, soft hyphen U+00AD, U+FEFF, the Hangul fillers U+115F,
 * U+1160, U+3164, U+FFA0, the tag characters U+E0000-U+E007F that smuggle hidden text...) and the format
 * characters (\p{Cf}: the interlinear annotation marks U+FFF9-U+FFFB, the Arabic number signs...). None
 * is needed to spell a name (tags also spell the flags of England, Scotland and Wales: a loss a name can
 * bear); each can hide text in it, or make it look like another name or like no name. U+2800 (braille
 * pattern blank) is not default-ignorable but draws as a space that is not one.
 */
const INVISIBLE = /[\p{Default_Ignorable_Code_Point}\p{Cf}\u2800]/u;

/**
 * A joiner joins two characters, and a variation selector picks the look of the one before it: a name
 * that begins with either, or ends with a joiner, holds one that does nothing but hide.
 */
const BAD_FIRST = /[\u200C\u200D\p{Variation_Selector}]/u;
const BAD_LAST = /[\u200C\u200D]/u;

/** What shows: anything but white space and the invisible characters a name may hold. */
const VISIBLE = /[^\s\u200C\u200D\p{Variation_Selector}]/u;

/**
 * The one form a name is kept and compared in: Unicode normalisation form C (so that "Jüri" typed with
 * a composed ü and with u plus a combining diaeresis is one string) and no white space at either end.
 * Idempotent.
 */
export function normalName(value: string): string {
  // Still NFC once trimmed: white space composes with nothing, so removing it changes no composition.
  return value.normalize('NFC').trim();
}

/**
 * Why `value` (a name as sent, before normalName) cannot be a player's name because of the characters
 * it holds, or null when they are all fine. Its length and markup are the caller's to check (on its
 * normalName).
 */
export function nameProblem(value: string): string | null {
  // On the text as sent: trimming would drop a U+2028 or U+FEFF at an end, where nobody types one by chance.
  if (BIDI_CONTROL.test(value)) {
    return 'A name may not hold bidirectional controls (such as a right-to-left override)';
  }
  if (BREAK_OR_CONTROL.test(value)) return 'A name is one line of text, without control characters';
  for (const character of value) {
    if (INVISIBLE.test(character) && !KEPT_INVISIBLE.test(character)) {
      const code = character.codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0');
      return `A name may not hold invisible characters (U+${code})`;
    }
  }
  const name = normalName(value);
  if (!VISIBLE.test(name)) return 'A name needs a character that shows';
  const characters = [...name];
  if (BAD_FIRST.test(characters[0]!) || BAD_LAST.test(characters.at(-1)!)) {
    return 'A name may not begin with a joiner or a variation selector, nor end with a joiner';
  }
  return null;
}

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { nameProblem, normalName } from './player-names.js';
import { parseName, ProtocolError } from './protocol.js';

/** The refusal parseName gives `value`, or null when it takes it. */
function refusal(value: unknown): { code: string; message: string } | null {
  try {
    parseName(value);
    return null;
  } catch (error) {
    expect(error).toBeInstanceOf(ProtocolError);
    const { code, message } = error as ProtocolError;
    return { code, message };
  }
}

const BIDI_CONTROLS = [
  '\u061C',
  '\u200E',
  '\u200F',
  '\u202A',
  '\u202B',
  '\u202C',
  '\u202D',
  '\u202E',
  '\u2066',
  '\u2067',
  '\u2068',
  '\u2069',
];

/** Characters that a name must not hide behind, and some that change nothing visible. */
const TRICKY = [
  ...BIDI_CONTROLS,
  '\u200B',
  '\u200C',
  '\u200D',
  '\u2060',
  '\uFEFF',
  '\u00AD',
  '\uFE0F',
  '\u{E0041}',
  '\u115F',
  '\u1160',
  '\u3164',
  '\uFFA0',
  '\u2800',
  '\u2028',
  '\u2029',
  '\u0085',
  '\u00A0',
  '\u3000',
  ' ',
  '\t',
  '\u0308',
  '\u0301',
  '\uD800',
  'u',
  'ü',
  'a',
  '\u0430',
  'ß',
  'Σ',
  '<',
  '\u1FEF',
];

/** Names of any characters at all, with the tricky ones often. */
const anyText = fc.string({
  unit: fc.oneof(fc.string({ unit: 'binary', minLength: 1, maxLength: 1 }), fc.constantFrom(...TRICKY)),
  maxLength: 40,
});

describe('player names', () => {
  it('refuses the names seen accepted before', () => {
    const attacks: [string, string][] = [
      ['zero-width characters only', '\u200B\u200C\u200D\uFEFF'],
      ['a zero-width space alone', '\u200B'],
      ['joiners only', '\u200D\u200C'],
      ['a right-to-left override', 'Mari\u202Eirav'],
      ['a right-to-left override alone', '\u202E'],
      ['a right-to-left isolate', '\u2067Mari\u2069'],
      ['a left-to-right mark', 'Mari\u200E'],
      ['an Arabic letter mark', '\u061CMari'],
      ['a line separator', 'Mari\u2028Jüri'],
      ['a line separator at the end', 'Mari\u2028'],
      ['a paragraph separator', 'Mari\u2029'],
      ['a next-line control', 'Mari\u0085'],
      ['a new line', 'Mari\nJüri'],
      ['a Hangul filler alone', '\u3164'],
      ['Hangul fillers', '\u115F\u1160\uFFA0'],
      ['a braille blank', '\u2800'],
      ['a braille blank after a name', 'Mari\u2800'],
      ['variation selectors alone', '\uFE0F\uFE0E'],
      ['a zero-width space in a name', 'Ma\u200Bri'],
      ['a word joiner', 'Mari\u2060'],
      ['a byte order mark', '\uFEFFMari'],
      ['a soft hyphen', 'Ma\u00ADri'],
      ['hidden tag characters', 'Mari\u{E0069}\u{E0067}'],
      ['an interlinear annotation', '\uFFF9Mari\uFFFAx\uFFFB'],
      ['white space only', '\u00A0\u3000 '],
      ['a lone surrogate', 'Mari\uD800'],
      ['a joiner at the end', 'Mari\u200D'],
      ['a joiner at the start', '\u200CMari'],
      ['a variation selector at the start', '\uFE0FMari'],
      ['markup that NFC makes (Greek varia is a backtick)', 'Mari\u1FEF'],
      ['markup', '<b>Mari</b>'],
      ['an apostrophe (markup)', "O'Brien"],
      ['too long', 'x'.repeat(30)],
      ['empty', ''],
    ];
    for (const [what, name] of attacks) {
      expect(refusal(name), what).toMatchObject({ code: 'bad-name' });
    }
  });

  it('says why', () => {
    expect(refusal('Mari\u202E')?.message).toMatch(/bidirectional/);
    expect(refusal('Mari\u2028x')?.message).toMatch(/one line/);
    expect(refusal('\u200B')?.message).toMatch(/invisible characters \(U\+200B\)/);
    expect(refusal('\u{E0041}x')?.message).toMatch(/U\+E0041/);
    expect(refusal('\u200D')?.message).toMatch(/shows/);
    expect(refusal('Mari\u200D')?.message).toMatch(/joiner/);
  });

  it('takes real names, in NFC and trimmed', () => {
    const names: [string, string][] = [
      ['Jüri', 'Jüri'],
      ['Ju\u0308ri', 'Jüri'],
      ['  Mari-Liis  ', 'Mari-Liis'],
      ['Õie', 'Õie'],
      ['O\u0303ie', 'Õie'],
      ['Анна', 'Анна'],
      ['李雷', '李雷'],
      ['山田\u3000太郎', '山田\u3000太郎'],
      ['👩‍💻 Ada', '👩\u200D💻 Ada'],
      ['❤️ Ann', '\u2764\uFE0F Ann'],
      ['🏳️‍🌈', '\u{1F3F3}\uFE0F\u200D\u{1F308}'],
      ['क्‍ष', '\u0915\u094D\u200D\u0937'],
      ['می‌نا', '\u0645\u06CC\u200C\u0646\u0627'],
      ['שרה', 'שרה'],
      ['O’Brien', 'O’Brien'],
      ['Computer 1', 'Computer 1'],
      ['x'.repeat(29), 'x'.repeat(29)],
      ['👩‍💻'.repeat(9) + 'ab', '👩‍💻'.repeat(9) + 'ab'],
    ];
    for (const [sent, kept] of names) {
      expect(refusal(sent), sent).toBeNull();
      expect(parseName(sent)).toBe(kept);
      expect(nameProblem(sent), sent).toBeNull();
    }
  });

  it('counts characters of the normal form (a decomposed ü is one)', () => {
    const decomposed = 'u\u0308'.repeat(15);
    expect(parseName(decomposed)).toBe('ü'.repeat(15));
    expect(refusal('u\u0308'.repeat(30))).toMatchObject({ code: 'bad-name' });
  });

  it('keeps a name in one normal form: normalName is idempotent', () => {
    fc.assert(
      fc.property(anyText, (text) => {
        const once = normalName(text);
        expect(normalName(once)).toBe(once);
        expect(once.normalize('NFC')).toBe(once);
        expect(once.trim()).toBe(once);
      }),
      { numRuns: 2000 },
    );
  });

  it('never takes a name with a bidirectional control, a break or no visible character', () => {
    fc.assert(
      fc.property(anyText, (text) => {
        let name: string;
        try {
          name = parseName(text);
        } catch (error) {
          expect((error as ProtocolError).code).toBe('bad-name');
          return;
        }
        expect(name).toBe(normalName(text));
        expect(name).not.toMatch(/[\p{Bidi_Control}\p{Cc}\p{Zl}\p{Zp}\p{Cs}<>&"'`\u200B\u2060\uFEFF\u2800]/u);
        expect(name).toMatch(/[^\s\u200C\u200D\p{Variation_Selector}]/u);
        expect([...name].length).toBeLessThanOrEqual(29);
      }),
      { numRuns: 3000 },
    );
  });

  it('never takes a name with a bidirectional control, wherever it stands', () => {
    fc.assert(
      fc.property(
        fc.string({ unit: 'grapheme', maxLength: 12 }),
        fc.constantFrom(...BIDI_CONTROLS),
        fc.string({ unit: 'grapheme', maxLength: 12 }),
        (before, control, after) => {
          expect(refusal(before + control + after)).toMatchObject({ code: 'bad-name' });
        },
      ),
    );
  });
});

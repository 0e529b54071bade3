import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { computerSeatName } from '../../src/online/computer-names.js';
import { normalName } from '../../src/online/player-names.js';
import { parseName, ProtocolError } from '../../src/online/protocol.js';
import { checkPersonName, isReservedName, nameKeys, sameName, SERVER_NAMES } from './name-key.js';
import { computerName, computerSeat, personSeat, uniqueName } from '../../src/table/index.js';

function codeOf(call: () => unknown): string | undefined {
  try {
    call();
  } catch (error) {
    expect(error).toBeInstanceOf(ProtocolError);
    return (error as ProtocolError).code;
  }
  return undefined;
}

/** Names of any characters, with look-alikes, case pairs and combining marks often. */
const anyText = fc.string({
  unit: fc.oneof(
    fc.string({ unit: 'binary', minLength: 1, maxLength: 1 }),
    fc.string({ unit: 'grapheme', minLength: 1, maxLength: 1 }),
    fc.constantFrom('a', 'A', '\u0430', '\u0410', 'ß', 'ẞ', 'Σ', 'σ', 'ς', 'İ', 'ı', 'I', 'l', '0', 'O'),
    fc.constantFrom('\u0308', '\u0303', '\u200D', '\u200B', ' ', '\u00A0', '\u3000', 'ǅ', 'ᾳ', 'ŉ'),
  ),
  maxLength: 30,
});

describe('the same name', () => {
  it('is one name whatever its case, normal form or look-alike letters', () => {
    const same: [string, string][] = [
      ['Mari', 'M\u0430ri'], // Cyrillic а
      ['Mari', 'MARI'],
      ['MARI', 'mari'],
      ['Mari', 'М\u0430ri'], // Cyrillic М and а
      ['Jüri', 'Ju\u0308ri'], // composed and decomposed
      ['JÜRI', 'ju\u0308ri'],
      ['Mari', ' Mari '],
      ['Mari Liis', 'Mari  Liis'],
      ['Mari Liis', 'Mari\u00A0Liis'],
      ['Mari', 'Ma\u200Dri'], // default-ignorable: dropped (UTS #39 internalSkeleton)
      ['Strauß', 'STRAUSS'],
      ['Strauß', 'Strauss'],
      ['STRAẞE', 'straße'],
      ['ΟΔΥΣΣΕΥΣ', 'οδυσσευς'],
      ['rn', 'm'], // confusables.txt: m → r n
      ['Mari', 'Ｍａｒｉ'], // fullwidth
      ['Mari', '𝐌𝐚𝐫𝐢'], // mathematical bold
      ['Fiia', 'ﬁia'], // a ligature
      ['paypal', '𝔭𝒶ỿ𝕡𝕒ℓ'],
      ['C0MPUTER', 'COMPUTER'],
      ['c0mputer', 'Computer'],
      ['Anna', 'Αnnα'], // Greek alpha
      ['Mari', '\u041Cari'], // Cyrillic capital М: its small м does not look like m, its capital is M
      ['MARI', '\u041C\u0410RI'],
      ['HANNA', '\u041D\u0410NN\u0410'], // Cyrillic capitals Н and А
      ['Ian', 'lan'], // capital I and small l, as typed (UTS #39's own skeleton)
      ['Mari', 'Mar\u0456'], // Ukrainian і
      // Marks folded: hidden in a letter, on top of another, or too small to tell on a phone.
      ['Mari', 'Mari\u0307'], // a dot above the dot of i
      ['Mari', 'Ma\u0358ri'], // dot above right
      ['Jüri', 'Ju\u0308\u0308ri'], // a doubled diaeresis
      ['Jüri', 'J\u00FC\u0308ri'],
      ['Jüri', 'Juri'],
      ['Õie', 'Oie'],
    ];
    for (const [a, b] of same) expect(sameName(a, b), `${a} / ${b}`).toBe(true);
  });

  it('keeps different names apart', () => {
    const different: [string, string][] = [
      ['Mari', 'Marit'],
      ['Mari-Liis', 'Mari Liis'],
      ['Анна', 'Anna'], // Cyrillic н is not Latin n
      ['李雷', '李電'],
      ['Mari 2', 'Mari 3'],
      ['Ian', 'Lan'],
      ['Hele', 'Nele'],
      ['Anna', 'Anne'],
    ];
    for (const [a, b] of different) expect(sameName(a, b), `${a} / ${b}`).toBe(false);
  });

  it('has the same keys for a name and its normal form', () => {
    fc.assert(
      fc.property(anyText, (text) => {
        expect(nameKeys(normalName(text))).toEqual(nameKeys(text));
        expect(nameKeys(text.normalize('NFD'))).toEqual(nameKeys(text));
      }),
      { numRuns: 3000 },
    );
  });

  it('has the same case-blind keys for every case variant of a name', () => {
    fc.assert(
      fc.property(anyText, (text) => {
        const [, small, capital] = nameKeys(text);
        const decomposed = text.normalize('NFD');
        const variants = [decomposed.toUpperCase(), decomposed.toLowerCase()];
        // Case variants of the composed name too, but for U+0345 (Greek ypogegrammeni): it upper-cases to a
        // letter of its own, so upper-casing the composed "ᾳ̈" puts the diaeresis on that letter, a name that
        // looks different (see upper() in name-key.ts).
        if (!decomposed.includes('\u0345')) variants.push(text.toUpperCase(), text.toLowerCase());
        for (const variant of variants) {
          const [, variantSmall, variantCapital] = nameKeys(variant);
          expect(variantSmall).toBe(small);
          expect(variantCapital).toBe(capital);
          expect(sameName(variant, text)).toBe(true);
        }
      }),
      { numRuns: 3000 },
    );
  });

  it('is the same for a name taken by parseName and one differing only in ignorable characters', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme', minLength: 1, maxLength: 10 }), (text) => {
        fc.pre(codeOf(() => parseName(text)) === undefined);
        expect(nameKeys([...text].join('\u200D'))).toEqual(nameKeys(text));
      }),
    );
  });
});

describe('names kept for computers', () => {
  it('refuses a person named like a computer seat, in any case or look-alike', () => {
    for (const name of [
      'Computer 1',
      'Computer',
      'computer 12',
      'COMPUTER 3',
      'Computer1',
      'Computer  1',
      'C\u043Emputer 1', // Cyrillic о
      'Сomputer 1', // Cyrillic С
      'Cornputer 1', // r n for m
      'Computer 𝟏',
      'Computer l', // l for 1
      'C0mputer 1',
      'Arvuti',
      'arvuti 2',
      'ARVUTI 7',
      ' Arvuti 1 ',
      computerSeatName(6),
    ]) {
      expect(isReservedName(name), name).toBe(true);
      expect(
        codeOf(() => checkPersonName(name)),
        name,
      ).toBe('bad-name');
    }
  });

  it('takes names that only begin like one', () => {
    for (const name of [
      'Computers',
      'Computer Mari',
      'Mari Computer',
      'Arvutimees',
      'Computer 1a',
      'Komputer 1',
    ]) {
      expect(isReservedName(name), name).toBe(false);
      expect(
        codeOf(() => checkPersonName(name)),
        name,
      ).toBeUndefined();
    }
  });
});

describe('seat names at a table', () => {
  it('seats a look-alike of a name as another name', () => {
    const mari = [personSeat('Mari', 'a')];
    expect(uniqueName(mari, 'M\u0430ri', SERVER_NAMES)).toBe('M\u0430ri 2'); // Cyrillic а beside Mari
    expect(uniqueName(mari, 'MARI', SERVER_NAMES)).toBe('MARI 2');
    expect(uniqueName(mari, 'Marit', SERVER_NAMES)).toBe('Marit');
    const juri = [personSeat('Jüri', 'b')];
    expect(uniqueName(juri, parseName('Ju\u0308ri'), SERVER_NAMES)).toBe('Jüri 2'); // decomposed beside composed
    expect(uniqueName(juri, 'Juri', SERVER_NAMES)).toBe('Juri 2'); // marks folded
    expect(uniqueName(juri, parseName('Ju\u0308\u0308ri'), SERVER_NAMES)).toBe('J\u00FC\u0308ri 2');
    expect(uniqueName([...mari, personSeat('Mari 2', 'c')], 'Mаri', SERVER_NAMES)).toBe('Mаri 3');
  });

  it('names computers Computer 1, 2... the lowest free', () => {
    expect(computerName([], SERVER_NAMES)).toBe('Computer 1');
    const seats = [
      personSeat('Mari', 'a'),
      computerSeat('Computer 1', 'easy'),
      computerSeat('Computer 3', 'good'),
    ];
    expect(computerName(seats, SERVER_NAMES)).toBe('Computer 2');
    expect(computerName([...seats, computerSeat('Computer 2', 'easy')], SERVER_NAMES)).toBe('Computer 4');
  });
});

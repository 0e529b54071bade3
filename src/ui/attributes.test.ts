import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  AttributeReader,
  attributeText,
  parseLang,
  parsePlayers,
  parseQuality,
  parseRules,
  parseSeed,
} from './attributes.js';

describe('attributes', () => {
  afterEach(() => vi.restoreAllMocks());

  it.each([
    [null, undefined],
    ['Mari', ['Mari']],
    [' Mari , Jüri ', ['Mari', 'Jüri']],
    ['A,B,C,D,E,F', ['A', 'B', 'C', 'D', 'E', 'F']],
    // Characters, not UTF-16 units: 29 emoji are 58 units and still a name.
    ['🎲'.repeat(29), ['🎲'.repeat(29)]],
  ])('players=%j gives %j without a warning', (attr, names) => {
    expect(parsePlayers(attr)).toEqual({ value: names });
  });

  it.each(['', 'Mari,', 'A,B,C,D,E,F,G', 'x'.repeat(30)])(
    'players=%j falls back to the panel, warning',
    (attr) => {
      const parsed = parsePlayers(attr);
      expect(parsed.value).toBeUndefined();
      expect(parsed.warning).toMatch(/players=/);
    },
  );

  it.each([
    [null, undefined],
    ['0', 0],
    [' 42 ', 42],
    ['4294967295', 4294967295],
  ])('seed=%j gives %j', (attr, seed) => {
    expect(parseSeed(attr)).toEqual({ value: seed });
  });

  it.each(['', 'abc', '1.5', '-1', '4294967296', '1e3', '99999999999999999999'])(
    'seed=%j is ignored with a warning',
    (attr) => {
      const parsed = parseSeed(attr);
      expect(parsed.value).toBeUndefined();
      expect(parsed.warning).toMatch(/seed=/);
    },
  );

  it('rules: seed by default, classic when asked, a warning for anything else', () => {
    expect(parseRules(null)).toEqual({ value: 'seed' });
    expect(parseRules('classic')).toEqual({ value: 'classic' });
    expect(parseRules('maxiyatzy')).toEqual({ value: 'seed', warning: expect.stringMatching(/rules=/) });
    expect(parseRules('yahtzee')).toEqual({ value: 'yahtzee' });
    expect(parseRules('yatzy')).toEqual({ value: 'yatzy' });
  });

  it('quality: high or low, else chosen by the device (with a warning for anything but none)', () => {
    expect(parseQuality(null)).toEqual({ value: undefined });
    expect(parseQuality('high')).toEqual({ value: 'high' });
    expect(parseQuality('low')).toEqual({ value: 'low' });
    expect(parseQuality('ultra')).toEqual({
      value: undefined,
      warning: expect.stringMatching(/quality="ultra"/),
    });
    expect(parseQuality('')).toEqual({ value: undefined, warning: expect.stringMatching(/quality=""/) });
  });

  it('lang: et or en by its primary subtag, else none with a warning', () => {
    expect(parseLang(null)).toEqual({ value: undefined });
    expect(parseLang('')).toEqual({ value: undefined });
    expect(parseLang('EN-gb')).toEqual({ value: 'en' });
    expect(parseLang('et')).toEqual({ value: 'et' });
    expect(parseLang('fi')).toEqual({ value: undefined, warning: expect.stringMatching(/lang=/) });
  });

  it('reads property values set by scripts as their attribute text', () => {
    expect(attributeText(null)).toBeNull();
    expect(attributeText(undefined)).toBeNull();
    expect(attributeText(42)).toBe('42');
    expect(attributeText(['Mari', 'Jüri'])).toBe('Mari,Jüri');
    expect(parseSeed(attributeText(42))).toEqual({ value: 42 });
    expect(parsePlayers(attributeText(['Mari', 'Jüri']))).toEqual({ value: ['Mari', 'Jüri'] });
  });

  it('warns once per refused value, naming the element', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const reader = new AttributeReader('dice-poker');
    expect(reader.value(parseSeed('abc'))).toBeUndefined();
    expect(reader.value(parseSeed('abc'))).toBeUndefined();
    expect(reader.value(parseSeed('7'))).toBe(7);
    reader.value(parseSeed('xyz'));
    expect(warn).toHaveBeenCalledTimes(2);
    expect(warn.mock.calls[0]![0]).toMatch(/^<dice-poker>: seed="abc"/);
  });
});

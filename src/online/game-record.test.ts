/**
 * Reading a game record never crashes or hangs: its size is checked before it is parsed, its nesting
 * before JSON.parse (one pass, no recursion), every field to its last number; each refusal has a stable
 * code, and all of it is linear in the text's size.
 */
import { describe, expect, it } from 'vitest';
import { signedRecord } from '../../tests/support/signed-record.js';
import {
  MAX_LOG_ACTIONS,
  MAX_RECORD_BYTES,
  MAX_RECORD_DEPTH,
  nestingDepth,
  parseGameRecord,
} from './game-record.js';

const { record } = await signedRecord();
const text = JSON.stringify(record);

/** The code `parseGameRecord(input)` refuses with, and how long it took, ms. */
function refusal(input: unknown): { code: string; ms: number; stack: boolean } {
  const start = performance.now();
  try {
    parseGameRecord(input);
  } catch (error) {
    const { code, message } = error as { code: string; message: string };
    return { code, ms: performance.now() - start, stack: /\n\s+at /.test(message) };
  }
  throw new Error('Not refused');
}

describe('reading a game record', () => {
  it('reads a true record, and one of version 1 (unsigned)', () => {
    expect(parseGameRecord(text)).toEqual(record);
    const { gestures, signature: _s, ...rest } = record;
    const v1 = { ...rest, version: 1, throws: gestures.map((gesture) => ({ gesture, launch: null })) };
    expect(parseGameRecord(JSON.stringify(v1))).toMatchObject({ version: 1, gestures, startedAt: null });
    expect(parseGameRecord(v1).signature).toBeUndefined();
  });

  it('reads a record of every rule set, and refuses rules there are not', () => {
    for (const rules of ['seed', 'classic', 'yahtzee', 'yatzy']) {
      expect(parseGameRecord(JSON.stringify({ ...record, rules })).rules).toBe(rules);
    }
    expect(() => parseGameRecord({ ...record, rules: 'house' })).toThrow(/Unknown rules/);
  });

  it('measures nesting without recursion, outside strings', () => {
    expect(nestingDepth('{"a":[1,{"b":"[[[["}]}', 10)).toBe(3);
    expect(nestingDepth('"\\"[[["', 10)).toBe(0);
    expect(nestingDepth('['.repeat(1_000_000), 6)).toBe(7);
  });

  it('refuses faces nested 100,000 deep by its nesting, with a code and no stack, at once', () => {
    const deep = text.replace(/"faces":\[[^\]]*\]/, `"faces":${'['.repeat(100_000)}1${']'.repeat(100_000)}`);
    const refused = refusal(deep);
    expect(refused).toMatchObject({ code: 'record-too-deep', stack: false });
    expect(refused.ms).toBeLessThan(200);
    // One level past a record's deepest is refused; a record itself is not that deep.
    expect(nestingDepth(text, MAX_RECORD_DEPTH)).toBeLessThanOrEqual(MAX_RECORD_DEPTH - 2);
  });

  it('refuses a record over its size before parsing it (1.9 MB of holds), at once', () => {
    const holds = Array.from({ length: 50_000 }, () => ({ type: 'hold', index: 0, held: true }));
    const big = JSON.stringify({ ...record, log: [...record.log, ...holds] });
    expect(big.length).toBeGreaterThan(1_900_000);
    const refused = refusal(big);
    expect(refused.code).toBe('record-too-large');
    expect(refused.ms).toBeLessThan(50);
    expect(refusal(' '.repeat(MAX_RECORD_BYTES + 1)).code).toBe('record-too-large');
  });

  it('refuses a log longer than any game has, even within the size', () => {
    const holds = Array.from({ length: MAX_LOG_ACTIONS }, () => ({ type: 'hold', index: 0, held: true }));
    expect(refusal({ ...record, log: [...record.log, ...holds] }).code).toBe('bad-record');
  });

  it.each([
    ['not JSON', '{', 'not-json'],
    ['JSON, not a record', '[1,2]', 'bad-record'],
    ['another format', JSON.stringify({ ...record, format: 'other' }), 'bad-record'],
    ['an unknown version', JSON.stringify({ ...record, version: 3 }), 'bad-record'],
    ['a field not known', JSON.stringify({ ...record, note: 'x' }), 'bad-record'],
    ['a face nested in an array', text.replace(/"faces":\[(\d)/, '"faces":[[$1]'), 'bad-record'],
    ['a face of 7', text.replace(/"faces":\[\d/, '"faces":[7'), 'bad-record'],
    ['an action with a field more', text.replace('"type":"roll"', '"type":"roll","x":1'), 'bad-record'],
    ['a gesture not a number', text.replace(/"gestures":\[\[[^,]+/, '"gestures":[["a"'), 'bad-record'],
    ['a time not a time', JSON.stringify({ ...record, endedAt: -1 }), 'bad-record'],
    ['a damaged signature', JSON.stringify({ ...record, signature: { key: 'x', value: 'y' } }), 'bad-record'],
    ['a bad secret', JSON.stringify({ ...record, secret: 'xyz' }), 'bad-record'],
  ])('refuses %s', (_name, input, code) => {
    expect(refusal(input)).toMatchObject({ code, stack: false });
  });
});

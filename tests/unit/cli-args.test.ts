import { describe, expect, it } from 'vitest';
import { countFlag, integer, integerFlag, readFlags, type FlagSpec } from '../../scripts/cli-args.js';

const spec: FlagSpec = { valued: ['--throws', '--seed'], switches: ['--json', '--help'] };

describe('the flags of the command-line scripts', () => {
  it('reads valued flags and switches in any order', () => {
    const flags = readFlags(['--json', '--seed', '-7', '--throws', '200', '--json'], spec);
    expect(Object.fromEntries(flags.values)).toEqual({ '--seed': '-7', '--throws': '200' });
    expect([...flags.switches]).toEqual(['--json']);
    expect(readFlags([], spec)).toEqual({ values: new Map(), switches: new Set() });
  });

  it.each([
    [['--bogus'], 'unknown argument "--bogus"'],
    [['seed'], 'unknown argument "seed"'],
    [['--throws'], '--throws needs a value'],
    [['--seed', '--json'], '--seed needs a value'],
    [['--throws', '2', '--throws', '3'], '--throws given twice'],
  ])('refuses %j with one line: %s', (argv, message) => {
    expect(() => readFlags(argv, spec)).toThrow(new Error(message));
  });

  it('takes a value that starts with a single dash, such as a negative seed', () => {
    expect(readFlags(['--seed', '-h'], spec).values.get('--seed')).toBe('-h');
  });

  it('stops reading at a stop switch, so what follows is not refused', () => {
    const flags = readFlags(['--json', '--help', '--bogus'], { ...spec, stopAt: ['--help'] });
    expect([...flags.switches]).toEqual(['--json', '--help']);
    expect(() => readFlags(['--help', '--bogus'], spec)).toThrow('unknown argument "--bogus"');
  });
});

describe('whole numbers from the command line', () => {
  it.each([
    ['0', 0],
    ['42', 42],
    ['-7', -7],
    ['007', 7],
  ])('reads %j as %d', (text, value) => {
    expect(integer(text)).toBe(value);
  });

  it.each(['', ' 1', '1.5', '1.0', '1e3', '0x10', '+1', 'abc', '9007199254740993'])('refuses %j', (text) => {
    expect(integer(text)).toBeUndefined();
  });

  it('gives the fallback for a flag not given, and names the flag and the value when it is bad', () => {
    const given = readFlags(['--throws', '0', '--seed', '1.5'], spec);
    const empty = readFlags([], spec);
    expect(countFlag(empty, '--throws', 1000)).toBe(1000);
    expect(integerFlag(empty, '--seed', 1)).toBe(1);
    expect(() => countFlag(given, '--throws', 1000)).toThrow(
      new Error('--throws must be a whole number of at least 1, got "0"'),
    );
    expect(() => integerFlag(given, '--seed', 1)).toThrow(new Error('--seed must be an integer, got "1.5"'));
    expect(integerFlag(readFlags(['--seed', '-3'], spec), '--seed', 1)).toBe(-3);
  });
});

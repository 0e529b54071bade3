import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { parseArgs as parseDiceArgs } from '../../scripts/bench-dice.js';
import { parseArgs as parseRenderArgs } from '../../scripts/bench-render.js';

const root = fileURLToPath(new URL('../..', import.meta.url));

/** Runs a script as `npm run` does (through tsx) and returns its exit code and output. */
function runScript(script: string, args: string[]) {
  const result = spawnSync('node_modules/.bin/tsx', [script, ...args], { cwd: root, encoding: 'utf8' });
  return { status: result.status, stdout: result.stdout, stderr: result.stderr };
}

// Each kind of slip: not a number, negative, zero, a fraction, empty, missing, unknown, given twice.
const badDiceFlags = [
  ['--throws', 'abc'],
  ['--throws', '-1'],
  ['--throws', '0'],
  ['--throws', '1.5'],
  ['--throws', '1e3'],
  ['--seed', ''],
  ['--seed', '1.5'],
  ['--seed', 'abc'],
  ['--throws'],
  ['--seed', '--json'],
  ['--bogus'],
  ['--throws', '2', '--throws', '3'],
];

describe('npm run bench:dice flags', () => {
  it('reads good flags, with 1000 throws from seed 1 by default', () => {
    expect(parseDiceArgs([])).toMatchObject({ throws: 1000, seed: 1, json: false });
    expect(parseDiceArgs(['--throws', '200', '--seed', '-7', '--json'])).toMatchObject({
      throws: 200,
      seed: -7,
      json: true,
    });
  });

  it.each(badDiceFlags)('refuses %j', (...args) => {
    expect(() => parseDiceArgs(args)).toThrow(/^--\w+|^unknown argument/);
  });

  it(
    'stops on a bad flag with one line and the usage, exit code 2, no stack trace',
    { timeout: 60_000 },
    () => {
      // One throw if the flag were accepted, as a fractional seed once silently was.
      const { status, stdout, stderr } = runScript('scripts/bench-dice.ts', [
        '--throws',
        '1',
        '--seed',
        '1.5',
      ]);
      expect(status).toBe(2);
      expect(stdout).toBe('');
      expect(stderr.trim().split('\n')).toEqual([
        'bench-dice: --seed must be an integer, got "1.5"',
        'usage: npm run bench:dice -- [--throws N] [--seed S] [--json]',
      ]);
    },
  );
});

describe('npm run bench:render flags', () => {
  it('reads good flags, with 10 throws by default', () => {
    expect(parseRenderArgs([])).toMatchObject({
      throws: 10,
      shots: undefined,
      json: false,
      gpuCompositing: false,
    });
    expect(parseRenderArgs(['--gpu-compositing'])).toMatchObject({ gpuCompositing: true });
    expect(parseRenderArgs(['--throws', '2', '--json'])).toMatchObject({ throws: 2, json: true });
    expect(parseRenderArgs(['--throws=3'])).toMatchObject({ throws: 3 });
    expect(parseRenderArgs(['--shots', 'out'])).toMatchObject({ shots: 'out' });
  });

  it.each([
    ['--throws', 'abc'],
    ['--throws', '-1'],
    ['--throws', '0'],
    ['--throws', '1.5'],
    ['--throws', ''],
    // The game as shipped has no quality setting to choose.
    ['--quality', 'low'],
    ['--shots', ''],
    ['--shots'],
    ['--throws', '--json'],
    ['--throw', '5'],
    ['--json=yes'],
    ['--throws', '2', '--throws', '3'],
  ])('refuses %j', (...args) => {
    expect(() => parseRenderArgs(args)).toThrow(/^--\w+|^unknown argument/);
  });

  it(
    'stops on a bad flag before building or launching Chromium, with exit code 2',
    { timeout: 60_000 },
    () => {
      const { status, stdout, stderr } = runScript('scripts/bench-render.ts', ['--throws', '0']);
      expect(status).toBe(2);
      expect(stdout).toBe('');
      expect(stderr.trim().split('\n')).toEqual([
        'bench-render: --throws must be a whole number of at least 1, got "0"',
        'usage: npm run bench:render -- [--throws N] [--shots DIR] [--gpu-compositing] [--json]',
      ]);
    },
  );
});

/**
 * `npm run bench:solver [-- --runs N --decisions N --no-classic]`: prints how long the optimal-play
 * solver takes: the whole `seed` table (target 500 ms), the `classic` table, and single live decisions
 * (best hold, best row and the value of every option; target 5 ms), each from a cold turn cache.
 * Bad flags exit with code 2.
 */
import os from 'node:os';
import { nextFace, nextUnit, type RngState } from '../src/engine/random.js';
import { ROWS } from '../src/engine/rows.js';
import type { Scores } from '../src/engine/rules.js';
import { rowPoints } from '../src/engine/scoring.js';
import {
  bestAction,
  expectedScoreFromStart,
  rankHolds,
  rankRows,
  solveTable,
  type Position,
  type StateValues,
} from '../src/engine/solver/index.js';
import { countFlag, parseOrExit, readFlags } from './cli-args.js';

const USAGE = 'usage: npm run bench:solver -- [--runs N] [--decisions N] [--no-classic]';

/** What to run: table solves (5 by default), live decisions (2000 by default), and the classic table or not. */
interface Options {
  runs: number;
  decisions: number;
  withClassic: boolean;
  help: boolean;
}

/**
 * The options of a command line.
 * @throws Error with a one-line message for the user when an argument is unknown, missing or bad
 */
function parseArgs(argv: readonly string[]): Options {
  const flags = readFlags(argv, {
    valued: ['--runs', '--decisions'],
    switches: ['--no-classic', '--help', '-h'],
    stopAt: ['--help', '-h'],
  });
  return {
    runs: countFlag(flags, '--runs', 5),
    decisions: countFlag(flags, '--decisions', 2000),
    withClassic: !flags.switches.has('--no-classic'),
    help: flags.switches.has('--help') || flags.switches.has('-h'),
  };
}

/** The machine is shared: say how busy it was. */
function loadAverage(): string {
  return os.loadavg()[0]!.toFixed(1);
}

const { runs, decisions, withClassic, help } = parseOrExit('bench-solver', USAGE, parseArgs);
if (help) {
  console.log(USAGE);
  process.exit(0);
}

const percentile = (sorted: number[], p: number): number =>
  sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))]!;
const ms = (value: number): string => `${value.toFixed(value < 10 ? 3 : 0)} ms`;

/** Wall-clock and CPU times of solving a table, fastest first. */
function timeTable(
  rules: 'seed' | 'classic',
  times: number,
): { table: StateValues; times: number[]; cpu: number[] } {
  let table: StateValues | undefined;
  const taken: number[] = [];
  const cpu: number[] = [];
  for (let i = 0; i < times; i++) {
    const start = performance.now();
    const startCpu = process.cpuUsage();
    table = solveTable(rules);
    const used = process.cpuUsage(startCpu);
    cpu.push((used.user + used.system) / 1000);
    taken.push(performance.now() - start);
  }
  return { table: table!, times: taken.sort((a, b) => a - b), cpu: cpu.sort((a, b) => a - b) };
}

function dice(rng: RngState): [number[], RngState] {
  const faces: number[] = [];
  for (let i = 0; i < 5; i++) {
    let face: number;
    [face, rng] = nextFace(rng);
    faces.push(face);
  }
  return [faces, rng];
}

/** Random live positions: a random part of the sheet filled with points real dice could score. */
function positions(count: number, seed: number): Position[] {
  let rng: RngState = seed;
  const all: Position[] = [];
  while (all.length < count) {
    const scores: Scores = {};
    let unit: number;
    let faces: number[];
    for (const row of ROWS) {
      [unit, rng] = nextUnit(rng);
      if (unit < 0.5) continue;
      [faces, rng] = dice(rng);
      scores[row] = rowPoints(row, faces);
    }
    if (Object.keys(scores).length === ROWS.length) continue;
    [faces, rng] = dice(rng);
    [unit, rng] = nextUnit(rng);
    all.push({ scores, dice: faces, rollsUsed: 1 + Math.floor(unit * 3) });
  }
  return all;
}

/** Times each decision; the turn cache holds far fewer states than the list, so each one is cold. */
function timeDecisions(table: StateValues, list: Position[]): number[] {
  const taken: number[] = [];
  for (const position of list) {
    const start = performance.now();
    bestAction(table, position);
    rankHolds(table, position);
    rankRows(table, position);
    taken.push(performance.now() - start);
  }
  return taken;
}

/**
 * Three cold passes over the positions. The raw maximum includes pauses that are not the solver's
 * (garbage collection, other processes on a shared machine); the slowest position's best of three
 * shows what one decision really costs.
 */
function reportDecisions(name: string, table: StateValues, list: Position[]): void {
  timeDecisions(table, list.slice(0, 200)); // warm the JIT
  const passes = [0, 1, 2].map(() => timeDecisions(table, list));
  const raw = passes.flat().sort((a, b) => a - b);
  const bestOfThree = list.map((_, i) => Math.min(...passes.map((pass) => pass[i]!)));
  console.log(
    `${name} decision (best move, every hold and every row with its value), ${list.length} cold positions x 3: ` +
      `mean ${ms(raw.reduce((a, b) => a + b, 0) / raw.length)}, p99 ${ms(percentile(raw, 0.99))}, ` +
      `max ${ms(raw[raw.length - 1]!)}; slowest position (best of 3) ${ms(Math.max(...bestOfThree))}`,
  );
}

const seed = timeTable('seed', runs);
console.log(
  `seed table (8,192 states): min ${ms(seed.times[0]!)}, median ${ms(percentile(seed.times, 0.5))} ` +
    `(CPU min ${ms(seed.cpu[0]!)}; load average ${loadAverage()})`,
);
console.log(`  expected score from an empty sheet: ${expectedScoreFromStart(seed.table).toFixed(6)}`);

const list = positions(decisions, 2024);
const emptySheet: Position = { scores: {}, dice: [1, 2, 3, 5, 6], rollsUsed: 1 };
reportDecisions('seed', seed.table, list);
const [first] = timeDecisions(seed.table, [emptySheet]);
console.log(`seed decision on an empty sheet after the first throw (cold cache): ${ms(first!)}`);

if (withClassic) {
  const classic = timeTable('classic', 1);
  console.log(
    `classic table (with upper totals): ${ms(classic.times[0]!)} (CPU ${ms(classic.cpu[0]!)}; ` +
      `load average ${loadAverage()})`,
  );
  console.log(`  expected score from an empty sheet: ${expectedScoreFromStart(classic.table).toFixed(6)}`);
  reportDecisions('classic', classic.table, list);
}

/**
 * `npm run bench:solver [-- --runs N --decisions N --no-classic --rules a,b]`: prints how long the
 * optimal-play solver takes and what it finds: the whole `seed` table (target 500 ms) with its expected
 * score, then each rule set with an upper bonus (`classic`, `yahtzee`, `yatzy`): its table's time, CPU,
 * size in memory and optimal expected score to four decimals (and `yahtzee` under Verhoeff's reading of
 * the joker too, see RULES.md), the time to decode the tables that ship as assets (`yahtzee`, `yatzy`:
 * what the coach's worker does instead of solving them), and single live decisions (best hold, best row and the value of every
 * option; target 5 ms) from a cold turn cache. `--no-classic` skips the rule sets with an upper bonus;
 * `--rules` names the rule sets to run. Bad flags exit with code 2.
 */
import { readFileSync } from 'node:fs';
import os from 'node:os';
import { nextFace, nextUnit, type RngState } from '../src/engine/random.js';
import { isRuleSetId, RULE_SETS, rowsOf, type RuleSetId, type Scores } from '../src/engine/rules.js';
import { rowPoints } from '../src/engine/scoring.js';
import {
  bestAction,
  expectedScoreFromStart,
  rankHolds,
  rankRows,
  solveTable,
  type Position,
  type SolveOptions,
  type StateValues,
} from '../src/engine/solver/index.js';
import { decodeStateValues, hasTableAsset } from '../src/engine/solver/table-asset.js';
import { countFlag, parseOrExit, readFlags } from './cli-args.js';

const USAGE = 'usage: npm run bench:solver -- [--runs N] [--decisions N] [--no-classic] [--rules seed,yatzy]';

/** What to run: table solves of `seed` (5 by default), live decisions (2000 by default), the rule sets. */
interface Options {
  runs: number;
  decisions: number;
  rules: RuleSetId[];
  help: boolean;
}

/**
 * The options of a command line.
 * @throws Error with a one-line message for the user when an argument is unknown, missing or bad
 */
function parseArgs(argv: readonly string[]): Options {
  const flags = readFlags(argv, {
    valued: ['--runs', '--decisions', '--rules'],
    switches: ['--no-classic', '--help', '-h'],
    stopAt: ['--help', '-h'],
  });
  const named = flags.values.get('--rules')?.split(',');
  for (const name of named ?? []) {
    if (!isRuleSetId(name))
      throw new Error(`--rules takes ${RULE_SETS.join(', ')}, got ${JSON.stringify(name)}`);
  }
  const all = (named as RuleSetId[] | undefined) ?? [...RULE_SETS];
  return {
    runs: countFlag(flags, '--runs', 5),
    decisions: countFlag(flags, '--decisions', 2000),
    rules: flags.switches.has('--no-classic') ? all.filter((id) => id === 'seed') : all,
    help: flags.switches.has('--help') || flags.switches.has('-h'),
  };
}

/** The machine is shared: say how busy it was. */
function loadAverage(): string {
  return os.loadavg()[0]!.toFixed(1);
}

const { runs, decisions, rules, help } = parseOrExit('bench-solver', USAGE, parseArgs);
if (help) {
  console.log(USAGE);
  process.exit(0);
}

const percentile = (sorted: number[], p: number): number =>
  sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))]!;
const ms = (value: number): string => `${value.toFixed(value < 10 ? 3 : 0)} ms`;
const mb = (bytes: number): string => `${(bytes / 2 ** 20).toFixed(1)} MB`;

/** Wall-clock and CPU times of solving a table, fastest first. */
function timeTable(
  id: RuleSetId,
  times: number,
  options: SolveOptions = {},
): { table: StateValues; times: number[]; cpu: number[] } {
  let table: StateValues | undefined;
  const taken: number[] = [];
  const cpu: number[] = [];
  for (let i = 0; i < times; i++) {
    const start = performance.now();
    const startCpu = process.cpuUsage();
    table = solveTable(id, options);
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

/** Random live positions of a rule set: a random part of its sheet filled with points real dice score. */
function positions(id: RuleSetId, count: number, seed: number): Position[] {
  const rows = rowsOf(id);
  let rng: RngState = seed;
  const all: Position[] = [];
  while (all.length < count) {
    const scores: Scores = {};
    let unit: number;
    let faces: number[];
    for (const row of rows) {
      [unit, rng] = nextUnit(rng);
      if (unit < 0.5) continue;
      [faces, rng] = dice(rng);
      scores[row] = rowPoints(id, row, faces);
    }
    if (Object.keys(scores).length === rows.length) continue;
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

console.log(`${os.cpus()[0]?.model ?? 'unknown CPU'}, ${os.cpus().length} cores; Node ${process.version}`);

if (rules.includes('seed')) {
  const seed = timeTable('seed', runs);
  console.log(
    `seed table (8,192 states): min ${ms(seed.times[0]!)}, median ${ms(percentile(seed.times, 0.5))} ` +
      `(CPU min ${ms(seed.cpu[0]!)}; load average ${loadAverage()}); ${mb(seed.table.values.byteLength)}`,
  );
  console.log(`  optimal expected score: ${expectedScoreFromStart(seed.table).toFixed(4)}`);
  reportDecisions('seed', seed.table, positions('seed', decisions, 2024));
  const emptySheet: Position = { scores: {}, dice: [1, 2, 3, 5, 6], rollsUsed: 1 };
  const [first] = timeDecisions(seed.table, [emptySheet]);
  console.log(`seed decision on an empty sheet after the first throw (cold cache): ${ms(first!)}`);
}

for (const id of rules.filter((r) => r !== 'seed')) {
  const solved = timeTable(id, 1);
  const table = solved.table;
  console.log(
    `${id} table (${table.sheet.rowCount} rows, upper totals${table.sheet.flagStates > 1 ? ', Yahtzee flag' : ''}): ` +
      `${ms(solved.times[0]!)} (CPU ${ms(solved.cpu[0]!)}; load average ${loadAverage()}); ` +
      `table ${mb(table.values.byteLength)}, process ${mb(process.memoryUsage().rss)} resident`,
  );
  console.log(`  optimal expected score: ${expectedScoreFromStart(table).toFixed(4)}`);
  if (id === 'yahtzee') {
    const verhoeff = timeTable(id, 1, { unforcedJoker: true }).table;
    console.log(
      `  under Verhoeff's and Glenn's reading of the joker (not forced, RULES.md): ` +
        `${expectedScoreFromStart(verhoeff).toFixed(4)}`,
    );
  }
  if (hasTableAsset(id)) {
    // What the coach's worker does instead of solving: read the shipped table (fetched, in a page).
    const bytes = readFileSync(new URL(`../src/engine/solver/solver-${id}.bin`, import.meta.url));
    const start = performance.now();
    const shipped = decodeStateValues(id, bytes);
    console.log(
      `  shipped table (solver-${id}.bin, ${mb(bytes.byteLength)}): decoded in ${ms(performance.now() - start)}, ` +
        `optimal expected score ${expectedScoreFromStart(shipped).toFixed(4)}`,
    );
  }
  reportDecisions(id, table, positions(id, decisions, 2024));
}

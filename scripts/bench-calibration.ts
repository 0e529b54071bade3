/**
 * `npm run bench:calibration [-- --games N --rules seed|classic --table A,B[,..] --seed S --workers W
 * --before --json]`: whether the coach's chances to win say what happens. Computers play deals on the
 * same dice (`winner` against `optimal` by default, the seats rotated; src/engine/bots/calibration.ts)
 * with the bench's own seed, and at every point where the coach shows its numbers it records each
 * player's chance in the line and, after a throw, the chance beside the choice the player to act makes.
 * For each rule set (both by default), kind of player and number it prints the reliability table
 * (buckets of the chance stated against the share of the games won, with standard errors over the deals),
 * the Brier score, and the bias (stated minus won, in points) by round. With --before, the numbers as
 * the coach showed them before the calibration. N games per rule set (3,000 by default: a few minutes on
 * two cores). Bad flags exit 2.
 */
import os from 'node:os';
import {
  addTallies,
  BUCKETS,
  CALIBRATION_SEEDS,
  emptyTallies,
  MEASURED_KINDS,
  summarise,
  type CalibrationTallies,
  type MeasuredKind,
  type TallyGroup,
  type TallySummary,
} from '../src/engine/bots/calibration.js';
import { MAX_PLAYERS } from '../src/engine/game.js';
import { isRuleSetId, RULE_SETS, type RuleSetId } from '../src/engine/rules.js';
import { winModelCovers } from '../src/engine/solver/win.js';
import { runDeals } from './calibration-run.js';
import { countFlag, integerFlag, parseOrExit, readFlags } from './cli-args.js';

const USAGE =
  'usage: npm run bench:calibration -- [--games N] [--rules seed|classic|yahtzee|yatzy] [--table winner,optimal[,..]]\n' +
  '       [--seed S] [--workers W] [--before] [--json]';

/** The bench's own seed of the dice: used nowhere else (the fitting and the tests have their own). */
const BENCH_SEED = CALIBRATION_SEEDS.bench;

/** How far a chance may be from what happens, in points, by rule set (issue 21). */
const TOLERANCE: Record<RuleSetId, number> = { seed: 1, classic: 1.5, yahtzee: 1.5, yatzy: 1.5 };

const options = parseOrExit('bench-calibration', USAGE, (argv) => {
  const flags = readFlags(argv, {
    valued: ['--games', '--rules', '--table', '--seed', '--workers'],
    switches: ['--before', '--json', '--help', '-h'],
    stopAt: ['--help', '-h'],
  });
  if (flags.switches.has('--help') || flags.switches.has('-h')) {
    console.log(USAGE);
    process.exit(0);
  }
  const rules = flags.values.get('--rules');
  const calibrated = RULE_SETS.filter(winModelCovers);
  if (rules !== undefined && !(isRuleSetId(rules) && winModelCovers(rules))) {
    throw new Error(`--rules must be one of ${calibrated.join(', ')}, got ${JSON.stringify(rules)}`);
  }
  const table = (flags.values.get('--table') ?? 'winner,optimal').split(',');
  if (
    table.length < 2 ||
    table.length > MAX_PLAYERS ||
    !table.every((k) => k === 'winner' || k === 'optimal')
  ) {
    throw new Error(
      `--table takes 2 to ${MAX_PLAYERS} of winner and optimal, got ${JSON.stringify(table.join())}`,
    );
  }
  return {
    games: countFlag(flags, '--games', 3000),
    rules: rules === undefined ? calibrated : [rules],
    table: table as MeasuredKind[],
    seed: integerFlag(flags, '--seed', BENCH_SEED),
    workers: countFlag(flags, '--workers', 2),
    before: flags.switches.has('--before'),
    json: flags.switches.has('--json'),
  };
});

const points = (x: number): string => (x * 100).toFixed(1);
const signed = (x: number): string => `${x >= 0 ? '+' : ''}${(x * 100).toFixed(2)}`;

/** One group's figures, as printed and as JSON. */
interface GroupReport {
  n: number;
  brier: number;
  bias: number;
  se: number;
  buckets: (TallySummary & { from: number; to: number })[];
  rounds: TallySummary[];
  /** The largest |bias| over the rounds and over the buckets (those with points). */
  worstRound: number;
  worstBucket: number;
}

function reportOf(group: TallyGroup): GroupReport {
  const all = summarise(group.all);
  const buckets = group.buckets
    .map((t, i) => ({ ...summarise(t), from: i / BUCKETS, to: (i + 1) / BUCKETS }))
    .filter((b) => b.n > 0);
  const rounds = group.rounds.map(summarise);
  return {
    n: all.n,
    brier: all.brier,
    bias: all.bias,
    se: all.se,
    buckets,
    rounds,
    worstRound: Math.max(...rounds.filter((r) => r.n > 0).map((r) => Math.abs(r.bias))),
    worstBucket: Math.max(...buckets.map((b) => Math.abs(b.bias))),
  };
}

function print(rules: RuleSetId, kind: MeasuredKind, what: 'line' | 'choice', r: GroupReport): void {
  const title =
    what === 'line' ? `${kind}: its chance in the line` : `${kind}: the chance beside the choice it makes`;
  console.log(`\n${rules} rules, ${title}`);
  console.log(
    `  ${r.n} points, Brier ${r.brier.toFixed(4)}, bias ${signed(r.bias)} ± ${points(r.se)} points` +
      ` (stated minus won; tolerance ${TOLERANCE[rules]})`,
  );
  console.log('  stated     points  mean stated  won      bias ± se');
  for (const b of r.buckets) {
    const range = `${(b.from * 100).toFixed(0)}-${(b.to * 100).toFixed(0)}%`.padEnd(9);
    console.log(
      `  ${range}  ${String(b.n).padStart(6)}  ${points(b.stated).padStart(10)}%  ${points(b.won).padStart(5)}%  ` +
        `${signed(b.bias).padStart(6)} ± ${points(b.se)}`,
    );
  }
  console.log(
    `  by round (bias ± se): ${r.rounds.flatMap((x, i) => (x.n > 0 ? [`${i + 1}:${signed(x.bias)}±${points(x.se)}`] : [])).join(' ')}`,
  );
  console.log(`  worst round ${points(r.worstRound)}, worst bucket ${points(r.worstBucket)} points`);
}

async function main(): Promise<void> {
  const started = performance.now();
  const n = options.table.length;
  const deals = Math.ceil(options.games / n);
  const result: Record<string, unknown> = {
    table: options.table,
    games: deals * n,
    seed: options.seed,
    before: options.before,
    load: os.loadavg()[0]!.toFixed(1),
  };
  if (!options.json) {
    console.log(
      `${deals * n} games per rule set (${deals} deals of ${options.table.join(' vs ')}, seats rotated, ` +
        `the same dice), seed ${options.seed}${options.before ? ', the numbers before the calibration' : ''}`,
    );
  }
  for (const rules of options.rules) {
    const job = {
      rules,
      seats: options.table,
      seed: options.seed,
      from: 0,
      to: deals,
      calibrated: !options.before,
    };
    const tallies = emptyTallies();
    for (const part of await runDeals<CalibrationTallies>('tally', job, options.workers))
      addTallies(tallies, part);
    const reports: Record<string, Record<string, GroupReport>> = {};
    for (const kind of MEASURED_KINDS) {
      if (!options.table.includes(kind)) continue;
      reports[kind] = {};
      for (const what of ['line', 'choice'] as const) {
        const report = reportOf(tallies[kind][what]);
        reports[kind]![what] = report;
        if (!options.json) print(rules, kind, what, report);
      }
    }
    result[rules] = reports;
  }
  result.seconds = Math.round((performance.now() - started) / 100) / 10;
  result.loadAfter = os.loadavg()[0]!.toFixed(1);
  if (options.json) console.log(JSON.stringify(result));
  else
    console.log(
      `\n${result.seconds} s on ${options.workers} workers, load ${result.load} to ${result.loadAfter}`,
    );
}

main().catch((error: unknown) => {
  console.error(`bench-calibration: ${(error as Error).message}`);
  process.exit(1);
});

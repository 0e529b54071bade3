/**
 * `npx tsx scripts/fit-win-calibration.ts [--rules R[,R..]] [--deals N] [--workers W] [--check]`: fits the
 * calibration of the chance to win (src/engine/solver/win-calibration.ts) and writes its table,
 * src/engine/solver/win-calibration-table.ts. For each rule set asked (`seed` and `classic` by default;
 * any of `seed`, `classic`, `yahtzee`, `yatzy` with --rules, the others kept as the file has them) it
 * plays N deals of `winner` against `optimal` (each deal one game per rotation of the seats, on the same
 * dice; 12,000 by default) and N/3 deals of `winner` against two `optimal`, with the fitting's own seed,
 * and sums, for every point where the coach shows a chance, what a seat that plays to win gained over
 * the model's points line against what the model said it could gain; λ of each cell and the temper of
 * the points line are fitted from those sums (`fitOf`). About an hour on two cores for the default. A
 * rule set fitted with --rules keeps how it was made (its deals) in its own `made`. With --check it
 * writes nothing and says whether the file is what the same deals give (exit 1 if not). With --refit it
 * plays nothing: it fits the numbers again from the sums the file keeps (after a change to the fit
 * itself, `fitOf`) and writes the file. Bad flags exit 2.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import prettier from 'prettier';
import {
  addFitSums,
  CALIBRATION_SEEDS,
  emptyFitSums,
  type FitSums,
  type MeasuredKind,
} from '../src/engine/bots/calibration.js';
import { isRuleSetId, RULE_SETS, turnsOf, type RuleSetId } from '../src/engine/rules.js';
import {
  fitOf,
  temperedRules,
  type GainSums,
  type RuleCalibration,
} from '../src/engine/solver/win-calibration.js';
import { winModelCovers } from '../src/engine/solver/win-rules.js';
import { WIN_CALIBRATION_SUMS, WIN_CALIBRATION_TABLE } from '../src/engine/solver/win-calibration-table.js';
import { runDeals } from './calibration-run.js';
import { countFlag, parseOrExit, readFlags } from './cli-args.js';

const USAGE =
  'usage: npx tsx scripts/fit-win-calibration.ts [--rules R[,R..]] [--deals N] [--workers W] [--check | --refit]';
const FILE = fileURLToPath(new URL('../src/engine/solver/win-calibration-table.ts', import.meta.url));

/** The seed of the fitting's dice: used nowhere else (the bench and the tests have their own). */
const FIT_SEED = CALIBRATION_SEEDS.fit;

/** The tables fitted: two players, and three or more (fitted on three). */
const TABLES: readonly (readonly MeasuredKind[])[] = [
  ['winner', 'optimal'],
  ['winner', 'optimal', 'optimal'],
];

const options = parseOrExit('fit-win-calibration', USAGE, (argv) => {
  const flags = readFlags(argv, {
    valued: ['--deals', '--workers', '--rules'],
    switches: ['--check', '--refit', '--help', '-h'],
    stopAt: ['--help', '-h'],
  });
  if (flags.switches.has('--help') || flags.switches.has('-h')) {
    console.log(USAGE);
    process.exit(0);
  }
  const asked = flags.values.get('--rules')?.split(',');
  const covered = RULE_SETS.filter(winModelCovers);
  for (const id of asked ?? []) {
    if (!isRuleSetId(id) || !winModelCovers(id)) {
      throw new Error(`--rules takes some of ${covered.join(', ')}, got ${JSON.stringify(id)}`);
    }
  }
  const check = flags.switches.has('--check');
  const refit = flags.switches.has('--refit');
  if (check && refit) throw new Error('--check and --refit go alone');
  if (refit && (flags.values.has('--deals') || flags.values.has('--workers'))) {
    throw new Error('--refit plays nothing: it takes no --deals or --workers');
  }
  return {
    refit,
    rules: (asked as RuleSetId[] | undefined) ?? ['seed', 'classic'],
    own: asked !== undefined,
    deals: flags.values.has('--deals') ? countFlag(flags, '--deals', 12_000) : null,
    workers: countFlag(flags, '--workers', 2),
    check,
  };
});

/** How a rule set's shipped numbers were made: its own `made`, else the table's. */
const madeOf = (rules: RuleSetId): { deals: readonly number[]; seed: number } =>
  WIN_CALIBRATION_TABLE.rules[rules]?.made ?? WIN_CALIBRATION_TABLE.made;

/**
 * The deals of each table size for a rule set: N two-player deals and N/3 of three (--check: those its
 * shipped numbers were made from, unless told otherwise).
 */
function dealsPerSize(rules: RuleSetId): number[] {
  if (options.check && options.deals === null) return [...madeOf(rules).deals];
  const deals = options.deals ?? 12_000;
  return [deals, Math.ceil(deals / 3)];
}

/** Rounded to 6 significant digits: the table keeps the sums so (and fits from what it keeps). */
const keep = (x: number): number => Number(x.toPrecision(6));
/** Rounded as kept, each cell's free rows cut to the rule set's turns (13, or 15 under `yatzy`). */
const kept = (a: number[][][][], turns: number): number[][][][] =>
  a.map((b) => b.map((c) => c.map((d) => d.slice(0, turns).map(keep))));

async function fit(rules: RuleSetId): Promise<FitSums> {
  const total = emptyFitSums();
  for (let size = 0; size < TABLES.length; size++) {
    const started = performance.now();
    const job = { rules, seats: TABLES[size]!, seed: FIT_SEED, from: 0, to: dealsPerSize(rules)[size]! };
    for (const part of await runDeals<FitSums>('fit', job, options.workers)) addFitSums(total, part);
    const seconds = ((performance.now() - started) / 1000).toFixed(0);
    console.error(`${rules}, ${TABLES[size]!.join(' vs ')}: ${job.to} deals in ${seconds} s`);
  }
  return total;
}

/** λ with its standard error over the deals, for the log. */
function report(rules: RuleSetId, sums: FitSums, gains: number[][][][]): void {
  for (let size = 0; size < TABLES.length; size++) {
    for (const thrown of [0, 1]) {
      for (const last of [0, 1]) {
        const cells = gains[size]![thrown]![last]!.map((lambda, f) => {
          const at = (key: 'xy' | 'xx' | 'a2' | 'ab' | 'b2'): number => sums[key][size]![thrown]![last]![f]!;
          const raw = at('xy') / at('xx');
          const se = Math.sqrt(Math.max(0, at('a2') - 2 * raw * at('ab') + raw * raw * at('b2'))) / at('xx');
          return `${f + 1}:${lambda.toFixed(2)}(${raw.toFixed(2)}±${se.toFixed(2)})`;
        });
        const where = `${size ? '3+' : '2'} players, ${thrown ? 'thrown' : 'waiting'}, ${last ? 'last' : 'not last'}`;
        console.error(`${rules} ${where} [free rows:λ(raw±se)] ${cells.join(' ')}`);
      }
    }
  }
}

async function main(): Promise<void> {
  const rules: Partial<Record<RuleSetId, RuleCalibration>> = {};
  const allSums: Partial<Record<RuleSetId, GainSums>> = {};
  for (const id of RULE_SETS.filter(winModelCovers)) {
    const shipped = WIN_CALIBRATION_TABLE.rules[id];
    const shippedSums = WIN_CALIBRATION_SUMS[id];
    if (options.refit || !options.rules.includes(id)) {
      if (shipped && shippedSums) {
        rules[id] = options.refit ? { ...shipped, ...fitOf(shippedSums, temperedRules(id)) } : shipped;
        allSums[id] = shippedSums;
      }
      continue;
    }
    const sums = await fit(id);
    const turns = turnsOf(id);
    const stored: GainSums = {
      xy: kept(sums.xy, turns),
      xx: kept(sums.xx, turns),
      xh: kept(sums.xh, turns),
      n: sums.n.map((b) => b.map((c) => c.map((d) => d.slice(0, turns)))),
      hy: sums.hy.map(keep),
      hh: sums.hh.map(keep),
    };
    const fitted = fitOf(stored, temperedRules(id));
    report(id, sums, fitted.gain);
    console.error(`${id} temper of the points line: ${fitted.temper.join(' (2 players), ')} (3+)`);
    // Fitted on its own (--rules), or already so: it says how (`made`) beside its numbers.
    const made = options.own || shipped?.made ? { made: { deals: dealsPerSize(id), seed: FIT_SEED } } : {};
    rules[id] = { ...fitted, ...made };
    allSums[id] = stored;
  }
  const text = await prettier.format(
    [
      '// Made by `npx tsx scripts/fit-win-calibration.ts`: do not edit (win-calibration.ts reads it, and',
      '// src/engine/bots/calibration.test.ts checks that every gain is what its sums give; the sums are',
      '// an export of their own, for the script and the test, which the page does not bundle).',
      "import type { WinCalibrationSums, WinCalibrationTable } from './win-calibration.js';",
      '',
      `export const WIN_CALIBRATION_TABLE: WinCalibrationTable = ${JSON.stringify({
        // The table's own `made` is of the default fit (seed and classic) alone.
        made:
          options.own || options.refit
            ? WIN_CALIBRATION_TABLE.made
            : { deals: dealsPerSize('seed'), seed: FIT_SEED },
        rules,
      })};`,
      '',
      `export const WIN_CALIBRATION_SUMS: WinCalibrationSums = ${JSON.stringify(allSums)};`,
      '',
    ].join('\n'),
    { ...(await prettier.resolveConfig(FILE)), filepath: FILE },
  );
  if (options.check) {
    const same = readFileSync(FILE, 'utf8') === text;
    console.log(same ? 'up to date' : 'OUT OF DATE');
    process.exit(same ? 0 : 1);
  }
  writeFileSync(FILE, text);
  console.log(`wrote ${FILE}`);
}

main().catch((error: unknown) => {
  console.error(`fit-win-calibration: ${(error as Error).message}`);
  process.exit(1);
});

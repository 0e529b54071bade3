/**
 * `npm run bench:win [-- --rules R --games N --solve --classic --json]`: how long the player that plays
 * to win takes in Node under a rule set (`seed` by default). The tables, each timed: the shipped target
 * tables read and decoded (win-targets*.bin), the rule set's expected-score table (decoded from its
 * shipped asset under `yahtzee` and `yatzy`, solver-*.bin, else solved), its bonus chances read and
 * checked (win-bonus-*.bin under `yahtzee` and `yatzy`), `seed`'s table for `classic` and `yahtzee`, and
 * the model (the remaining distributions, under `yatzy` with the table of its rows alone in the same
 * pass, and the bonus chances: decoded, or solved under `classic`); `tablesTotalMs` is what a worker
 * waits before its first answer, `tablesCpuMs` the CPU time of it (what it would be on an idle core). With --solve also
 * the target tables solved from scratch (what the asset saves), with --classic the classic model (its
 * table and bonus chances; the same as `--rules classic`). Then every decision of `winner` in N games
 * against `optimal` (40 by default), each from a cold turn (min, median, p99, max), and `winChances` at
 * each. Bad flags exit 2.
 */
import os from 'node:os';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { apply } from '../src/engine/actions.js';
import { createBot } from '../src/engine/bots/index.js';
import { newGame, type Game } from '../src/engine/game.js';
import { isRuleSetId, RULE_SETS } from '../src/engine/rules.js';
import {
  bestWinAction,
  createWinModel,
  decodeTargetTables,
  getTable,
  solveTable,
  solveTargetTables,
  winChances,
  winTargetsFileOf,
} from '../src/engine/solver/index.js';
import { decodeStateValues, hasTableAsset } from '../src/engine/solver/table-asset.js';
import { hasBonusAsset, provideBonusAsset } from '../src/engine/solver/win-bonus-asset.js';
import { countFlag, parseOrExit, readFlags } from './cli-args.js';

const USAGE =
  'usage: npm run bench:win -- [--rules seed|classic|yahtzee|yatzy] [--games N] [--solve] [--classic] [--json]';

const options = parseOrExit('bench-win', USAGE, (argv) => {
  const flags = readFlags(argv, {
    valued: ['--games', '--rules'],
    switches: ['--solve', '--classic', '--json', '--help', '-h'],
    stopAt: ['--help', '-h'],
  });
  const rules = flags.values.get('--rules') ?? 'seed';
  if (!isRuleSetId(rules)) {
    throw new Error(`--rules must be one of ${RULE_SETS.join(', ')}, got ${JSON.stringify(rules)}`);
  }
  return {
    rules,
    games: countFlag(flags, '--games', 40),
    solve: flags.switches.has('--solve'),
    classic: flags.switches.has('--classic'),
    json: flags.switches.has('--json'),
    help: flags.switches.has('--help') || flags.switches.has('-h'),
  };
});
if (options.help) {
  console.log(USAGE);
  process.exit(0);
}

const round = (ms: number): number => Math.round(ms * 1000) / 1000;
function time<T>(make: () => T): [T, number] {
  const start = performance.now();
  const value = make();
  return [value, round(performance.now() - start)];
}
const percentile = (sorted: number[], p: number): number =>
  sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))]!;
const solverFile = (name: string): string =>
  fileURLToPath(new URL(`../src/engine/solver/${name}`, import.meta.url));

const { rules } = options;
// CPU time beside wall time: on a shared machine the wall time is mostly the wait for a core.
const cpuStart = process.cpuUsage();
const result: Record<string, unknown> = { rules, load: os.loadavg()[0]!.toFixed(1) };
const { file, checksum, sheet } = winTargetsFileOf(rules);
const [targets, decodeMs] = time(() => decodeTargetTables(readFileSync(solverFile(file)), checksum, sheet));
const [table, tableMs] = time(() =>
  hasTableAsset(rules)
    ? decodeStateValues(rules, readFileSync(solverFile(`solver-${rules}.bin`)))
    : solveTable(rules),
);
const [, bonusMs] = time(() => {
  if (hasBonusAsset(rules)) provideBonusAsset(table, readFileSync(solverFile(`win-bonus-${rules}.bin`)));
});
// The 13 rows' table (`seed`'s) is solved apart; `yatzy`'s in the model's pass, as the worker does.
const [seedTable, seedMs] = time(() => (rules === 'seed' || rules === 'yatzy' ? null : getTable('seed')));
const [model, modelMs] = time(() =>
  createWinModel(rules, { targets, table, ...(seedTable ? { seedTable } : {}) }),
);
result.tablesMs = {
  assetDecode: decodeMs,
  expectedScoreTable: tableMs,
  bonusAssetRead: bonusMs,
  seedTable: seedMs,
  model: modelMs,
};
result.tablesTotalMs = round(decodeMs + tableMs + bonusMs + seedMs + modelMs);
const cpu = process.cpuUsage(cpuStart);
result.tablesCpuMs = round((cpu.user + cpu.system) / 1000);
if (options.solve) result.targetsSolvedMs = time(() => solveTargetTables({ sheet }))[1];
if (options.classic) {
  const seedTable = getTable('seed');
  const [classicTable, classicMs] = time(() => getTable('classic'));
  result.classicTableMs = classicMs;
  result.classicModelMs = time(() =>
    createWinModel('classic', {
      targets: decodeTargetTables(readFileSync(solverFile('win-targets.bin'))),
      table: classicTable,
      seedTable,
    }),
  )[1];
}

const decisions: number[] = [];
const chances: number[] = [];
for (let g = 0; g < options.games; g++) {
  const bots = [createBot('winner', { winModel: model }), createBot('optimal', { table })];
  let game: Game = newGame({ players: ['w', 'o'], rules, seed: 1000 + g });
  while (!game.over) {
    if (game.current === 0 && game.rollsUsed > 0) {
      // A new list of sheets: nothing of this turn is cached.
      const cold = { ...game, players: [...game.players] };
      decisions.push(time(() => bestWinAction(cold, model))[1]);
      chances.push(time(() => winChances(cold, model))[1]);
    }
    game = apply(game, bots[game.current]!.next(game));
  }
}
const summary = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return {
    n: sorted.length,
    min: sorted[0],
    median: percentile(sorted, 0.5),
    p99: percentile(sorted, 0.99),
    max: sorted[sorted.length - 1],
  };
};
result.decisionMs = summary(decisions);
result.winChancesMs = summary(chances);
result.loadAfter = os.loadavg()[0]!.toFixed(1);

if (options.json) console.log(JSON.stringify(result));
else console.log(JSON.stringify(result, null, 2));

/**
 * `npm run bench:win [-- --games N --solve --classic --json]`: how long the player that plays
 * to win takes in Node. The tables: the shipped target tables read and decoded (win-targets.bin) and
 * the rest of the model made (the expected-score table and the remaining distributions); with --solve
 * also the target tables solved from scratch (what the asset saves), with --classic the classic model
 * (its table and bonus chances). Then every decision of `winner` in N games against `optimal` (40 by
 * default), each from a cold turn (min, median, p99, max), and `winChances` at each. Bad flags exit 2.
 */
import os from 'node:os';
import { readFileSync } from 'node:fs';
import { apply } from '../src/engine/actions.js';
import { createBot } from '../src/engine/bots/index.js';
import { newGame, type Game } from '../src/engine/game.js';
import {
  bestWinAction,
  createWinModel,
  decodeTargetTables,
  getTable,
  solveTable,
  solveTargetTables,
  winChances,
} from '../src/engine/solver/index.js';
import { countFlag, parseOrExit, readFlags } from './cli-args.js';
import { WIN_TARGETS_FILE } from './win-asset-node.js';

const USAGE = 'usage: npm run bench:win -- [--games N] [--solve] [--classic] [--json]';

const options = parseOrExit('bench-win', USAGE, (argv) => {
  const flags = readFlags(argv, {
    valued: ['--games'],
    switches: ['--solve', '--classic', '--json', '--help', '-h'],
    stopAt: ['--help', '-h'],
  });
  return {
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

const result: Record<string, unknown> = { load: os.loadavg()[0]!.toFixed(1) };
const [targets, decodeMs] = time(() => decodeTargetTables(readFileSync(WIN_TARGETS_FILE)));
const [seedTable, tableMs] = time(() => solveTable('seed'));
const [model, modelMs] = time(() => createWinModel('seed', { targets, table: seedTable }));
result.tablesMs = { assetDecode: decodeMs, expectedScoreTable: tableMs, distributions: modelMs };
result.tablesTotalMs = round(decodeMs + tableMs + modelMs);
if (options.solve) result.targetsSolvedMs = time(() => solveTargetTables())[1];
if (options.classic) {
  const [classicTable, classicMs] = time(() => getTable('classic'));
  result.classicTableMs = classicMs;
  result.classicModelMs = time(() =>
    createWinModel('classic', { targets, table: classicTable, seedTable }),
  )[1];
}

const decisions: number[] = [];
const chances: number[] = [];
for (let g = 0; g < options.games; g++) {
  const bots = [createBot('winner', { winTargets: targets }), createBot('optimal', { table: seedTable })];
  let game: Game = newGame({ players: ['w', 'o'], seed: 1000 + g });
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

/**
 * `npm run sim -- --games N --bot winner|optimal|good|easy --rules seed|classic|yahtzee|yatzy [--seed S] [--json]`
 *
 * Plays N solitaire games headless through the engine (newGame + apply, dice from each game's seeded
 * generator; game i uses seed S + i) and prints the bot's scores beside the solver's optimal expected
 * score for an empty sheet. Bad arguments exit with code 2.
 *
 * `npm run sim -- --duel A,B[,C..F] --games N [--rules R] [--seed S] [--workers W] [--json]`
 *
 * Bots at one table (2 to 6, any of winner, optimal, good, easy): the games come in deals of one game
 * per rotation of the seats, all on the same dice (sim-duel.ts), N rounded up to whole deals, spread
 * over W worker threads (2 by default). Prints the first bot's share of the games won (a k-way draw
 * gives each 1/k) with its standard error over the deals, and each bot's mean score; with --json one
 * line `{ games, bots, rules, seed, winRate, winRateSE, shares, mean, seconds, workers }`.
 */
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import { createBot, isAnyBotId, playGame, type AnyBotId } from '../src/engine/bots/index.js';
import { totals } from '../src/engine/game.js';
import { isRuleSetId, RULE_SETS, type RuleSetId } from '../src/engine/rules.js';
import { expectedScoreFromStart, getTable } from '../src/engine/solver/index.js';
import { countFlag, integer, integerFlag, parseOrExit, readFlags } from './cli-args.js';
import { parseDuelList, type DealsJob, type DealsResult, type DuelBotId } from './sim-duel.js';

const USAGE =
  'usage: npm run sim -- --games N --bot winner|optimal|good|easy --rules seed|classic|yahtzee|yatzy [--seed S] [--json]\n' +
  '       npm run sim -- --duel A,B[,C..F] --games N [--rules R] [--seed S] [--workers W] [--json]';

interface Options {
  games: number;
  bot: AnyBotId;
  rules: RuleSetId;
  seed: number;
  json: boolean;
}

/** A duel's options. */
export interface DuelOptions {
  duel: DuelBotId[];
  games: number;
  rules: RuleSetId;
  seed: number;
  workers: number;
  json: boolean;
}

/** The most worker threads a duel takes. */
const MAX_WORKERS = 64;

/**
 * The options of a command line; `--help` prints the usage and exits at once, whatever follows it.
 * @throws Error with a one-line message for the user when an argument is unknown, missing or bad
 */
export function parse(args: readonly string[]): Options | DuelOptions {
  const flags = readFlags(args, {
    valued: ['--games', '--bot', '--rules', '--seed', '--duel', '--workers'],
    switches: ['--json', '--help', '-h'],
    stopAt: ['--help', '-h'],
  });
  if (flags.switches.has('--help') || flags.switches.has('-h')) {
    console.log(USAGE);
    process.exit(0);
  }
  if (flags.values.has('--duel')) {
    if (flags.values.has('--bot')) throw new Error('--duel names its bots: leave out --bot');
    if (!flags.values.has('--games')) throw new Error('--games is required');
    const games = integer(flags.values.get('--games')!);
    if (games === undefined || games < 1) throw new Error('--games must be a whole number of at least 1');
    const rules = flags.values.get('--rules') ?? 'seed';
    if (!isRuleSetId(rules)) {
      throw new Error(`--rules must be one of ${RULE_SETS.join(', ')}, got ${JSON.stringify(rules)}`);
    }
    const workers = countFlag(flags, '--workers', 2);
    if (workers > MAX_WORKERS) throw new Error(`--workers must be at most ${MAX_WORKERS}, got ${workers}`);
    return {
      duel: parseDuelList(flags.values.get('--duel')!),
      games,
      rules,
      seed: integerFlag(flags, '--seed', 1),
      workers,
      json: flags.switches.has('--json'),
    };
  }
  if (flags.values.has('--workers')) throw new Error('--workers goes with --duel');
  for (const required of ['--games', '--bot', '--rules']) {
    if (!flags.values.has(required)) throw new Error(`${required} is required`);
  }
  const games = integer(flags.values.get('--games')!);
  if (games === undefined || games < 1) {
    throw new Error('--games must be a whole number of at least 1');
  }
  const bot = flags.values.get('--bot');
  if (!isAnyBotId(bot)) {
    throw new Error(`--bot must be winner, optimal, good or easy, got ${JSON.stringify(bot)}`);
  }
  const rules = flags.values.get('--rules');
  if (!isRuleSetId(rules)) {
    throw new Error(`--rules must be one of ${RULE_SETS.join(', ')}, got ${JSON.stringify(rules)}`);
  }
  const seed = integerFlag(flags, '--seed', 1);
  return { games, bot, rules, seed, json: flags.switches.has('--json') };
}

/** Summary figures of a list of final scores. */
export interface ScoreSummary {
  n: number;
  mean: number;
  /** Sample standard deviation (0 for a single game). */
  sd: number;
  min: number;
  max: number;
}

/** Count, mean, standard deviation, min and max of the scores, for any number of games. */
export function summarize(scores: readonly number[]): ScoreSummary {
  const n = scores.length;
  // A loop, not Math.min(...scores): spreading some 130,000 arguments overflows the call stack.
  let min = Infinity;
  let max = -Infinity;
  let total = 0;
  for (const score of scores) {
    if (score < min) min = score;
    if (score > max) max = score;
    total += score;
  }
  const mean = total / n;
  const sd = n > 1 ? Math.sqrt(scores.reduce((a, b) => a + (b - mean) ** 2, 0) / (n - 1)) : 0;
  return { n, mean, sd, min, max };
}

/**
 * Plays a job in a worker thread. The worker's entry (sim-worker.mjs) registers tsx itself: Node 20 does
 * not hand a worker the loader given as `execArgv: ['--import', 'tsx']`.
 */
function inWorker(job: DealsJob): Promise<DealsResult> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(new URL('./sim-worker.mjs', import.meta.url), { workerData: job });
    worker.once('message', (result: DealsResult) => resolve(result));
    worker.once('error', reject);
    worker.once('exit', (code) => {
      if (code !== 0) reject(new Error(`A sim worker stopped with code ${code}`));
    });
  });
}

/** What a duel prints (one JSON line with --json). */
export interface DuelSummary {
  games: number;
  bots: DuelBotId[];
  rules: RuleSetId;
  seed: number;
  /** The first bot's share of the games won (a k-way draw gives each 1/k). */
  winRate: number;
  /** Its standard error, from the spread of the deals' shares (each deal: all rotations, same dice). */
  winRateSE: number;
  /** Each bot's share of the games won. */
  shares: number[];
  /** Each bot's mean score. */
  mean: number[];
  seconds: number;
  workers?: number;
}

/** The summary of a duel's deals. */
export function summarizeDuel(
  options: Pick<DuelOptions, 'duel' | 'rules' | 'seed'>,
  parts: readonly DealsResult[],
  seconds: number,
): DuelSummary {
  const shares = parts.flatMap((part) => part.firstShares);
  const deals = shares.length;
  const games = parts.reduce((sum, part) => sum + part.games, 0);
  const winRate = shares.reduce((a, b) => a + b, 0) / deals;
  const sd = deals > 1 ? Math.sqrt(shares.reduce((a, b) => a + (b - winRate) ** 2, 0) / (deals - 1)) : 0;
  const sum = (pick: (part: DealsResult) => number[], bot: number): number =>
    parts.reduce((total, part) => total + pick(part)[bot]!, 0);
  // Every bot plays every game.
  const perBot = games;
  return {
    games,
    bots: options.duel,
    rules: options.rules,
    seed: options.seed,
    winRate: round(winRate),
    winRateSE: round(sd / Math.sqrt(deals)),
    shares: options.duel.map((_, bot) => round(sum((part) => part.winSums, bot) / perBot)),
    mean: options.duel.map((_, bot) => round(sum((part) => part.scoreSums, bot) / perBot)),
    seconds: round(seconds),
  };
}

async function duel(options: DuelOptions): Promise<void> {
  const start = performance.now();
  const n = options.duel.length;
  const deals = Math.ceil(options.games / n);
  const workers = Math.min(options.workers, deals);
  const jobs: DealsJob[] = Array.from({ length: workers }, (_, w) => ({
    rules: options.rules,
    bots: options.duel,
    seed: options.seed,
    from: Math.floor((deals * w) / workers),
    to: Math.floor((deals * (w + 1)) / workers),
  }));
  const parts = await Promise.all(jobs.map(inWorker));
  const summary = { ...summarizeDuel(options, parts, (performance.now() - start) / 1000), workers };
  if (options.json) {
    console.log(JSON.stringify(summary));
    return;
  }
  const { games, winRate, winRateSE, mean, seconds } = summary;
  console.log(
    `${games} games (${deals} deals of ${n}), ${options.duel.join(' vs ')}, rules ${options.rules}`,
  );
  console.log(`${options.duel[0]} wins ${(winRate * 100).toFixed(2)}% ± ${(winRateSE * 100).toFixed(2)}`);
  console.log(`mean scores ${options.duel.map((id, i) => `${id} ${mean[i]}`).join(', ')}`);
  console.log(`${seconds} s on ${workers} worker${workers > 1 ? 's' : ''}`);
}

function main(): void {
  const parsed = parseOrExit('sim', USAGE, parse);
  if ('duel' in parsed) {
    duel(parsed).catch((error: unknown) => {
      console.error(`sim: ${(error as Error).message}`);
      process.exit(1);
    });
    return;
  }
  const options = parsed;
  const start = performance.now();
  const table = getTable(options.rules);
  const tableSeconds = (performance.now() - start) / 1000;
  const bot = createBot(options.bot, { seed: options.seed, table });

  const scores: number[] = [];
  for (let i = 0; i < options.games; i++) {
    const game = playGame({ players: [options.bot], rules: options.rules, seed: (options.seed + i) >>> 0 }, [
      bot,
    ]);
    scores.push(totals(game)[0]!);
  }
  const seconds = (performance.now() - start) / 1000;

  const { n, mean, sd, min, max } = summarize(scores);
  const expectedScore = expectedScoreFromStart(table);
  const standardError = sd / Math.sqrt(n);
  const result = {
    games: n,
    rules: options.rules,
    bot: options.bot,
    seed: options.seed,
    mean: round(mean),
    sd: round(sd),
    min,
    max,
    expectedScore: round(expectedScore),
    standardError: round(standardError),
    /** How many standard errors the mean lies from the optimal expectation. */
    zScore: standardError > 0 ? round((mean - expectedScore) / standardError) : null,
    seconds: round(seconds),
    tableSeconds: round(tableSeconds),
  };

  if (options.json) {
    console.log(JSON.stringify(result));
  } else {
    console.log(
      `${n} games, bot ${options.bot}, rules ${options.rules}, seeds ${options.seed}..${options.seed + n - 1}`,
    );
    console.log(
      `mean ${mean.toFixed(2)} ± ${standardError.toFixed(2)} (sd ${sd.toFixed(2)}), min ${result.min}, max ${result.max}`,
    );
    console.log(`optimal expected score ${expectedScore.toFixed(4)} (z = ${result.zScore ?? '-'})`);
    console.log(`${seconds.toFixed(2)} s (table ${tableSeconds.toFixed(2)} s)`);
  }
}

function round(value: number): number {
  return Math.round(value * 1e4) / 1e4;
}

// Run only as a program (`tsx scripts/sim.ts`), not when a test imports `summarize`.
if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) main();

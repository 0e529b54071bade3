/**
 * `npm run sim -- --games N --bot optimal|good|easy --rules seed|classic [--seed S] [--json]`
 *
 * Plays N solitaire games headless through the engine (newGame + apply, dice from each game's seeded
 * generator; game i uses seed S + i) and prints the bot's scores beside the solver's optimal expected
 * score for an empty sheet. Bad arguments exit with code 2.
 */
import { pathToFileURL } from 'node:url';
import { createBot, isBotId, playGame, type BotId } from '../src/engine/bots/index.js';
import { totals } from '../src/engine/game.js';
import { isRuleSetId, RULE_SETS, type RuleSetId } from '../src/engine/rules.js';
import { expectedScoreFromStart, getTable } from '../src/engine/solver/index.js';
import { integer, integerFlag, parseOrExit, readFlags } from './cli-args.js';

const USAGE =
  'usage: npm run sim -- --games N --bot optimal|good|easy --rules seed|classic [--seed S] [--json]';

interface Options {
  games: number;
  bot: BotId;
  rules: RuleSetId;
  seed: number;
  json: boolean;
}

/** The options of a command line; `--help` prints the usage and exits at once, whatever follows it. */
function parse(args: readonly string[]): Options {
  const flags = readFlags(args, {
    valued: ['--games', '--bot', '--rules', '--seed'],
    switches: ['--json', '--help', '-h'],
    stopAt: ['--help', '-h'],
  });
  if (flags.switches.has('--help') || flags.switches.has('-h')) {
    console.log(USAGE);
    process.exit(0);
  }
  for (const required of ['--games', '--bot', '--rules']) {
    if (!flags.values.has(required)) throw new Error(`${required} is required`);
  }
  const games = integer(flags.values.get('--games')!);
  if (games === undefined || games < 1) {
    throw new Error('--games must be a whole number of at least 1');
  }
  const bot = flags.values.get('--bot');
  if (!isBotId(bot)) throw new Error(`--bot must be optimal, good or easy, got ${JSON.stringify(bot)}`);
  const rules = flags.values.get('--rules');
  if (!isRuleSetId(rules)) {
    throw new Error(`--rules must be ${RULE_SETS.join(' or ')}, got ${JSON.stringify(rules)}`);
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

function main(): void {
  const options = parseOrExit('sim', USAGE, parse);
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

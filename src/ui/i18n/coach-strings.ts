import type { BotId } from '../../engine/bots/index.js';
import type { Lang } from './strings.js';
import { formatDecimal as decimal, numberFormat } from './number-formats.js';

/**
 * The coach's own words: its hints, the review after a game, and the computer seats of the start
 * panel. They load with those panels (a chunk of their own), not with the table.
 */
export interface CoachStrings {
  /** Heading of the hints. */
  hints: string;
  expectedScore: string;
  /** What the expected score means, for a tooltip. */
  expectedHelp: string;
  /** Marks the optimal choice. */
  best: string;
  /** Heading of the rows' expected scores. */
  rows: string;
  /** Heading of the holds' expected scores. */
  holds: string;
  /** Keep these dice (before the dice shown). */
  hold: string;
  /** Keep no die: throw all five again. */
  holdNone: string;
  /** The dice the player holds now. */
  yourHold: string;
  /** The solver is working. */
  thinking: string;
  unavailable: string;
  /** Expected points with one decimal, in the language's notation. */
  number: (value: number) => string;
  /** Expected points lost, e.g. `−1.5`. */
  loss: (value: number) => string;
  /** Heading of every player's chance to win now. */
  winChance: string;
  /** What the players' line is (each one's chance to win now), for its tooltip. */
  lineHelp: string;
  /** What the chance beside a choice is (taking it, then playing on to win), for its tooltip. */
  choiceHelp: string;
  /**
   * Under the players' line, once there are choices: what the two numbers beside each are, and why
   * none is above the player's chance now (the line is that of their best choice to win).
   */
  choiceNote: string;
  /** A chance as a whole percentage, e.g. `54%` (`<1%` and `>99%` at the ends). */
  percent: (value: number) => string;
  /** A chance to win beside an expected score, for a screen reader, e.g. `chance to win 54%`. */
  winOf: (value: number) => string;
  /** The chance to win is being calculated. */
  winPending: string;
  /** Chance to win lost, e.g. `−4%`. */
  winLoss: (value: number) => string;
  /** Switches the review between expected points and the chance to win. */
  reviewBy: string;
  byPoints: string;
  byWin: string;
  /** The review by chance to win, explained. */
  reviewWinIntro: string;
  winLost: string;
  review: string;
  reviewIntro: string;
  reviewing: string;
  pointsLost: string;
  finalScore: string;
  optimalExpected: string;
  decisions: (n: number) => string;
  worstDecisions: string;
  allDecisions: string;
  noMistakes: string;
  /** Heading of the loss per round chart. */
  lossByRound: string;
  /** The loss per round chart's x axis. */
  roundAxis: string;
  /** Opens a chart's numbers as a table. */
  asTable: string;
  /** When a decision was made: round (0-based) and throws seen. */
  when: (turn: number, throwNumber: number) => string;
  chosen: string;
  /** A row scored with its points, e.g. `Chance (22)`. */
  scored: (row: string, points: number) => string;
  /** Label of the seat kind chooser. */
  seatKind: string;
  seats: Record<'human' | BotId, string>;
}

/** A chance in whole percent; a chance not quite 0 or 1 is not rounded to it. */
function percentOf(lang: Lang, value: number): string {
  const format = numberFormat(lang, 'percent');
  if (value > 0 && value < 0.005) return `<${format.format(0.01)}`;
  if (value < 1 && value > 0.995) return `>${format.format(0.99)}`;
  return format.format(value);
}

const en: CoachStrings = {
  hints: 'Hints',
  expectedScore: 'Expected score',
  expectedHelp: 'The final score to expect on average, playing as well as possible from here',
  best: 'Best',
  rows: 'Rows',
  holds: 'What to keep',
  hold: 'Keep',
  holdNone: 'Throw all again',
  yourHold: 'Your choice',
  thinking: 'Calculating…',
  unavailable: 'Hints could not be calculated.',
  number: (value) => decimal('en', value),
  loss: (value) => `−${decimal('en', Math.abs(value))}`,
  winChance: 'Chance to win now',
  lineHelp:
    'Each player’s chance to finish first (a tie shared) as the game stands now, each playing as their seat plays: you, to win',
  choiceHelp: 'Your chance to win if you make this choice and then go on playing to win',
  choiceNote:
    'Beside each choice: its expected score, then your chance to win if you take it and play on to win. Your chance now is that of your best choice to win.',
  percent: (value) => percentOf('en', value),
  winOf: (value) => `chance to win ${percentOf('en', value)}`,
  winPending: 'Calculating the chances to win…',
  winLoss: (value) => `−${percentOf('en', Math.abs(value))}`,
  reviewBy: 'Judge the decisions by',
  byPoints: 'Points',
  byWin: 'Chance to win',
  reviewWinIntro: 'The chance to win each decision gave up against the best play to win.',
  winLost: 'Chance to win lost',
  review: 'Game review',
  reviewIntro: 'Expected points each decision lost against the best play.',
  reviewing: 'Reviewing the game…',
  pointsLost: 'Points lost',
  finalScore: 'Final score',
  optimalExpected: 'Best play expects',
  decisions: (n) => (n === 1 ? '1 decision' : `${n} decisions`),
  worstDecisions: 'Worst decisions',
  allDecisions: 'All decisions',
  noMistakes: 'No mistakes: every decision was the best.',
  lossByRound: 'Points lost by round',
  roundAxis: 'Round',
  asTable: 'Show as a table',
  when: (turn, throwNumber) => `Round ${turn + 1}, throw ${throwNumber}`,
  chosen: 'Chosen',
  scored: (row, points) => `${row} (${points})`,
  seatKind: 'Played by',
  seats: {
    human: 'Person',
    winner: 'Computer: plays to win',
    optimal: 'Computer: optimal',
    good: 'Computer: good',
    easy: 'Computer: beginner',
  },
};

const et: CoachStrings = {
  hints: 'Vihjed',
  expectedScore: 'Oodatav skoor',
  expectedHelp: 'Keskmine lõppskoor, mida oodata, kui siit edasi parimal viisil mängida',
  best: 'Parim',
  rows: 'Read',
  holds: 'Mida hoida',
  hold: 'Hoia',
  holdNone: 'Viska kõik uuesti',
  yourHold: 'Sinu valik',
  thinking: 'Arvutan…',
  unavailable: 'Vihjeid ei õnnestunud arvutada.',
  number: (value) => decimal('et', value),
  loss: (value) => `−${decimal('et', Math.abs(value))}`,
  winChance: 'Võiduvõimalus praegu',
  lineHelp:
    'Iga mängija tõenäosus lõpetada esimesena (viigi korral jagatult) praeguse seisu järgi, igaüks mängimas nii, nagu tema koht mängib: sina võidule',
  choiceHelp: 'Sinu võiduvõimalus, kui teed selle valiku ja mängid siis edasi võidule',
  choiceNote:
    'Iga valiku juures: selle oodatav skoor ja sinu võiduvõimalus, kui selle valid ja edasi võidule mängid. Sinu praegune võimalus on sama mis parimal valikul võiduks.',
  percent: (value) => percentOf('et', value),
  winOf: (value) => `võiduvõimalus ${percentOf('et', value)}`,
  winPending: 'Arvutan võiduvõimalusi…',
  winLoss: (value) => `−${percentOf('et', Math.abs(value))}`,
  reviewBy: 'Hinda otsuseid',
  byPoints: 'Punktid',
  byWin: 'Võiduvõimalus',
  reviewWinIntro: 'Kui palju võiduvõimalust iga otsus võidule mängimise parima käiguga võrreldes kaotas.',
  winLost: 'Kaotatud võiduvõimalus',
  review: 'Mängu analüüs',
  reviewIntro: 'Kui palju oodatavaid punkte iga otsus parima mänguga võrreldes kaotas.',
  reviewing: 'Analüüsin mängu…',
  pointsLost: 'Kaotatud punktid',
  finalScore: 'Lõppskoor',
  optimalExpected: 'Parima mängu oodatav skoor',
  decisions: (n) => (n === 1 ? '1 otsus' : `${n} otsust`),
  worstDecisions: 'Halvimad otsused',
  allDecisions: 'Kõik otsused',
  noMistakes: 'Vigu polnud: iga otsus oli parim.',
  lossByRound: 'Kaotatud punktid vooru kaupa',
  roundAxis: 'Voor',
  asTable: 'Näita tabelina',
  when: (turn, throwNumber) => `Voor ${turn + 1}, ${throwNumber}. vise`,
  chosen: 'Valik',
  scored: (row, points) => `${row} (${points})`,
  seatKind: 'Kes mängib',
  seats: {
    human: 'Inimene',
    winner: 'Arvuti: mängib võidule',
    optimal: 'Arvuti: optimaalne',
    good: 'Arvuti: hea',
    easy: 'Arvuti: algaja',
  },
};

const TABLES: Record<Lang, CoachStrings> = { et, en };

/** The coach's words in a language. */
export function coachStringsFor(lang: Lang): CoachStrings {
  return TABLES[lang];
}

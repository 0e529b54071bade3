import type { BotId } from '../../engine/bots/index.js';
import type { Lang } from './strings.js';

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
  /** When a decision was made: round (0-based) and throws seen. */
  when: (turn: number, throwNumber: number) => string;
  chosen: string;
  /** A row scored with its points, e.g. `Chance (22)`. */
  scored: (row: string, points: number) => string;
  /** Label of the seat kind chooser. */
  seatKind: string;
  seats: Record<'human' | BotId, string>;
}

const decimalEn = new Intl.NumberFormat('en-GB', { minimumFractionDigits: 1, maximumFractionDigits: 1 });
const decimalEt = new Intl.NumberFormat('et-EE', { minimumFractionDigits: 1, maximumFractionDigits: 1 });

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
  number: (value) => decimalEn.format(value),
  loss: (value) => `−${decimalEn.format(Math.abs(value))}`,
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
  number: (value) => decimalEt.format(value),
  loss: (value) => `−${decimalEt.format(Math.abs(value))}`,
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

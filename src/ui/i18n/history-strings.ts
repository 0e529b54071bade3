import type { HistoryFileErrorCode } from '../persistence/history-file.js';
import type { Lang } from './strings.js';
import { formatDecimal as decimal } from './number-formats.js';

/** The History panel's words (they load with the panel, a chunk of its own). */
export interface HistoryStrings {
  title: string;
  close: string;
  intro: string;
  empty: string;
  /** Label of the chooser of whose games are shown. */
  whose: string;
  games: (n: number) => string;
  score: string;
  pointsLost: string;
  /** The chart of points lost, as a player reads it. */
  skill: string;
  luck: string;
  luckHelp: string;
  /** The column of chance to win given away: percentage points summed over the decisions. */
  winLost: string;
  /** Why the chance to win lost, a sum over a game's decisions, can pass 100 points. */
  winLostHelp: string;
  /** Averages over the last 10 games with a value, and over all. */
  averages: (recent: string, all: string) => string;
  lastTen: string;
  allTime: string;
  game: string;
  date: string;
  rules: string;
  table: string;
  /** The x axis of the charts: the games, the latest on the right. */
  gamesAxis: (shown: number, of: number) => string;
  points: string;
  number: (value: number) => string;
  signed: (value: number) => string;
  /** Chance given away in percentage points, e.g. `108.2` (summed over decisions, it may pass 100). */
  percentPoints: (value: number) => string;
  none: string;
  exportFile: string;
  importFile: string;
  imported: (added: number) => string;
  notSaved: string;
  refused: Record<HistoryFileErrorCode, string>;
}

const sign = (value: number, text: string) => (value > 0.05 ? `+${text}` : value < -0.05 ? `−${text}` : text);

const en: HistoryStrings = {
  title: 'History',
  close: 'Close',
  intro:
    'Every finished game on this device, with its review. Skill: the points your decisions lost against the best play. Luck: what your dice were worth against the average.',
  empty: 'No finished games yet: play one to the end and it is kept here.',
  whose: 'Games of',
  games: (n) => (n === 1 ? '1 game' : `${n} games`),
  score: 'Score',
  pointsLost: 'Points lost',
  skill: 'Skill: points lost against the best play (lower is better)',
  luck: 'Luck: your dice against the average',
  luckHelp: 'The expected final score of the dice you were dealt, minus the average of best play',
  winLost: 'Chance to win lost (pp)',
  winLostHelp:
    'Chance to win lost: what each of your decisions gave up against the best play to win, added up over the game, in percentage points. At most 100: past that (the dice or the other players’ mistakes gave chances back between your decisions) you gave up every chance you had.',
  averages: (recent, all) => `Average: last 10 ${recent} · all games ${all}`,
  lastTen: 'average of the last 10',
  allTime: 'average of all games',
  game: 'Game',
  date: 'Date',
  rules: 'Rules',
  table: 'Show as a table',
  gamesAxis: (shown, of) => (shown === of ? 'Games, oldest to latest' : `The latest ${shown} of ${of} games`),
  points: 'Points',
  number: (value) => decimal('en', value),
  signed: (value) => sign(value, decimal('en', Math.abs(value))),
  percentPoints: (value) => decimal('en', value * 100),
  none: '–',
  exportFile: 'Export to a file',
  importFile: 'Import a file',
  imported: (added) => (added === 1 ? 'Imported: 1 new game.' : `Imported: ${added} new games.`),
  notSaved: 'The games could not be saved in this browser (storage full or blocked).',
  refused: {
    'too-large': 'That file is too large to be a history of games. Nothing was changed.',
    'not-json': 'That file is not a history of games (it is not JSON). Nothing was changed.',
    'not-history': 'That file is not a history of games. Nothing was changed.',
    version: 'That history was saved by another version of the game. Nothing was changed.',
    damaged: 'That file was changed or damaged since it was exported. Nothing was changed.',
    'bad-game': 'A game in that file is not valid. Nothing was changed.',
    'too-many': 'That file holds more games than a history keeps. Nothing was changed.',
  },
};

const et: HistoryStrings = {
  title: 'Ajalugu',
  close: 'Sulge',
  intro:
    'Kõik selles seadmes lõpetatud mängud koos analüüsiga. Oskus: kui palju punkte su otsused parima mänguga võrreldes kaotasid. Õnn: kui palju su täringud keskmisega võrreldes väärt olid.',
  empty: 'Lõpetatud mänge veel pole: mängi üks lõpuni ja see jääb siia.',
  whose: 'Kelle mängud',
  games: (n) => (n === 1 ? '1 mäng' : `${n} mängu`),
  score: 'Skoor',
  pointsLost: 'Kaotatud punktid',
  skill: 'Oskus: parima mänguga võrreldes kaotatud punktid (vähem on parem)',
  luck: 'Õnn: sinu täringud keskmisega võrreldes',
  luckHelp: 'Sulle langenud täringute oodatav lõppskoor miinus parima mängu keskmine',
  winLost: 'Kaotatud võiduvõimalus (pp)',
  winLostHelp:
    'Kaotatud võiduvõimalus: kui palju iga sinu otsus võidule mängimise parima käiguga võrreldes kaotas, kogu mängu peale kokku, protsendipunktides. Kõige rohkem 100: sellest üle (täringud või teiste mängijate vead andsid vahepeal võimalusi tagasi) oled andnud ära kogu oma võimaluse.',
  averages: (recent, all) => `Keskmine: viimased 10 ${recent} · kõik mängud ${all}`,
  lastTen: 'viimase 10 keskmine',
  allTime: 'kõigi mängude keskmine',
  game: 'Mäng',
  date: 'Kuupäev',
  rules: 'Reeglid',
  table: 'Näita tabelina',
  gamesAxis: (shown, of) =>
    shown === of ? 'Mängud, vanimast viimaseni' : `Viimased ${shown} mängu ${of}-st`,
  points: 'Punktid',
  number: (value) => decimal('et', value),
  signed: (value) => sign(value, decimal('et', Math.abs(value))),
  percentPoints: (value) => decimal('et', value * 100),
  none: '–',
  exportFile: 'Salvesta faili',
  importFile: 'Loe failist',
  imported: (added) => (added === 1 ? 'Loetud: 1 uus mäng.' : `Loetud: ${added} uut mängu.`),
  notSaved: 'Mänge ei õnnestunud selles brauseris salvestada (mälu täis või keelatud).',
  refused: {
    'too-large': 'See fail on mängude ajaloo jaoks liiga suur. Midagi ei muudetud.',
    'not-json': 'See fail pole mängude ajalugu (see pole JSON). Midagi ei muudetud.',
    'not-history': 'See fail pole mängude ajalugu. Midagi ei muudetud.',
    version: 'See ajalugu on salvestatud mängu teise versiooniga. Midagi ei muudetud.',
    damaged: 'Seda faili on pärast salvestamist muudetud või see on rikutud. Midagi ei muudetud.',
    'bad-game': 'Üks mäng selles failis pole korrektne. Midagi ei muudetud.',
    'too-many': 'Selles failis on rohkem mänge, kui ajalugu hoiab. Midagi ei muudetud.',
  },
};

const TABLES: Record<Lang, HistoryStrings> = { en, et };

/** The History panel's words in a language. */
export function historyStringsFor(lang: Lang): HistoryStrings {
  return TABLES[lang];
}

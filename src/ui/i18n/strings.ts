import type { RowId, RuleErrorCode, RuleSetId } from '../../engine/index.js';
import type { BotId } from '../../engine/bots/bot.js';

/** Every text the player sees, in one language. No string the player sees lives outside these tables. */
export interface Strings {
  /** The language these strings are in. */
  lang: Lang;
  rows: Record<RowId, string>;
  rowHints: Record<RowId, string>;
  /** A rule set's own names of rows where they differ from `rows` (its Yahtzee or Yatzy row). */
  ruleRows: Partial<Record<RuleSetId, Partial<Record<RowId, string>>>>;
  /** A rule set's own hints of rows where its rows score otherwise than `rowHints` says. */
  ruleRowHints: Partial<Record<RuleSetId, Partial<Record<RowId, string>>>>;
  /** A rule set's short name, as a choice shows it (whole, on a phone too). */
  rules: Record<RuleSetId, string>;
  /** What sets a rule set apart, in a sentence shown beside its name where it is chosen. */
  ruleSummaries: Record<RuleSetId, string>;
  /** Why a player's own move was refused (what the overlay lets a player try). */
  errors: Record<PlayerErrorCode, string>;
  /** Any other refusal (only a page's script meets those, and it gets the code). */
  errorOther: string;
  title: string;
  total: string;
  bonus: string;
  /** The line of Yahtzee bonuses on a `yahtzee` sheet. */
  yahtzeeBonus: string;
  /** How many Yahtzee bonuses a player has earned (the sheet shows the count beside their points). */
  yahtzeeBonusCount: (count: number) => string;
  player: string;
  /** A player who forfeited (out of the game), as the sheet names them. */
  playerOut: (name: string) => string;
  players: string;
  playerName: (n: number) => string;
  defaultName: (n: number) => string;
  /** An online table's computer seat `n`, in the page's language (the server names it in English). */
  computerSeat: (n: number) => string;
  /** A computer's seat in a game in the page, by what it is (named so unless given a name of its own). */
  computerKind: Record<BotId, string>;
  addPlayer: string;
  /** Why no player can be added: the table is full. */
  playersFull: (max: number) => string;
  removePlayer: string;
  ruleSet: string;
  start: string;
  /** The start panel's button to online play (the online panel's title too). */
  playOnline: string;
  /** The start panel's way to check a saved online game's record (one a friend sent). */
  checkRecord: string;
  /** Opens the short guide (<dp-how-to-play>): the start panel's button, and the top bar's "?" names it so. */
  howToPlay: string;
  newGame: string;
  confirmNewGame: string;
  /** "New game" pressed while dice are in the air: the panel opens once they rest. */
  newGameWaits: string;
  cancel: string;
  roll: string;
  rollsLeft: (n: number) => string;
  throwing: string;
  hintFirst: string;
  hintHold: string;
  /** The first two hints where the player's pointer is a finger (a touch screen). */
  touchHints: { first: string; hold: string };
  hintScore: string;
  held: string;
  /** Name of the group of five dice in the tray. */
  trayLabel: string;
  die: (index: number, face: number, held: boolean) => string;
  /** A die of the tray before the turn's first throw: it shows no face yet. */
  dieUnthrown: (index: number) => string;
  /** The turn line: `turn` from 0, of `rounds` (13, or 15 under `yatzy`). */
  turnOf: (name: string, turn: number, rounds: number) => string;
  /** Online, the turn line when the turn is this page's own. */
  yourTurn: (name: string, turn: number, rounds: number) => string;
  /** What the controls say on a turn this page only watches, so no one is told to throw who cannot. */
  waiting: {
    /** The throw button's words on another's turn (a computer's, or another person's online). */
    turnOf: (name: string) => string;
    /** Under them, while a computer decides. */
    thinking: string;
    /** The help line meanwhile. */
    watch: (name: string) => string;
    /** The throw button's words while the game server cannot be reached. */
    link: string;
    /** The help line meanwhile. */
    linkHint: string;
    /** The throw button's words while the server stores the last change (its database away a moment). */
    saving: string;
    /** The help line meanwhile. */
    savingHint: string;
  };
  confirmZero: (row: string) => string;
  scoreZero: string;
  scores: (points: number) => string;
  gameOver: string;
  winner: (name: string) => string;
  draw: (names: string[]) => string;
  points: (n: number) => string;
  noWebgl: string;
  /** Screen-reader announcements and the table's text alternative. */
  said: {
    rolled: (name: string, dice: readonly number[], rollsLeft: number) => string;
    held: (die: number, face: number, held: boolean) => string;
    scored: (name: string, row: string, points: number, total: number) => string;
    turn: (name: string, turn: number, rounds: number) => string;
    table: (dice: readonly number[], held: readonly boolean[]) => string;
  };
  sound: { on: string; off: string };
  savedGameRefused: Record<'corrupt' | 'version' | 'tampered', string>;
  bestScores: string;
  clearScores: string;
  /** Asked before the best scores are cleared (they cannot be had back), with its two answers. */
  clearScoresAsk: string;
  clearScoresYes: string;
  keepScores: string;
  keys: string;
  cancelNewGame: string;
  sheet: string;
  language: string;
  /** The other language's own name, on the button that switches to it. */
  otherLanguage: string;
  /** The coach's words the table itself shows (its panels bring their own: coach-strings.ts). */
  coach: {
    /** Label of the switch that shows the hints. */
    /** The top bar's hints switch, saying whether they are on (as the sound's does). */
    hintsOn: string;
    hintsOff: string;
    showReview: string;
    /** Opens the History panel (every finished game with its review). */
    showHistory: string;
    botThinking: (name: string) => string;
    /** Plays the rest of the computer's turn without pauses. */
    skip: string;
  };
  /** The page's offer of a new version (its service worker, src/page): never taken without the player. */
  update: {
    ready: string;
    /** Takes the new version now (the page reloads; the game is kept). */
    apply: string;
    later: string;
  };
}

/** The refusals a player can meet by playing in the overlay: each has its own words. */
export type PlayerErrorCode = Extract<
  RuleErrorCode | ElementErrorCode,
  | 'no-roll-yet'
  | 'no-rolls-left'
  | 'all-held'
  | 'too-many-holds'
  | 'row-filled'
  | 'joker-row'
  | 'game-over'
  | 'throw-in-progress'
  | 'throw-cancelled'
  | 'no-game'
>;

/** Codes of refusals that come from the element rather than the rules. */
export type ElementErrorCode = 'throw-in-progress' | 'throw-cancelled' | 'no-game' | 'no-webgl';

/** Supported languages. */
export const LANGS = ['et', 'en'] as const;
/** A supported language. */
export type Lang = (typeof LANGS)[number];

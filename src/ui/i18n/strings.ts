import type { RowId, RuleErrorCode, RuleSetId } from '../../engine/index.js';

/** Every text the player sees, in one language. No string the player sees lives outside these tables. */
export interface Strings {
  rows: Record<RowId, string>;
  rowHints: Record<RowId, string>;
  rules: Record<RuleSetId, string>;
  errors: Record<RuleErrorCode | ElementErrorCode, string>;
  title: string;
  total: string;
  bonus: string;
  player: string;
  players: string;
  playerName: (n: number) => string;
  defaultName: (n: number) => string;
  addPlayer: string;
  removePlayer: string;
  ruleSet: string;
  start: string;
  newGame: string;
  confirmNewGame: string;
  cancel: string;
  roll: string;
  rollsLeft: (n: number) => string;
  throwing: string;
  hintFirst: string;
  hintHold: string;
  hintScore: string;
  held: string;
  free: string;
  die: (index: number, face: number, held: boolean) => string;
  turnOf: (name: string, turn: number) => string;
  confirmZero: (row: string) => string;
  scoreZero: string;
  scores: (points: number) => string;
  gameOver: string;
  winner: (name: string) => string;
  draw: (names: string[]) => string;
  points: (n: number) => string;
  noWebgl: string;
  sheet: string;
  language: string;
}

/** Codes of refusals that come from the element rather than the rules. */
export type ElementErrorCode = 'throw-in-progress' | 'throw-cancelled' | 'no-game' | 'no-webgl';

/** Supported languages. */
export const LANGS = ['et', 'en'] as const;
/** A supported language. */
export type Lang = (typeof LANGS)[number];

/**
 * The pure rules engine of Täringupokker: no DOM, rendering or physics. Runs the same in Node and in
 * the browser.
 */
export { ROWS, YATZY_ROWS, ROW_IDS, MAX_ROWS, UPPER_ROWS, isRowId, isUpperRow, type RowId } from './rows.js';
export { DICE_COUNT, isFace, faceCounts, type Dice } from './dice.js';
export { CodedError, RuleError, type RuleErrorCode } from './errors.js';
export { scoreRow, allowedRows, sheetRowPoints, isJoker, earnsYahtzeeBonus } from './scoring.js';
export {
  RULE_SETS,
  UPPER_BONUS_POINTS,
  UPPER_BONUS_THRESHOLD,
  YATZY_UPPER_BONUS_POINTS,
  YAHTZEE_BONUS_POINTS,
  isRuleSetId,
  rowsOf,
  hasRow,
  turnsOf,
  upperBonusOf,
  bonusParts,
  bonus,
  upperSum,
  playerTotal,
  type RuleSetId,
  type Scores,
  type BonusParts,
} from './rules.js';
export { seedRng, nextUint32, nextUnit, nextFace, type RngState } from './random.js';
export {
  MIN_PLAYERS,
  MAX_PLAYERS,
  MAX_NAME_LENGTH,
  ROLLS_PER_TURN,
  MAX_HOLD_CHANGES,
  MAX_TURN_ACTIONS,
  TURNS,
  isPlayerName,
  newGame,
  setupOf,
  throwSeed,
  rollsLeft,
  canRoll,
  canHold,
  holdsLeft,
  canScore,
  freeRows,
  scoringRows,
  sheetTotal,
  totals,
  winners,
  type Game,
  type GameSetup,
  type PlayerSheet,
} from './game.js';
export { apply, applyLogged, logRefusal, refusal, toggleHold, replay, type Action } from './actions.js';
export { restoreGame } from './restore.js';
export { scoreOptions } from './options.js';
export * from './solver/index.js';
export * from './bots/index.js';

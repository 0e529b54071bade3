/**
 * The pure rules engine of Täringupokker: no DOM, rendering or physics. Runs the same in Node and in
 * the browser.
 */
export { ROWS, UPPER_ROWS, isRowId, type RowId } from './rows.js';
export { DICE_COUNT, isFace, faceCounts, type Dice } from './dice.js';
export { CodedError, RuleError, type RuleErrorCode } from './errors.js';
export { scoreRow } from './scoring.js';
export {
  RULE_SETS,
  UPPER_BONUS_POINTS,
  UPPER_BONUS_THRESHOLD,
  isRuleSetId,
  bonus,
  upperSum,
  playerTotal,
  type RuleSetId,
  type Scores,
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

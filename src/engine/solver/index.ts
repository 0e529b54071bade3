/**
 * Exact optimal play for solitaire Täringupokker: backward induction over the sheet states (filled
 * rows, and the capped upper total under a rule set with an upper bonus) and, inside a turn, over the
 * 252 distinct throws and 462 distinct holds with exact probabilities. Pure TypeScript with typed
 * arrays: runs the same in Node, the browser and a Web Worker.
 */
export {
  solveTable,
  getTable,
  stateValue,
  expectedScoreFromStart,
  myopicTable,
  stateIndex,
  type StateValues,
  type SolveOptions,
} from './table.js';
export {
  rankRows,
  rankHolds,
  bestAction,
  positionOf,
  type Position,
  type RowChoice,
  type HoldChoice,
  type BestAction,
} from './decisions.js';
export {
  bonusModel,
  maskOf,
  flagOf,
  sheetModel,
  trackedUpper,
  type BonusModel,
  type SheetModel,
  type SheetOptions,
} from './sheet-model.js';
export {
  ROW_MAX,
  MAX_ROW_TOTAL,
  maxRemaining,
  remainingChance,
  rowsSheetOf,
  rowsTableOf,
  reachChance,
  solveRemainingDistributions,
  solveTargetTables,
  type RemainingDistributions,
  type TargetTables,
  type TargetOptions,
} from './win-tables.js';
export {
  WIN_TARGETS_CHECKSUM,
  WIN_TARGETS_YATZY_CHECKSUM,
  winTargetsFileOf,
  encodeTargetTables,
  decodeTargetTables,
  fnv1a,
} from './win-asset.js';
export { solveBonusChances, type BonusChances } from './win-bonus.js';
export {
  LATE_FREE_ROWS,
  winModelCovers,
  createWinModel,
  getWinModel,
  winChances,
  rankRowsByWin,
  rankHoldsByWin,
  bestWinAction,
  reviewByWin,
  type SeatPlay,
  type WinOptions,
  type WinModel,
  type WinModelOptions,
  type WinRowChoice,
  type WinHoldChoice,
  type WinAction,
  type WinReviewedDecision,
} from './win.js';

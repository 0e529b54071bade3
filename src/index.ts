/**
 * Täringupokker: importing this module registers <dice-poker>. It also re-exports the public types
 * and the pure rules engine, so embedders can drive or check a game in code.
 */
export { DicePoker } from './ui/dice-poker/dice-poker.js';
export type { NewGameOptions } from './ui/new-game-options.js';
export { DicePokerError, type DicePokerErrorCode } from './ui/errors.js';
export type { DicePokerState, PlayerSnapshot } from './ui/state-snapshot.js';
export type { RollDetail, HoldDetail, ScoreDetail, TurnDetail, GameOverDetail } from './ui/events.js';
export * from './engine/index.js';

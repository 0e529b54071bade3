/**
 * Täringupokker: importing this module registers <dice-poker>. It also re-exports the public types
 * and the pure rules engine, so embedders can drive or check a game in code.
 *
 * The types reached from here are the npm package's public types: none may name three's (three ships
 * none, and @types/three is a dev dependency), or a strict app checking its libraries fails on them
 * (see src/scene/index.ts; `npm run test:package` checks the packed package in such an app).
 */
export { DicePoker } from './ui/dice-poker/dice-poker.js';
export type { NewGameOptions } from './ui/new-game-options.js';
export { DicePokerError, type DicePokerErrorCode } from './ui/errors.js';
export type { DicePokerState, PlayerSnapshot } from './ui/state-snapshot.js';
export type { RollDetail, HoldDetail, ScoreDetail, TurnDetail, GameOverDetail } from './ui/events.js';
export type { Gesture } from './physics/types.js';
export type { TableProbe, GpuResources } from './scene/index.js';
export type { OnlineGameRecord } from './online/game-record.js';
export type { VerifyResult, VerifyFinding, VerifyStep } from './online/verify.js';
export * from './engine/index.js';

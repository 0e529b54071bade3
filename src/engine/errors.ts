/**
 * Every way an action can be refused. The code is stable and machine-readable: embedders and the UI
 * switch on it (and translate it), never on the message.
 */
export type RuleErrorCode =
  | 'no-roll-yet'
  | 'no-rolls-left'
  | 'all-held'
  | 'row-filled'
  | 'joker-row'
  | 'unknown-row'
  | 'game-over'
  | 'bad-dice'
  | 'held-die-changed'
  | 'bad-die-index'
  | 'no-change'
  | 'too-many-holds'
  | 'bad-player-count'
  | 'bad-name'
  | 'unknown-rules'
  | 'bad-seed'
  | 'bad-action'
  | 'bad-state';

/**
 * An error with a stable, machine-readable `code`: the one base of the engine's RuleError, the 3D
 * table's SceneError and the element's DicePokerError. Callers switch on `code` (and translate it),
 * never on the message; `instanceof CodedError` catches any of them.
 */
export class CodedError<Code extends string = string> extends Error {
  /** Stable machine-readable reason. */
  readonly code: Code;

  constructor(code: Code, message: string) {
    super(message);
    this.name = 'CodedError';
    this.code = code;
  }
}

/** A refused action. The game it was asked of is left exactly as it was. */
export class RuleError extends CodedError<RuleErrorCode> {
  constructor(code: RuleErrorCode, message: string) {
    super(code, message);
    this.name = 'RuleError';
  }
}

/**
 * Every way an action can be refused. The code is stable and machine-readable: embedders and the UI
 * switch on it (and translate it), never on the message.
 */
export type RuleErrorCode =
  | 'no-roll-yet'
  | 'no-rolls-left'
  | 'all-held'
  | 'row-filled'
  | 'unknown-row'
  | 'game-over'
  | 'bad-dice'
  | 'held-die-changed'
  | 'bad-die-index'
  | 'bad-player-count'
  | 'bad-name'
  | 'unknown-rules'
  | 'bad-seed'
  | 'bad-action'
  | 'bad-state';

/** A refused action. The game it was asked of is left exactly as it was. */
export class RuleError extends Error {
  /** Stable machine-readable reason. */
  readonly code: RuleErrorCode;

  constructor(code: RuleErrorCode, message: string) {
    super(message);
    this.name = 'RuleError';
    this.code = code;
  }
}

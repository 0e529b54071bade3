import { CodedError, RuleError, type RuleErrorCode } from '../engine/index.js';
import { ProtocolError, type OnlineErrorCode } from '../online/protocol.js';
import type { ElementErrorCode } from './i18n/index.js';

/** Every code a refused call on <dice-poker> can carry (online play's included). */
export type DicePokerErrorCode = RuleErrorCode | ElementErrorCode | OnlineErrorCode;

/** A refused call on <dice-poker>. The element's state is unchanged after it. */
export class DicePokerError extends CodedError<DicePokerErrorCode> {
  constructor(code: DicePokerErrorCode, message: string) {
    super(code, message);
    this.name = 'DicePokerError';
  }

  /** The element's error for anything thrown by the engine or a table (a RuleError's or ProtocolError's code kept). */
  static from(error: unknown): DicePokerError {
    if (error instanceof DicePokerError) return error;
    if (error instanceof RuleError || error instanceof ProtocolError)
      return new DicePokerError(error.code as DicePokerErrorCode, error.message);
    return new DicePokerError('bad-action', error instanceof Error ? error.message : String(error));
  }
}

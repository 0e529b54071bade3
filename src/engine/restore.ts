import { RuleError } from './errors.js';
import { setupOf, type Game } from './game.js';
import { replay } from './actions.js';

/**
 * A game from untrusted data (storage, a network, a file): it is rebuilt by replaying its log from its
 * setup, and accepted only if that reproduces the data exactly. Tampered or corrupt data is refused.
 * @throws RuleError `bad-state`
 */
export function restoreGame(data: unknown): Game {
  let rebuilt: Game;
  try {
    const claimed = data as Game;
    rebuilt = replay(setupOf(claimed), claimed.log);
  } catch (error) {
    throw new RuleError('bad-state', `Saved game is not valid: ${(error as Error).message}`);
  }
  if (JSON.stringify(rebuilt) !== JSON.stringify(data)) {
    throw new RuleError('bad-state', 'Saved game does not match its own history');
  }
  return rebuilt;
}

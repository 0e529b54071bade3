import { describe, expect, it } from 'vitest';
import { CodedError, RuleError, newGame, apply } from '../engine/index.js';
import { SceneError } from '../scene/SceneError.js';
import { DicePokerError } from './errors.js';

/** What a refused engine call throws. */
function engineRefusal(): unknown {
  try {
    apply(newGame({ players: ['Ann'], seed: 1 }), { type: 'score', row: 'chance' });
  } catch (error) {
    return error;
  }
  throw new Error('the engine accepted a score before any throw');
}

describe('one coded error for engine, scene and element', () => {
  it.each([
    ['RuleError', new RuleError('no-roll-yet', 'Throw first'), RuleError],
    ['SceneError', new SceneError('no-webgl', 'No WebGL'), SceneError],
    ['DicePokerError', new DicePokerError('no-game', 'Start a game first'), DicePokerError],
  ] as const)('%s is a CodedError and an Error, with its name, code and message', (name, error, type) => {
    expect(error).toBeInstanceOf(type);
    expect(error).toBeInstanceOf(CodedError);
    expect(error).toBeInstanceOf(Error);
    expect(error.name).toBe(name);
    expect(error.message).not.toBe('');
    expect(String(error)).toBe(`${name}: ${error.message}`);
  });

  it('keeps the classes apart: no error is taken for another kind', () => {
    expect(new RuleError('bad-seed', 'x')).not.toBeInstanceOf(DicePokerError);
    expect(new SceneError('disposed', 'x')).not.toBeInstanceOf(RuleError);
    expect(new DicePokerError('bad-seed', 'x')).not.toBeInstanceOf(RuleError);
  });

  it('the engine refuses with a RuleError carrying its code', () => {
    const error = engineRefusal();
    expect(error).toBeInstanceOf(RuleError);
    expect(error).toBeInstanceOf(CodedError);
    expect((error as RuleError).code).toBe('no-roll-yet');
  });

  it('DicePokerError.from keeps a RuleError code and message, passes its own through, and calls the rest bad-action', () => {
    const rule = engineRefusal() as RuleError;
    const fromRule = DicePokerError.from(rule);
    expect(fromRule).toBeInstanceOf(DicePokerError);
    expect(fromRule.code).toBe(rule.code);
    expect(fromRule.message).toBe(rule.message);

    const own = new DicePokerError('throw-in-progress', 'Wait');
    expect(DicePokerError.from(own)).toBe(own);

    const other = DicePokerError.from(new TypeError('boom'));
    expect(other.code).toBe('bad-action');
    expect(other.message).toBe('boom');
    expect(DicePokerError.from('plain words').message).toBe('plain words');

    // A scene's error is not the engine's: its code is not carried over.
    expect(DicePokerError.from(new SceneError('throw-timeout', 'slow')).code).toBe('bad-action');
  });
});

import { RuleError } from './errors.js';

/** Five dice, each 1..6. */
export type Dice = readonly number[];

/** Number of dice in play. */
export const DICE_COUNT = 5;

/** Whether a value is a face of a six-sided die. */
export function isFace(value: unknown): value is number {
  return typeof value === 'number' && Number.isInteger(value) && value >= 1 && value <= 6;
}

/**
 * Whether every index 0..length-1 of an array passes a test. Unlike `every`, which skips the holes of a
 * sparse array (`[1, , 3]`), a hole is read as `undefined` and tested like any other value.
 */
function everyIndex<T>(array: readonly T[], test: (value: T | undefined) => boolean): boolean {
  for (let i = 0; i < array.length; i++) if (!test(array[i])) return false;
  return true;
}

/** The `bad-dice` refusal of anything that is not exactly five integer faces 1..6 (a hole is not a face); else null. */
export function diceRefusal(dice: unknown): RuleError | null {
  if (!Array.isArray(dice) || dice.length !== DICE_COUNT || !everyIndex(dice, isFace)) {
    return new RuleError(
      'bad-dice',
      `Dice must be exactly ${DICE_COUNT} integers from 1 to 6, got ${safeText(dice)}`,
    );
  }
  return null;
}

/** Refuses anything that is not exactly five integer faces 1..6 (a hole is not a face). */
export function assertDice(dice: unknown): asserts dice is Dice {
  const refused = diceRefusal(dice);
  if (refused) throw refused;
}

/** The `bad-die-index` refusal of a die index outside 0..4; else null. */
export function dieIndexRefusal(index: unknown): RuleError | null {
  if (typeof index !== 'number' || !Number.isInteger(index) || index < 0 || index >= DICE_COUNT) {
    return new RuleError('bad-die-index', `A die index is 0 to ${DICE_COUNT - 1}, got ${safeText(index)}`);
  }
  return null;
}

/** Refuses a die index outside 0..4. */
export function assertDieIndex(index: unknown): asserts index is number {
  const refused = dieIndexRefusal(index);
  if (refused) throw refused;
}

/** How many dice show each face: counts[f] for f = 1..6 (index 0 unused). */
export function faceCounts(dice: Dice): number[] {
  const counts = [0, 0, 0, 0, 0, 0, 0];
  for (const face of dice) counts[face]!++;
  return counts;
}

/** A short, safe rendering of untrusted input for an error message. */
export function safeText(value: unknown): string {
  let text: string;
  try {
    text = JSON.stringify(value) ?? String(value);
  } catch {
    text = String(value);
  }
  return text.length > 60 ? `${text.slice(0, 57)}...` : text;
}

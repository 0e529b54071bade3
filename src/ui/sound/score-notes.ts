/** One soft note of a scoring sound. */
export interface ScoreNote {
  /** Hz. */
  frequency: number;
  /** Seconds after the sound starts. */
  delay: number;
  /** Seconds the note takes to fade out. */
  duration: number;
  /** Peak gain, before the master volume. */
  gain: number;
  type: 'sine' | 'triangle';
}

/** Points from which a score earns a third, higher note (a full house or better). */
export const BIG_SCORE = 25;

const C4 = 261.63;
const E4 = 329.63;
const C5 = 523.25;
const G5 = 783.99;
const C6 = 1046.5;

/**
 * The notes for scoring `points`: a rising fifth for points (with the octave on top for a big
 * score), and a quiet falling third for a zero, which should console rather than scold.
 */
export function scoreNotes(points: number): ScoreNote[] {
  if (!(points > 0)) {
    return [
      { frequency: E4, delay: 0, duration: 0.35, gain: 0.12, type: 'sine' },
      { frequency: C4, delay: 0.12, duration: 0.5, gain: 0.1, type: 'sine' },
    ];
  }
  const notes: ScoreNote[] = [
    { frequency: C5, delay: 0, duration: 0.3, gain: 0.14, type: 'triangle' },
    { frequency: G5, delay: 0.09, duration: 0.45, gain: 0.12, type: 'triangle' },
  ];
  if (points >= BIG_SCORE)
    notes.push({ frequency: C6, delay: 0.18, duration: 0.6, gain: 0.09, type: 'triangle' });
  return notes;
}

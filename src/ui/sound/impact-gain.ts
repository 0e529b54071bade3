/** How loud an impact is for its speed. */
export interface ImpactGainOptions {
  /** Impacts at or below this speed (die edges per second along the contact normal) are silent. */
  minSpeed: number;
  /** From this speed on an impact is as loud as it gets. */
  fullSpeed: number;
  /** Gain of the loudest impact (one voice, before the master volume). */
  maxGain: number;
  /** Shape of the rise: 1 is linear in amplitude (as a real knock is); below 1 lifts the soft ones. */
  curve: number;
}

/**
 * Tuned on DiceWorld's default throw (`DEFAULT_GESTURE`, gravity 100 edges/s²): about 25 impacts a throw,
 * 10% slower than 1 edge/s (the last rocking of a settling die, left silent), half slower than 8, the
 * hardest near 30 (a die landing from the throw).
 */
export const DEFAULT_IMPACT_GAIN: Readonly<ImpactGainOptions> = {
  minSpeed: 1,
  fullSpeed: 24,
  maxGain: 0.5,
  curve: 0.8,
};

/**
 * 0..1: how far an impact is from silent toward the hardest. 0 at or below `minSpeed` (and for a
 * speed that is not a number), 1 from `fullSpeed` on. A harder knock also rings brighter.
 */
export function impactStrength(speed: number, options: ImpactGainOptions = DEFAULT_IMPACT_GAIN): number {
  const { minSpeed, fullSpeed } = options;
  if (!(speed > minSpeed)) return 0; // also catches NaN
  return Math.min(1, (speed - minSpeed) / (fullSpeed - minSpeed));
}

/** The gain of one impact: 0 when silent, rising with speed, capped at `maxGain` from `fullSpeed` on. */
export function impactGain(speed: number, options: ImpactGainOptions = DEFAULT_IMPACT_GAIN): number {
  return options.maxGain * impactStrength(speed, options) ** options.curve;
}

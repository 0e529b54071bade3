import { describe, expect, it } from 'vitest';
import { DEFAULT_IMPACT_GAIN, impactGain, impactStrength } from './impact-gain.js';
import { scoreNotes } from './score-notes.js';
import { VoiceLimiter } from './VoiceLimiter.js';

describe('impactGain', () => {
  const { minSpeed, fullSpeed, maxGain } = DEFAULT_IMPACT_GAIN;

  it('is silent at or below the threshold and for nonsense', () => {
    for (const speed of [-10, 0, minSpeed * 0.5, minSpeed, Number.NaN, -Infinity]) {
      expect(impactGain(speed)).toBe(0);
    }
  });

  it('rises with speed and is capped from fullSpeed on', () => {
    const speeds = Array.from({ length: 60 }, (_, i) => minSpeed + i * 0.5);
    const gains = speeds.map((speed) => impactGain(speed));
    for (let i = 1; i < gains.length; i++) expect(gains[i]!).toBeGreaterThanOrEqual(gains[i - 1]!);
    expect(impactGain(minSpeed + 0.1)).toBeGreaterThan(0);
    expect(impactGain((minSpeed + fullSpeed) / 2)).toBeGreaterThan(maxGain * 0.4);
    expect(impactGain((minSpeed + fullSpeed) / 2)).toBeLessThan(maxGain * 0.7);
    expect(impactGain(fullSpeed)).toBeCloseTo(maxGain);
    expect(impactGain(fullSpeed * 10)).toBeCloseTo(maxGain);
    expect(impactGain(Infinity)).toBeCloseTo(maxGain);
  });

  it('follows its options', () => {
    const options = { minSpeed: 2, fullSpeed: 12, maxGain: 1, curve: 1 };
    expect(impactGain(7, options)).toBeCloseTo(0.5);
    expect(impactStrength(7, options)).toBeCloseTo(0.5);
    expect(impactGain(2, options)).toBe(0);
  });
});

describe('VoiceLimiter', () => {
  it('lets max voices start in any window, then one more per voice that leaves it', () => {
    const limiter = new VoiceLimiter(3, 1000);
    expect([0, 10, 20, 30].map((t) => limiter.tryStart(t))).toEqual([true, true, true, false]);
    expect(limiter.tryStart(999)).toBe(false);
    expect(limiter.tryStart(1000)).toBe(true); // the voice of t=0 has left the window
    expect(limiter.tryStart(1005)).toBe(false);
    expect(limiter.tryStart(1010)).toBe(true);
    limiter.reset();
    expect([1011, 1012, 1013].map((t) => limiter.tryStart(t))).toEqual([true, true, true]);
  });

  it('holds a steady stream to the rate', () => {
    const limiter = new VoiceLimiter(20, 1000);
    let started = 0;
    for (let t = 0; t < 10_000; t += 5) if (limiter.tryStart(t)) started++;
    expect(started).toBe(200);
  });

  it('refuses a limit below one', () => {
    expect(() => new VoiceLimiter(0)).toThrow(RangeError);
  });
});

describe('scoreNotes', () => {
  it('rises for points, adds the octave for a big score, and falls softly for a zero', () => {
    const [a, b] = scoreNotes(8);
    expect(scoreNotes(8)).toHaveLength(2);
    expect(b!.frequency).toBeGreaterThan(a!.frequency);
    expect(scoreNotes(25)).toHaveLength(3);
    const zero = scoreNotes(0);
    expect(zero[1]!.frequency).toBeLessThan(zero[0]!.frequency);
    expect(Math.max(...zero.map((n) => n.gain))).toBeLessThanOrEqual(
      Math.min(...scoreNotes(8).map((n) => n.gain)),
    );
  });
});

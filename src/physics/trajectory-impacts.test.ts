import { describe, expect, it } from 'vitest';
import { DiceWorld } from './DiceWorld.js';
import { recordThrow, trajectorySeconds } from './trajectory.js';
import { impactsOf } from './trajectory-impacts.js';

describe('impactsOf', () => {
  it('hears a thrown die land and knock about, never a held one, all within the throw', () => {
    const { trajectory } = recordThrow(new DiceWorld(), 12, { dirX: 0, dirZ: -1, speed: 14 }, [
      true,
      false,
      false,
      false,
      false,
    ]);
    const impacts = impactsOf(trajectory, 0.5);
    expect(impacts.length).toBeGreaterThan(4);
    expect(impacts.some((i) => i.die === 0)).toBe(false);
    for (const die of [1, 2, 3, 4]) expect(impacts.some((i) => i.die === die)).toBe(true);
    for (const i of impacts) {
      expect(i.speed).toBeGreaterThanOrEqual(0.5);
      expect(i.time).toBeGreaterThan(0);
      expect(i.time).toBeLessThanOrEqual(trajectorySeconds(trajectory));
    }
    expect(impacts.map((i) => i.time)).toEqual([...impacts.map((i) => i.time)].sort((a, b) => a - b));
  });

  it('hears nothing of dice that never move', () => {
    const { trajectory } = recordThrow(new DiceWorld(), 3, { dirX: 0, dirZ: -1, speed: 12 }, [
      true,
      true,
      true,
      true,
      false,
    ]);
    expect(impactsOf(trajectory, 0.5).every((i) => i.die === 4)).toBe(true);
  });
});

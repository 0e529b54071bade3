import { describe, expect, it } from 'vitest';
import { DiceWorld } from '../physics/DiceWorld.js';
import { DEFAULT_GESTURE } from '../physics/types.js';
import { ThrowSession } from './ThrowSession.js';

const NONE_HELD = [false, false, false, false, false];

describe('ThrowSession', () => {
  it('resolves with the physics result once frames bring the dice to rest', async () => {
    const expected = new DiceWorld().throwToRest(5, DEFAULT_GESTURE, NONE_HELD);
    const session = new ThrowSession(new DiceWorld());
    const result = session.start(5, DEFAULT_GESTURE, NONE_HELD);
    let frames = 0;
    while (!session.advance(1 / 30)) frames++;
    expect(frames).toBeGreaterThan(5);
    expect(session.running).toBe(false);
    await expect(result).resolves.toEqual(expected);
  });

  it('runs a throw to rest at once when completed, reporting no impacts meanwhile', async () => {
    const expected = new DiceWorld().throwToRest(9, DEFAULT_GESTURE, NONE_HELD);
    const session = new ThrowSession(new DiceWorld());
    const impacts: number[] = [];
    session.onImpact = (speed) => impacts.push(speed);
    const result = session.start(9, DEFAULT_GESTURE, NONE_HELD);
    session.advance(0.2);
    const live = impacts.length;
    session.complete();
    expect(impacts.length).toBe(live);
    await expect(result).resolves.toEqual(expected);
  });

  it('settles the previous throw when a new one starts, and rejects on dispose', async () => {
    const session = new ThrowSession(new DiceWorld());
    const first = session.start(1, DEFAULT_GESTURE, NONE_HELD);
    const second = session.start(2, DEFAULT_GESTURE, NONE_HELD);
    await expect(first).resolves.toHaveProperty('faces');
    session.dispose();
    await expect(second).rejects.toMatchObject({ code: 'disposed' });
  });
});

import * as CANNON from 'cannon-es';
import { describe, expect, it } from 'vitest';
import { isOutOfPlay, SettleWatcher, type DieVerdict, type SettleLimits } from './settle-watcher.js';
import { DIE_SIZE, TABLE } from './types.js';

const LIMITS: SettleLimits = {
  flatToleranceDeg: 5,
  settleCapSeconds: 4,
  restSpeed: 0.35,
  restSteps: 3,
  cockedSteps: 30,
};

function die(x: number, y: number, z: number, tiltDeg = 0): CANNON.Body {
  const body = new CANNON.Body({ mass: 1, shape: new CANNON.Box(new CANNON.Vec3(0.5, 0.5, 0.5)) });
  body.position.set(x, y, z);
  body.quaternion.setFromAxisAngle(new CANNON.Vec3(1, 0, 0), (tiltDeg * Math.PI) / 180);
  return body;
}

/** Judges the same die `steps` times, one step apart, and returns every verdict. */
function judgeSteps(watcher: SettleWatcher, body: CANNON.Body, steps: number): DieVerdict[] {
  return Array.from({ length: steps }, (_, k) => watcher.judge(0, body, k / 60));
}

describe('SettleWatcher', () => {
  it('settles a flat, calm die on the felt after restSteps, and puts it to sleep', () => {
    const body = die(0, DIE_SIZE / 2, 0);
    body.velocity.set(0.2, 0, 0);
    const verdicts = judgeSteps(new SettleWatcher(1, LIMITS), body, 3);
    expect(verdicts).toEqual(['moving', 'moving', 'settled']);
    expect(body.sleepState).toBe(CANNON.Body.SLEEPING);
  });

  it('keeps waiting for a flat die that is still moving fast', () => {
    const body = die(0, DIE_SIZE / 2, 0);
    body.velocity.set(2, 0, 0);
    expect(judgeSteps(new SettleWatcher(1, LIMITS), body, 5)).toEqual(Array(5).fill('moving'));
  });

  it('calls a die cocked when it stays still on an edge, however it jitters', () => {
    const body = die(0, DIE_SIZE * Math.SQRT1_2, 0, 45);
    body.angularVelocity.set(0.5, 0, 0); // buzzing, never calm...
    const verdicts = judgeSteps(new SettleWatcher(1, LIMITS), body, 31); // ...but it does not go anywhere
    expect(verdicts.slice(0, 30)).toEqual(Array(30).fill('moving'));
    expect(verdicts[30]).toBe('cocked');
  });

  it('calls a flat die lying on top of another die cocked', () => {
    const body = die(0, 1.5 * DIE_SIZE, 0);
    body.sleep();
    expect(new SettleWatcher(1, LIMITS).judge(0, body, 1)).toBe('cocked');
  });

  it('sees a die that left the play area, and one stuck past the cap', () => {
    expect(new SettleWatcher(1, LIMITS).judge(0, die(TABLE.width / 2 + 0.6, 0.5, 0), 0)).toBe('out');
    expect(isOutOfPlay(new CANNON.Vec3(0, 1.8, -TABLE.depth / 2 - 0.3))).toBe(true); // over the far wall
    expect(isOutOfPlay(new CANNON.Vec3(0, 0.5, TABLE.depth / 2 - 0.5))).toBe(false);
    const moving = die(0, 2, 0);
    moving.velocity.set(0, 3, 0);
    expect(new SettleWatcher(1, LIMITS).judge(0, moving, 4.01)).toBe('stuck');
  });

  it('starts over after reset', () => {
    const watcher = new SettleWatcher(1, LIMITS);
    const body = die(0, DIE_SIZE / 2, 0);
    body.velocity.set(0.2, 0, 0);
    watcher.judge(0, body, 0);
    watcher.judge(0, body, 0);
    watcher.reset(0);
    expect(watcher.judge(0, body, 0)).toBe('moving');
  });
});

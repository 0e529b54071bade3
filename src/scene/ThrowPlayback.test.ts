import { describe, expect, it } from 'vitest';
import { DiceWorld } from '../physics/DiceWorld.js';
import { recordThrow, trajectorySeconds } from '../physics/trajectory.js';
import type { DiePose } from '../physics/types.js';
import { ThrowPlayback } from './ThrowPlayback.js';

const { trajectory } = recordThrow(new DiceWorld(), 9, { dirX: 0, dirZ: -1, speed: 12 }, [
  false,
  false,
  true,
  false,
  false,
]);

/** Collects the last pose handed out for each die. */
function sink() {
  const last: DiePose[] = [];
  return { last, put: (i: number, pose: DiePose) => (last[i] = { ...pose }) };
}

describe('ThrowPlayback', () => {
  it('hands out the recorded poses at real speed and resolves on the last frame', async () => {
    const playback = new ThrowPlayback();
    const s = sink();
    let rested = false;
    const done = playback.start(trajectory).then(() => (rested = true));
    expect(playback.advance(0, s.put)).toBe(false);
    const start = s.last.map((p) => ({ ...p }));
    const seconds = trajectorySeconds(trajectory);
    let frames = 0;
    while (!playback.advance(1 / 60, s.put)) frames++;
    await done;
    expect(rested).toBe(true);
    expect(playback.running).toBe(false);
    // About as many frames as the throw lasted at 60 a second, and the dice moved.
    expect(frames).toBeGreaterThanOrEqual(Math.floor(seconds * 60) - 2);
    expect(s.last.some((p, i) => Math.hypot(p.x - start[i]!.x, p.z - start[i]!.z) > 0.5)).toBe(true);
    const rest = s.last.map((_, i) => playback.restingPose(trajectory, i, { ...s.last[i]! }));
    expect(s.last).toEqual(rest);
  });

  it('jumps to the end at once on complete, and rejects on cancel', async () => {
    const playback = new ThrowPlayback();
    const s = sink();
    const done = playback.start(trajectory);
    playback.complete(s.put);
    await done;
    expect(s.last).toHaveLength(5);
    const cancelled = playback.start(trajectory);
    playback.cancel(new Error('gone'));
    await expect(cancelled).rejects.toThrow('gone');
    expect(playback.running).toBe(false);
  });

  it('tells the knocks as the dice make them at real speed, and none when jumped to the end', async () => {
    const heard: number[] = [];
    const playback = new ThrowPlayback((speed) => heard.push(speed));
    const s = sink();
    const done = playback.start(trajectory);
    playback.advance(0.2, s.put);
    const early = heard.length;
    while (!playback.advance(1 / 30, s.put));
    await done;
    expect(heard.length).toBeGreaterThan(early);
    expect(heard.every((speed) => speed >= 0.5)).toBe(true);
    heard.length = 0;
    const jumped = playback.start(trajectory);
    playback.complete(s.put);
    await jumped;
    expect(heard).toEqual([]);
  });
});

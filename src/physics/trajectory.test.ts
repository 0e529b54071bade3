import { describe, expect, it } from 'vitest';
import { DiceWorld } from './DiceWorld.js';
import { topFace } from './face-reading.js';
import {
  decodeTrajectory,
  encodedFirstFrame,
  encodeTrajectory,
  recordThrow,
  samplePose,
  trajectorySeconds,
  TrajectoryError,
} from './trajectory.js';
import type { DiePose } from './types.js';

/** The face on top of a pose's orientation. */
function faceOf(pose: DiePose): number {
  return topFace({ x: pose.qx, y: pose.qy, z: pose.qz, w: pose.qw }).face;
}

const GESTURE = { dirX: 0.2, dirZ: -1, speed: 12 };
const HELD = [false, true, false, false, false];

describe('trajectory', () => {
  it('records the throw that throwToRest makes: same faces, and the last frame shows them', () => {
    const { result, trajectory } = recordThrow(new DiceWorld(), 42, GESTURE, HELD);
    expect(result).toEqual(new DiceWorld().throwToRest(42, GESTURE, HELD));
    expect(trajectorySeconds(trajectory)).toBeCloseTo(result.settleSeconds, 1);
    const pose: DiePose = { x: 0, y: 0, z: 0, qx: 0, qy: 0, qz: 0, qw: 1 };
    const end = trajectorySeconds(trajectory);
    const shown = [0, 1, 2, 3, 4].map((i) => faceOf(samplePose(trajectory, end, i, pose)));
    expect(shown).toEqual(result.faces);
  });

  it('survives encoding: every pose within a thousandth, the faces at rest unchanged, compact', () => {
    const { result, trajectory } = recordThrow(new DiceWorld(), 7, GESTURE, HELD);
    const text = encodeTrajectory(trajectory);
    const back = decodeTrajectory(text);
    expect(back.frames).toBe(trajectory.frames);
    expect(back.fps).toBe(trajectory.fps);
    for (let i = 0; i < back.poses.length; i++)
      expect(Math.abs(back.poses[i]! - trajectory.poses[i]!)).toBeLessThan(1.1e-3);
    const pose: DiePose = { x: 0, y: 0, z: 0, qx: 0, qy: 0, qz: 0, qw: 1 };
    const end = trajectorySeconds(back);
    expect([0, 1, 2, 3, 4].map((i) => faceOf(samplePose(back, end, i, pose)))).toEqual(result.faces);
    // About 70 bytes a frame, a third more as base64.
    expect(text.length).toBeLessThan(100 * trajectory.frames + 16);
  });

  it('interpolates between frames and clamps outside the throw', () => {
    const { trajectory } = recordThrow(new DiceWorld(), 3, GESTURE, HELD);
    const a: DiePose = { x: 0, y: 0, z: 0, qx: 0, qy: 0, qz: 0, qw: 1 };
    const b = { ...a };
    samplePose(trajectory, -1, 0, a);
    samplePose(trajectory, 0, 0, b);
    expect(a).toEqual(b);
    samplePose(trajectory, 0.5 / trajectory.fps, 2, a);
    expect(Math.hypot(a.qx, a.qy, a.qz, a.qw)).toBeCloseTo(1, 6);
  });

  it.each([
    ['not a string', 42],
    ['not base64', '@@@'],
    ['truncated', encodeTrajectory(recordThrow(new DiceWorld(), 1, GESTURE, HELD).trajectory).slice(0, 40)],
    ['another version', btoa(String.fromCharCode(9, 0, 30, 0, 1, 0, 5, 0))],
    ['not five dice', btoa(String.fromCharCode(1, 0, 30, 0, 1, 0, 9, 0))],
    ['too long', 'A'.repeat(200_000)],
  ])('refuses a trajectory that is %s', (_, text) => {
    expect(() => decodeTrajectory(text)).toThrow(TrajectoryError);
  });
});

describe('encodedFirstFrame', () => {
  it('is the first frame of the whole trajectory decoded, read from its head alone', () => {
    const world = new DiceWorld();
    world.place([1, 2, 3, 4, 5], [false, true, false, false, false]);
    const { trajectory } = recordThrow(world, 77, { dirX: 0.2, dirZ: -1, speed: 12 }, [
      false,
      true,
      false,
      false,
      false,
    ]);
    const text = encodeTrajectory(trajectory);
    const whole = decodeTrajectory(text);
    const launch = decodeTrajectory(encodedFirstFrame(text));
    expect(launch.frames).toBe(1);
    expect(Array.from(launch.poses)).toEqual(Array.from(whole.poses.subarray(0, 35)));
    expect(() => encodedFirstFrame(text.slice(0, 40))).toThrow(TrajectoryError);
    expect(() => encodedFirstFrame(42)).toThrow(TrajectoryError);
  });
});

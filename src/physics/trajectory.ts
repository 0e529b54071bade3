import type { DiceWorld } from './DiceWorld.js';
import type { DiePose, Gesture, ThrowResult } from './types.js';

/**
 * A throw as it happened: the five dice's poses over time, from release to rest. The server records
 * one as it throws the physics dice; every screen plays it back, so all show the same tumble coming
 * to rest on exactly the faces scored (no client simulates: floating-point maths differs between
 * browser engines in its last bits, and a tumble would drift).
 */
export interface Trajectory {
  /** Frames per simulated second. */
  fps: number;
  /** Number of frames; the last is the dice at rest. */
  frames: number;
  /** Number of dice (five in this game). */
  dice: number;
  /** `frames` x `dice` x (x, y, z, qx, qy, qz, qw). */
  poses: Float32Array;
}

/** Numbers per die per frame. */
const STRIDE = 7;
/** Format version, first in the encoded header: version, frames a second, frames, dice. */
const VERSION = 1;
const HEADER = 4;
/** Most dice a trajectory may hold. */
const MAX_DICE = 5;
/** Positions are kept in thousandths of a die edge (the table spans a few tens of edges). */
const POSITION_SCALE = 1000;
/** Quaternion components are kept as signed 16-bit fractions. */
const ROTATION_SCALE = 32767;
/** Longest throw kept, in frames (a throw rests within a few seconds; the physics caps it long before). */
export const MAX_TRAJECTORY_FRAMES = 30 * 40;

/** A trajectory that cannot be read (wrong version, truncated, out of range). */
export class TrajectoryError extends Error {
  readonly code = 'bad-trajectory';
}

/**
 * Throws in `world` as `throwToRest` does, keeping the dice's poses every `everySteps` physics steps
 * (and the last, at rest). Deterministic: the same world state, seed, gesture and holds give the same
 * trajectory and result.
 */
export function recordThrow(
  world: DiceWorld,
  seed: number,
  gesture: Gesture,
  held: readonly boolean[],
  everySteps = 2,
): { result: ThrowResult; trajectory: Trajectory } {
  const frames: number[] = [];
  const dice = world.bodies.length;
  const pose: DiePose = { x: 0, y: 0, z: 0, qx: 0, qy: 0, qz: 0, qw: 1 };
  const keep = () => {
    for (let i = 0; i < dice; i++) {
      world.pose(i, pose);
      frames.push(pose.x, pose.y, pose.z, pose.qx, pose.qy, pose.qz, pose.qw);
    }
  };
  world.startThrow(seed, gesture, held);
  keep();
  const maxSteps = Math.ceil(world.options.maxThrowSeconds / world.options.fixedStep);
  let steps = 0;
  for (;;) {
    const done = world.step();
    steps++;
    if (done) break;
    if (steps > maxSteps) throw new Error(`Dice still rolling after ${world.options.maxThrowSeconds} s`);
    if (steps % everySteps === 0) keep();
  }
  keep();
  let count = frames.length / (dice * STRIDE);
  let poses = Float32Array.from(frames);
  if (count > MAX_TRAJECTORY_FRAMES) {
    // Keep the start and the end (the faces scored); a throw this long is one in many thousands.
    const head = (MAX_TRAJECTORY_FRAMES - 1) * dice * STRIDE;
    poses = Float32Array.from([...poses.subarray(0, head), ...poses.subarray(poses.length - dice * STRIDE)]);
    count = MAX_TRAJECTORY_FRAMES;
  }
  const fps = 1 / (world.options.fixedStep * everySteps);
  return { result: world.lastResult!, trajectory: { fps, frames: count, dice, poses } };
}

/** The trajectory as compact text (16-bit numbers, base64): about 70 bytes a frame before base64. */
export function encodeTrajectory(t: Trajectory): string {
  const data = new Int16Array(HEADER + t.frames * t.dice * STRIDE);
  data[0] = VERSION;
  data[1] = Math.round(t.fps);
  data[2] = t.frames;
  data[3] = t.dice;
  for (let i = 0; i < t.frames * t.dice; i++) {
    const from = i * STRIDE;
    const to = HEADER + from;
    for (let k = 0; k < 3; k++) data[to + k] = clamp16(t.poses[from + k]! * POSITION_SCALE);
    for (let k = 3; k < 7; k++) data[to + k] = clamp16(t.poses[from + k]! * ROTATION_SCALE);
  }
  const bytes = new Uint8Array(data.buffer);
  let text = '';
  for (let i = 0; i < bytes.length; i++) text += String.fromCharCode(bytes[i]!);
  return btoa(text);
}

/**
 * Reads a trajectory written by `encodeTrajectory`.
 * @throws TrajectoryError when the text is not one (bad base64, wrong version or size, too long)
 */
export function decodeTrajectory(text: unknown): Trajectory {
  if (
    typeof text !== 'string' ||
    text.length > 4 * Math.ceil(((HEADER + MAX_TRAJECTORY_FRAMES * MAX_DICE * STRIDE) * 2) / 3)
  ) {
    throw new TrajectoryError('A trajectory is a base64 string of bounded length');
  }
  let binary: string;
  try {
    binary = atob(text);
  } catch {
    throw new TrajectoryError('A trajectory is base64');
  }
  if (binary.length % 2 !== 0 || binary.length < 2 * HEADER)
    throw new TrajectoryError('A trajectory is truncated');
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  const data = new Int16Array(bytes.buffer);
  const [version, fps, frames, dice] = [data[0]!, data[1]!, data[2]!, data[3]!];
  if (version !== VERSION) throw new TrajectoryError(`Unknown trajectory version ${version}`);
  if (!(fps >= 1 && fps <= 240) || !(frames >= 1 && frames <= MAX_TRAJECTORY_FRAMES) || dice !== MAX_DICE) {
    throw new TrajectoryError('A trajectory has five dice, 1 to 240 frames a second and a bounded length');
  }
  if (data.length !== HEADER + frames * dice * STRIDE) throw new TrajectoryError('A trajectory is truncated');
  const poses = new Float32Array(frames * dice * STRIDE);
  for (let i = 0; i < frames * dice; i++) {
    const from = HEADER + i * STRIDE;
    const to = i * STRIDE;
    for (let k = 0; k < 3; k++) poses[to + k] = data[from + k]! / POSITION_SCALE;
    let norm = 0;
    for (let k = 3; k < 7; k++) norm += (poses[to + k] = data[from + k]! / ROTATION_SCALE) ** 2;
    // Rounding leaves the quaternion a hair off unit length: normalise it again.
    const scale = norm > 0 ? 1 / Math.sqrt(norm) : 1;
    for (let k = 3; k < 7; k++) poses[to + k]! *= scale;
    if (norm === 0) poses[to + 6] = 1;
  }
  return { fps, frames, dice, poses };
}

/**
 * The first frame (the launch) of an encoded trajectory, as an encoded trajectory of one frame, read
 * from the text's head alone: the rest of the throw is not decoded.
 * @throws TrajectoryError when the head is not one of a trajectory
 */
export function encodedFirstFrame(text: unknown): string {
  if (typeof text !== 'string') throw new TrajectoryError('A trajectory is a base64 string');
  // The header and one frame of five dice: 78 bytes, a whole number of base64 groups (104 characters).
  const head = text.slice(0, (4 * (HEADER + MAX_DICE * STRIDE) * 2) / 3);
  let binary: string;
  try {
    binary = atob(head);
  } catch {
    throw new TrajectoryError('A trajectory is base64');
  }
  const bytes = Uint8Array.from(binary, (c) => c.charCodeAt(0));
  if (bytes.length !== 2 * (HEADER + MAX_DICE * STRIDE))
    throw new TrajectoryError('A trajectory is truncated');
  new Int16Array(bytes.buffer)[2] = 1; // the header's frame count
  let launch = '';
  for (const byte of bytes) launch += String.fromCharCode(byte);
  const encoded = btoa(launch);
  decodeTrajectory(encoded); // checks the header (version, rate, dice) as any trajectory's
  return encoded;
}

/** Seconds from release to rest. */
export function trajectorySeconds(t: Trajectory): number {
  return (t.frames - 1) / t.fps;
}

/**
 * Writes into `out` die `die`'s pose `seconds` after release (clamped to the throw), interpolated
 * between frames (positions linearly, orientations by normalised linear interpolation), and returns it.
 */
export function samplePose(t: Trajectory, seconds: number, die: number, out: DiePose): DiePose {
  const at = Math.min(Math.max(seconds * t.fps, 0), t.frames - 1);
  const frame = Math.floor(at);
  const next = Math.min(frame + 1, t.frames - 1);
  const f = at - frame;
  const a = (frame * t.dice + die) * STRIDE;
  const b = (next * t.dice + die) * STRIDE;
  const p = t.poses;
  out.x = p[a]! + (p[b]! - p[a]!) * f;
  out.y = p[a + 1]! + (p[b + 1]! - p[a + 1]!) * f;
  out.z = p[a + 2]! + (p[b + 2]! - p[a + 2]!) * f;
  // The shorter way round: q and -q are the same orientation.
  const dot = p[a + 3]! * p[b + 3]! + p[a + 4]! * p[b + 4]! + p[a + 5]! * p[b + 5]! + p[a + 6]! * p[b + 6]!;
  const sign = dot < 0 ? -1 : 1;
  const qx = p[a + 3]! + (sign * p[b + 3]! - p[a + 3]!) * f;
  const qy = p[a + 4]! + (sign * p[b + 4]! - p[a + 4]!) * f;
  const qz = p[a + 5]! + (sign * p[b + 5]! - p[a + 5]!) * f;
  const qw = p[a + 6]! + (sign * p[b + 6]! - p[a + 6]!) * f;
  const length = Math.hypot(qx, qy, qz, qw) || 1;
  out.qx = qx / length;
  out.qy = qy / length;
  out.qz = qz / length;
  out.qw = qw / length;
  return out;
}

function clamp16(value: number): number {
  return Math.max(-32768, Math.min(32767, Math.round(value)));
}

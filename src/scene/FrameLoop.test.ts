import { describe, expect, it } from 'vitest';
import { FrameLoop, type FrameSource } from './FrameLoop.js';

/** The step a first frame is given (the physics' fixed step in the scene). */
const FIXED_STEP = 1 / 60;

/** Frames that come only when the test shows one (at the time it says). */
function fakeFrames() {
  let pending: { id: number; callback: (now: number) => void } | null = null;
  let nextId = 1;
  const source: FrameSource = {
    request: (callback) => {
      pending = { id: nextId++, callback };
      return pending.id;
    },
    cancel: (id) => {
      if (pending?.id === id) pending = null;
    },
  };
  return {
    source,
    /** How many requests were made. */
    requests: () => nextId - 1,
    pending: () => pending !== null,
    /** Runs the pending frame at `now`. */
    show(now: number): void {
      const frame = pending;
      pending = null;
      frame?.callback(now);
    },
  };
}

/** A loop whose step records the seconds it is given and says "moving" while `moving` is true. */
function recordingLoop(frames = fakeFrames()) {
  const steps: number[] = [];
  const state = { moving: true };
  const loop = new FrameLoop(
    (_now, seconds) => {
      steps.push(seconds);
      return state.moving;
    },
    FIXED_STEP,
    frames.source,
  );
  return { loop, frames, steps, state };
}

describe('FrameLoop', () => {
  it('draws nothing until asked, and several requests before a frame make one frame', () => {
    const { loop, frames, steps, state } = recordingLoop();
    state.moving = false;
    expect(frames.pending()).toBe(false);
    loop.request();
    loop.request();
    loop.request();
    expect(frames.requests()).toBe(1);
    frames.show(1000);
    expect(steps).toHaveLength(1);
    // Nothing moves: no further frame is asked for.
    expect(frames.pending()).toBe(false);
  });

  it('gives the first frame one fixed step, then the real time since the frame before', () => {
    const { loop, frames, steps } = recordingLoop();
    loop.request();
    frames.show(1000);
    frames.show(1016);
    frames.show(1049);
    expect(steps[0]).toBe(FIXED_STEP);
    expect(steps[1]).toBeCloseTo(0.016, 9);
    expect(steps[2]).toBeCloseTo(0.033, 9);
  });

  it('keeps asking for frames while something moves, and after a pause starts with a fixed step again', () => {
    const { loop, frames, steps, state } = recordingLoop();
    loop.request();
    frames.show(1000);
    expect(frames.pending()).toBe(true);
    state.moving = false;
    frames.show(1016);
    expect(frames.pending()).toBe(false);
    // Seconds later something moves again: not a five-second step.
    state.moving = true;
    loop.request();
    frames.show(6000);
    expect(steps).toEqual([FIXED_STEP, expect.closeTo(0.016, 9), FIXED_STEP]);
  });

  it('restarts its clock for a new animation started mid-way', () => {
    const { loop, frames, steps } = recordingLoop();
    loop.request();
    frames.show(1000);
    loop.restartClock();
    frames.show(1500);
    expect(steps).toEqual([FIXED_STEP, FIXED_STEP]);
  });

  it('drops a pending frame when disposed and asks for none afterwards', () => {
    const { loop, frames, steps } = recordingLoop();
    loop.request();
    loop.dispose();
    expect(frames.pending()).toBe(false);
    loop.request();
    expect(frames.requests()).toBe(1);
    expect(steps).toEqual([]);
  });
});

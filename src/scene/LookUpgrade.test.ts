import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { LookUpgrade, type LookUpgradeHost } from './LookUpgrade.js';

/** A promise with its resolve at hand. */
function deferred(): { promise: Promise<void>; resolve: () => void } {
  let resolve!: () => void;
  const promise = new Promise<void>((r) => (resolve = r));
  return { promise, resolve };
}

/** A host whose GPU and compiler answer when the test says so. */
function fakeHost() {
  const gpu = deferred();
  const prepared = deferred();
  const calls: string[] = [];
  const host: LookUpgradeHost = {
    gpuDone: () => {
      calls.push('wait for the GPU');
      return gpu.promise;
    },
    applyFullLook: () => calls.push('full look'),
    prepare: () => {
      calls.push('prepare');
      return prepared.promise;
    },
    redraw: () => calls.push('redraw'),
  };
  return { host, calls, gpu, prepared };
}

describe('LookUpgrade', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('waits for the GPU to finish the first frame and for the full look to be ready, then redraws once', async () => {
    const { host, calls, gpu, prepared } = fakeHost();
    const upgrade = new LookUpgrade(host);
    await vi.advanceTimersByTimeAsync(500);
    expect(calls).toEqual([]);
    upgrade.fullFrameDrawn();
    await vi.advanceTimersByTimeAsync(500);
    expect(calls).toEqual(['wait for the GPU']);
    gpu.resolve();
    await vi.advanceTimersByTimeAsync(100);
    expect(calls).toEqual(['wait for the GPU', 'full look', 'prepare']);
    expect(upgrade.done).toBe(false);
    prepared.resolve();
    await vi.advanceTimersByTimeAsync(0);
    expect(calls).toEqual(['wait for the GPU', 'full look', 'prepare', 'redraw']);
    expect(upgrade.done).toBe(true);
    // Later whole frames (the redraw itself, resizes) start nothing more.
    upgrade.fullFrameDrawn();
    await vi.advanceTimersByTimeAsync(5000);
    expect(calls).toEqual(['wait for the GPU', 'full look', 'prepare', 'redraw']);
  });

  it('redraws even when getting ready fails (three reports the broken program when drawing)', async () => {
    const { host, calls, gpu } = fakeHost();
    host.prepare = () => Promise.reject(new Error('lost'));
    const upgrade = new LookUpgrade(host);
    gpu.resolve();
    upgrade.fullFrameDrawn();
    await vi.advanceTimersByTimeAsync(100);
    expect(calls).toEqual(['wait for the GPU', 'full look', 'redraw']);
  });

  it('does nothing more once disposed, whenever that is', async () => {
    const waiting = fakeHost();
    const early = new LookUpgrade(waiting.host);
    early.fullFrameDrawn();
    early.dispose();
    waiting.gpu.resolve();
    await vi.advanceTimersByTimeAsync(1000);
    expect(waiting.calls).toEqual(['wait for the GPU']);

    const compiling = fakeHost();
    const late = new LookUpgrade(compiling.host);
    compiling.gpu.resolve();
    late.fullFrameDrawn();
    await vi.advanceTimersByTimeAsync(100);
    late.dispose();
    compiling.prepared.resolve();
    await vi.advanceTimersByTimeAsync(1000);
    expect(compiling.calls).toEqual(['wait for the GPU', 'full look', 'prepare']);
    expect(late.done).toBe(true);
  });
});

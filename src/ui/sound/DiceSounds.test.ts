import { describe, expect, it, vi } from 'vitest';
import { MemoryStorage } from '../persistence/MemoryStorage.js';
import { DiceSounds, type DiceSoundsOptions } from './DiceSounds.js';

/** An AudioParam that only remembers its value. */
function fakeParam() {
  return {
    value: 0,
    setValueAtTime: vi.fn(),
    linearRampToValueAtTime: vi.fn(),
    exponentialRampToValueAtTime: vi.fn(),
  };
}

/** A node that can be connected into a chain. */
function fakeNode(extra: Record<string, unknown> = {}) {
  const node = {
    ...extra,
    connect: vi.fn((target: unknown) => target),
    disconnect: vi.fn(),
  };
  return node;
}

/** Just enough of an AudioContext to count what DiceSounds plays, in Node. */
class FakeAudioContext {
  state: AudioContextState = 'suspended';
  currentTime = 0;
  sampleRate = 8000;
  destination = fakeNode();
  /** Sources started: one knock starts two (noise and body), a note one. */
  started: string[] = [];
  resume = vi.fn(() => {
    if (this.state !== 'closed') this.state = 'running';
    return Promise.resolve();
  });
  suspend = vi.fn(() => {
    this.state = 'suspended';
    return Promise.resolve();
  });
  close = vi.fn(() => {
    this.state = 'closed';
    return Promise.resolve();
  });

  createGain() {
    return fakeNode({ gain: fakeParam() });
  }
  createWaveShaper() {
    return fakeNode({ curve: null });
  }
  createBiquadFilter() {
    return fakeNode({ type: 'lowpass', frequency: fakeParam(), Q: fakeParam() });
  }
  createBuffer(_channels: number, length: number, sampleRate: number) {
    const data = new Float32Array(length);
    return { duration: length / sampleRate, getChannelData: () => data };
  }
  createBufferSource() {
    return fakeNode({
      buffer: null,
      playbackRate: fakeParam(),
      start: vi.fn(() => this.started.push('noise')),
    });
  }
  createOscillator() {
    return fakeNode({
      type: 'sine',
      frequency: fakeParam(),
      onended: null,
      start: vi.fn(() => this.started.push('tone')),
      stop: vi.fn(),
    });
  }
}

/** Sounds on a fake context and a fake clock; `made` lists every context made. */
function setup(options: DiceSoundsOptions = {}) {
  const made: FakeAudioContext[] = [];
  const clock = { ms: 0 };
  const sounds = new DiceSounds({
    createContext: () => {
      const context = new FakeAudioContext();
      made.push(context);
      return context as unknown as AudioContext;
    },
    storage: new MemoryStorage(),
    now: () => clock.ms,
    random: () => 0.5,
    ...options,
  });
  const knocks = () => made[0]?.started.filter((s) => s === 'noise').length ?? 0;
  return { sounds, made, clock, knocks };
}

describe('DiceSounds', () => {
  it('makes no context and plays nothing before the first gesture', () => {
    const { sounds, made } = setup();
    sounds.impact(20);
    sounds.scored(25);
    sounds.muted = true;
    sounds.muted = false;
    expect(made).toHaveLength(0);
    expect(sounds.ready).toBe(false);
  });

  it('makes and resumes the context on unlock, then plays knocks and notes', () => {
    const { sounds, made, knocks } = setup();
    sounds.unlock();
    expect(made).toHaveLength(1);
    expect(made[0]!.resume).toHaveBeenCalledTimes(1);
    expect(sounds.ready).toBe(true);
    sounds.impact(12);
    expect(knocks()).toBe(1);
    sounds.scored(30);
    expect(made[0]!.started.filter((s) => s === 'tone')).toHaveLength(1 + 3);
    sounds.unlock();
    expect(made).toHaveLength(1);
  });

  it('keeps slow impacts silent', () => {
    const { sounds, knocks } = setup();
    sounds.unlock();
    for (const speed of [0, 0.5, 1, -5, Number.NaN]) sounds.impact(speed);
    expect(knocks()).toBe(0);
  });

  it('starts at most 20 knocks a second', () => {
    const { sounds, clock, knocks } = setup();
    sounds.unlock();
    for (let i = 0; i < 50; i++) sounds.impact(15);
    expect(knocks()).toBe(20);
    clock.ms = 999;
    sounds.impact(15);
    expect(knocks()).toBe(20);
    clock.ms = 1000;
    for (let i = 0; i < 50; i++) sounds.impact(15);
    expect(knocks()).toBe(40);
  });

  it('remembers muting in storage, and a muted start makes no context', () => {
    const storage = new MemoryStorage();
    const first = setup({ storage });
    first.sounds.unlock();
    first.sounds.muted = true;
    expect(storage.getItem('dice-poker:muted')).toBe('1');
    expect(first.made[0]!.suspend).toHaveBeenCalled();
    first.sounds.impact(20);
    expect(first.knocks()).toBe(0);

    const second = setup({ storage });
    expect(second.sounds.muted).toBe(true);
    second.sounds.unlock();
    expect(second.made).toHaveLength(0);
    second.sounds.muted = false;
    expect(storage.getItem('dice-poker:muted')).toBe('0');
    expect(second.made).toHaveLength(1);
    second.sounds.impact(20);
    expect(second.knocks()).toBe(1);
  });

  it('uses its own storage key', () => {
    const storage = new MemoryStorage();
    setup({ storage, mutedKey: 'my-game:muted' }).sounds.muted = true;
    expect(storage.getItem('my-game:muted')).toBe('1');
    expect(storage.getItem('dice-poker:muted')).toBeNull();
  });

  it('stays silent, without throwing, where Web Audio or storage is missing or refuses', () => {
    class Forbidden extends MemoryStorage {
      override getItem(): string | null {
        throw new DOMException('blocked', 'SecurityError');
      }
      override setItem(): void {
        throw new DOMException('blocked', 'SecurityError');
      }
    }
    const none = new DiceSounds({ createContext: () => null, storage: new Forbidden() });
    expect(none.muted).toBe(false);
    none.muted = true;
    none.muted = false;
    none.unlock();
    none.impact(20);
    none.scored(10);
    expect(none.ready).toBe(false);
    none.dispose();

    const throwing = new DiceSounds({
      createContext: () => {
        throw new Error('NotAllowedError');
      },
      storage: null,
    });
    expect(() => {
      throwing.unlock();
      throwing.impact(20);
    }).not.toThrow();
    // Node has neither AudioContext nor a usable localStorage: the defaults must cope.
    const defaults = new DiceSounds();
    expect(() => {
      defaults.unlock();
      defaults.impact(20);
      defaults.scored(0);
      defaults.dispose();
    }).not.toThrow();
  });

  it('closes the context on dispose and stays silent after', () => {
    const { sounds, made, knocks } = setup();
    sounds.unlock();
    sounds.dispose();
    expect(made[0]!.close).toHaveBeenCalledTimes(1);
    sounds.unlock();
    sounds.impact(20);
    sounds.dispose();
    expect(made).toHaveLength(1);
    expect(knocks()).toBe(0);
    expect(made[0]!.close).toHaveBeenCalledTimes(1);
  });

  it('does not queue sounds on a context the browser keeps suspended', () => {
    const { sounds, made, knocks } = setup();
    sounds.unlock();
    made[0]!.state = 'suspended';
    sounds.impact(20);
    expect(knocks()).toBe(0);
    sounds.unlock();
    expect(made[0]!.resume).toHaveBeenCalledTimes(2);
    sounds.impact(20);
    expect(knocks()).toBe(1);
  });
});

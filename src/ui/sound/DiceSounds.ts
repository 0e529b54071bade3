import { browserStorage, type StorageLike } from '../persistence/browser-storage.js';
import { makeNoise, makeOutput, playKnock, playNote } from './dice-voices.js';
import { DEFAULT_IMPACT_GAIN, impactGain, impactStrength, type ImpactGainOptions } from './impact-gain.js';
import { MUTED_KEY, readMuted, writeMuted } from './mute-setting.js';
import { scoreNotes } from './score-notes.js';
import { VoiceLimiter } from './VoiceLimiter.js';
import { nextUnit, seedRng } from '../../engine/random.js';

/** The knocks' small variations: a seeded sequence, like every other random draw in the game. */
function soundJitter(): () => number {
  let state = seedRng(0x5eed);
  return () => {
    const [unit, next] = nextUnit(state);
    state = next;
    return unit;
  };
}

/** Options of `DiceSounds`; each has a default that suits the browser. */
export interface DiceSoundsOptions {
  /** Makes the audio context on the first `unlock()`; the browser's AudioContext by default. Null: no sound. */
  createContext?: () => AudioContext | null;
  /** Where the mute switch is remembered; the page's localStorage by default, `null` for nowhere. */
  storage?: StorageLike | null;
  /** The storage key of the mute switch; `dice-poker:muted` by default. */
  mutedKey?: string;
  /** Master volume, 0..1; 0.8 by default. */
  volume?: number;
  /** Knocks that may start in one second; 20 by default. */
  maxVoicesPerSecond?: number;
  /** How loud a knock is for its impact speed. */
  gain?: Partial<ImpactGainOptions>;
  /** Clock for the rate limit, ms. */
  now?: () => number;
  /** Source of the small variations between knocks (not game randomness, so not seeded). */
  random?: () => number;
}

/** The browser's audio context, or null where there is none (Node, very old browsers) or it is refused. */
export function browserAudioContext(): AudioContext | null {
  const scope = globalThis as {
    AudioContext?: typeof AudioContext;
    webkitAudioContext?: typeof AudioContext;
  };
  // Safari before 14.1 has only the prefixed constructor.
  const Context = scope.AudioContext ?? scope.webkitAudioContext;
  if (!Context) return null;
  try {
    return new Context({ latencyHint: 'interactive' });
  } catch {
    return null;
  }
}

/** Runs an audio call, swallowing what it throws or rejects: sound is decoration and must never break a game. */
function quietly(call: () => unknown): void {
  try {
    const result = call();
    if (result instanceof Promise) result.catch(() => undefined);
  } catch {
    // Nothing to do: the sound is simply not heard.
  }
}

/**
 * The sounds of the table, synthesised with Web Audio (no file to load): a knock for each impact of a
 * die, louder for a harder hit, and soft notes when a row is scored. Browsers allow audio only after a
 * user gesture, so nothing happens (no audio context is made) until the host calls `unlock()` from a
 * gesture's handler (pointerdown, pointerup, keydown). Every call before that, while muted, after
 * `dispose()`, or where Web Audio is missing, does nothing and never throws.
 */
export class DiceSounds {
  private readonly createContext: () => AudioContext | null;
  private readonly storage: StorageLike | null;
  private readonly mutedKey: string;
  private readonly volume: number;
  private readonly gain: ImpactGainOptions;
  private readonly limiter: VoiceLimiter;
  private readonly now: () => number;
  private readonly random: () => number;

  private context: AudioContext | null = null;
  private output: AudioNode | null = null;
  private noise: AudioBuffer | null = null;
  private isMuted: boolean;
  private unlocked = false;
  private unavailable = false;
  private disposed = false;

  constructor(options: DiceSoundsOptions = {}) {
    this.createContext = options.createContext ?? browserAudioContext;
    this.storage = options.storage === undefined ? browserStorage() : options.storage;
    this.mutedKey = options.mutedKey ?? MUTED_KEY;
    this.volume = Math.min(1, Math.max(0, options.volume ?? 0.8));
    this.gain = { ...DEFAULT_IMPACT_GAIN, ...options.gain };
    this.limiter = new VoiceLimiter(options.maxVoicesPerSecond ?? 20, 1000);
    this.now = options.now ?? (() => globalThis.performance?.now() ?? Date.now());
    this.random = options.random ?? soundJitter();
    this.isMuted = readMuted(this.storage, this.mutedKey);
  }

  /** Whether sound is switched off. Remembered in storage across visits. */
  get muted(): boolean {
    return this.isMuted;
  }

  set muted(value: boolean) {
    this.isMuted = value;
    writeMuted(this.storage, value, this.mutedKey);
    if (value) {
      // A suspended context releases the audio device (and the battery it costs).
      const context = this.context;
      if (context) quietly(() => context.suspend());
    } else if (this.unlocked && !this.disposed) {
      this.wake();
    }
  }

  /** Whether a sound asked for now would be heard (unlocked, not muted, the context running). */
  get ready(): boolean {
    return this.playable() !== null;
  }

  /**
   * Allows sound from now on: call it from the handlers of pointerdown, pointerup and keydown. A touch
   * activates the page only on pointerup (a mouse already on pointerdown): HTML's "activation
   * triggering input event", see whatwg/html#7341. Makes the audio context the first time and resumes
   * it whenever the browser suspended it, so calling it on every gesture is cheap and right. While
   * muted no context is made at all.
   */
  unlock(): void {
    if (this.disposed) return;
    this.unlocked = true;
    if (!this.isMuted) this.wake();
  }

  /**
   * A die hit something at `speed` (die edges per second along the contact normal, as DiceWorld's
   * `onImpact` reports). Slow impacts are silent; at most `maxVoicesPerSecond` knocks start per second.
   */
  impact(speed: number): void {
    const context = this.playable();
    if (!context) return;
    const gain = impactGain(speed, this.gain);
    if (gain <= 0 || !this.limiter.tryStart(this.now())) return;
    const strength = impactStrength(speed, this.gain);
    quietly(() => playKnock(context, this.output!, this.noise!, gain, strength, this.random));
  }

  /** A row was scored for `points`: rising notes for points, a gentle falling pair for a zero. */
  scored(points: number): void {
    const context = this.playable();
    if (!context) return;
    for (const note of scoreNotes(points)) quietly(() => playNote(context, this.output!, note));
  }

  /** Closes the audio context; the instance stays silent afterwards. */
  dispose(): void {
    if (this.disposed) return;
    this.disposed = true;
    const context = this.context;
    this.context = null;
    this.output = null;
    this.noise = null;
    if (context) quietly(() => context.close());
  }

  /** The context, if a sound may be played on it now. */
  private playable(): AudioContext | null {
    if (!this.unlocked || this.isMuted || this.disposed) return null;
    // A context that is not running would queue the sound and play it late, all at once.
    return this.context?.state === 'running' ? this.context : null;
  }

  /** Makes the context (once) and resumes it. */
  private wake(): void {
    if (!this.context && !this.unavailable) {
      let context: AudioContext | null = null;
      try {
        context = this.createContext();
        if (context) {
          this.output = makeOutput(context, this.volume);
          this.noise = makeNoise(context, this.random);
        }
      } catch {
        if (context) quietly(() => context!.close());
        context = null;
      }
      // Without Web Audio, stop trying: every later call stays a no-op.
      if (!context) this.unavailable = true;
      this.context = context;
    }
    const context = this.context;
    if (context && context.state !== 'running') quietly(() => context.resume());
  }
}

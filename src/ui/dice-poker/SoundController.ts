import type { ReactiveController, ReactiveControllerHost } from 'lit';
import { browserStorage } from '../persistence/browser-storage.js';
import { readMuted, writeMuted } from '../sound/mute-setting.js';
import type { DiceSounds } from '../sound/DiceSounds.js';
import { Observable } from './Observable.js';
import { prefersReducedMotion } from './reduced-motion.js';
import type { SessionController } from './SessionController.js';

/** A clatter's knocks: [ms after the throw, impact speed], loud to soft. */
const CLATTER: readonly (readonly [number, number])[] = [
  [0, 14],
  [70, 9],
  [150, 6],
  [240, 3],
];

/** The first of these from the player unlocks sound. */
const UNLOCK_EVENTS = ['pointerdown', 'pointerup', 'keydown'] as const;

/**
 * The element's sounds for as long as it is on the page. Browsers allow sound only after a gesture
 * (pointerup counts for touch, whatwg/html#7341), so the synthesiser is not even loaded before the
 * player's first gesture inside the element: it is a chunk of its own, off the page's start-up. The
 * mute switch works from the start (remembered in storage across visits). It follows the session: a
 * throw shown at rest at once clatters, a score sounds.
 */
export class SoundController extends Observable implements ReactiveController {
  private sounds: DiceSounds | null = null;
  private loading = false;
  private connected = false;
  private isMuted = readMuted(browserStorage());

  constructor(
    private readonly host: ReactiveControllerHost & HTMLElement & { readonly reducedMotion: boolean },
    sessions: SessionController,
  ) {
    super();
    host.addController(this);
    sessions.follow((change) => {
      // Run to rest at once, the throw's own impacts were silent.
      if (change.type === 'thrown' && prefersReducedMotion(host) && !document.hidden) this.clatter();
      else if (change.type === 'scored') this.scored(change.points);
    });
  }

  /** Whether sound is muted. */
  get muted(): boolean {
    return this.isMuted;
  }

  toggleMute(): void {
    this.isMuted = !this.isMuted;
    if (this.sounds) this.sounds.muted = this.isMuted;
    else writeMuted(browserStorage(), this.isMuted);
    this.changed();
  }

  /** A die hit something at `speed` m/s. */
  impact(speed: number): void {
    this.sounds?.impact(speed);
  }

  /**
   * A short clatter for a throw shown at rest at once (reduced motion): its impacts were never heard,
   * but a throw should still sound like one. Softer knocks, each a moment after the one before.
   */
  private clatter(): void {
    CLATTER.forEach(([ms, speed]) => setTimeout(() => this.sounds?.impact(speed), ms));
  }

  /** A row was scored for `points`. */
  private scored(points: number): void {
    this.sounds?.scored(points);
  }

  hostConnected(): void {
    this.connected = true;
    for (const type of UNLOCK_EVENTS) this.host.addEventListener(type, this.unlock, { capture: true });
  }

  hostDisconnected(): void {
    this.connected = false;
    for (const type of UNLOCK_EVENTS) this.host.removeEventListener(type, this.unlock, { capture: true });
    this.sounds?.dispose();
    this.sounds = null;
  }

  private readonly unlock = (): void => {
    if (this.sounds) {
      this.sounds.unlock();
      return;
    }
    if (this.loading) return;
    this.loading = true;
    // Within the gesture's activation (a few seconds) in practice; a later gesture resumes it anyway.
    void import('../sound/DiceSounds.js').then(
      ({ DiceSounds }) => {
        this.loading = false;
        if (!this.connected || this.sounds) return;
        this.sounds = new DiceSounds();
        this.sounds.muted = this.isMuted;
        this.sounds.unlock();
      },
      () => {
        // Without the chunk (offline, blocked) the game plays on in silence; a later gesture retries.
        this.loading = false;
      },
    );
  };
}

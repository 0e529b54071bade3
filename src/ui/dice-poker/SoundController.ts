import type { ReactiveController, ReactiveControllerHost } from 'lit';
import { DiceSounds } from '../sound/index.js';

/** The first of these from the player unlocks sound. */
const UNLOCK_EVENTS = ['pointerdown', 'pointerup', 'keydown'] as const;

/**
 * The element's sounds for as long as it is on the page: made on connect, freed on disconnect, and
 * unlocked by the player's first gesture inside the element (browsers allow sound only after one;
 * pointerup counts for touch, whatwg/html#7341).
 */
export class SoundController implements ReactiveController {
  private sounds: DiceSounds | null = null;

  constructor(private readonly host: ReactiveControllerHost & HTMLElement) {
    host.addController(this);
  }

  /** Whether sound is muted (remembered across visits). */
  get muted(): boolean {
    return this.sounds?.muted ?? false;
  }

  toggleMute(): void {
    if (!this.sounds) return;
    this.sounds.muted = !this.sounds.muted;
    this.host.requestUpdate();
  }

  /** A die hit something at `speed` m/s. */
  impact(speed: number): void {
    this.sounds?.impact(speed);
  }

  /** A row was scored for `points`. */
  scored(points: number): void {
    this.sounds?.scored(points);
  }

  hostConnected(): void {
    this.sounds ??= new DiceSounds();
    for (const type of UNLOCK_EVENTS) this.host.addEventListener(type, this.unlock, { capture: true });
  }

  hostDisconnected(): void {
    for (const type of UNLOCK_EVENTS) this.host.removeEventListener(type, this.unlock, { capture: true });
    this.sounds?.dispose();
    this.sounds = null;
  }

  private readonly unlock = (): void => this.sounds?.unlock();
}

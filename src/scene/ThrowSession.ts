import type { DiceWorld } from '../physics/DiceWorld.js';
import type { Gesture, ThrowResult } from '../physics/types.js';
import { SceneError } from './SceneError.js';
import { ThrowDriver } from './ThrowDriver.js';

/** A throw whose frames stopped coming for this long (throttled or frozen page) is run to rest at once. */
const STALL_MS = 3000;
/** How often the stall watchdog looks, in ms. */
const WATCHDOG_MS = 250;

/**
 * One animated throw at a time, from `start` to the promise it settles: frames advance it through a
 * ThrowDriver, and when they stop coming (hidden tab, frozen page) a watchdog runs it to rest at
 * once, so a throw never hangs. Impacts are passed on only while the throw is stepped in real time.
 */
export class ThrowSession {
  /** Called for each impact during real-time stepping (not when run to rest at once). */
  onImpact?: (speed: number, dieIndex: number) => void;
  private readonly driver: ThrowDriver;
  private resolve: ((result: ThrowResult) => void) | null = null;
  private reject: ((error: Error) => void) | null = null;
  private watchdog: ReturnType<typeof setInterval> | undefined;
  private lastProgress = 0;
  private live = false;

  constructor(private readonly world: DiceWorld) {
    this.driver = new ThrowDriver(world);
    world.onImpact = (speed, index) => {
      if (this.live) this.onImpact?.(speed, index);
    };
  }

  /** True from `start` until the throw's promise is settled. */
  get running(): boolean {
    return this.resolve !== null;
  }

  /** Starts an animated throw; the promise resolves when the dice rest. */
  start(seed: number, gesture: Gesture, held: readonly boolean[]): Promise<ThrowResult> {
    this.complete();
    this.world.startThrow(seed, gesture, held);
    this.driver.reset();
    this.lastProgress = performance.now();
    return new Promise<ThrowResult>((resolve, reject) => {
      this.resolve = resolve;
      this.reject = reject;
      this.watchdog = setInterval(this.checkStall, WATCHDOG_MS);
    });
  }

  /** Advances the throw by `seconds` of real time; returns true when it came to rest (and resolved). */
  advance(seconds: number): boolean {
    if (!this.running) return true;
    this.lastProgress = performance.now();
    this.live = true;
    const done = this.driver.advance(seconds);
    this.live = false;
    if (done) this.settle();
    return done;
  }

  /** Runs a throw under way to rest at once; it resolves as usual. Nothing happens when none runs. */
  complete(): void {
    if (!this.running) return;
    if (this.driver.finish()) this.settle();
    else this.fail(new SceneError('throw-timeout', 'The dice did not come to rest'));
    this.onCompleted?.();
  }

  /** Called after `complete` ran a throw to rest (the host redraws). */
  onCompleted?: () => void;

  /** Rejects a throw under way with `error` and stops watching. */
  fail(error: Error): void {
    const reject = this.reject;
    this.stop();
    reject?.(error);
  }

  /** Stops watching and forgets the world's impacts. A throw under way is rejected as disposed. */
  dispose(): void {
    this.fail(new SceneError('disposed', 'The dice scene was disposed during a throw'));
    this.world.onImpact = undefined;
  }

  private settle(): void {
    const resolve = this.resolve;
    const result = this.world.lastResult;
    if (!result) {
      this.fail(new SceneError('throw-timeout', 'The throw ended without a result'));
      return;
    }
    this.stop();
    resolve?.(result);
  }

  private stop(): void {
    if (this.watchdog !== undefined) clearInterval(this.watchdog);
    this.watchdog = undefined;
    this.resolve = null;
    this.reject = null;
  }

  private readonly checkStall = (): void => {
    const hidden = typeof document !== 'undefined' && document.hidden;
    if (hidden || performance.now() - this.lastProgress > STALL_MS) this.complete();
  };
}

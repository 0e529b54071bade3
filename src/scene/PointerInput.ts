import * as THREE from 'three';
import { MAX_THROW_SPEED, MIN_THROW_SPEED } from '../physics/throw-launcher.js';
import { DEFAULT_GESTURE, DIE_SIZE, type Gesture } from '../physics/types.js';
import type { ScenePicker } from './ScenePicker.js';

/** The release velocity is measured over this last stretch of the drag, in ms. */
const RELEASE_WINDOW_MS = 80;
/** Movement (CSS px) a tap may have: more for fingers, which wobble. A press that moves further is a throw. */
const TAP_SLOP_PX = { mouse: 6, pen: 8, touch: 12 } as const;
/**
 * How far (CSS px) outside a die's drawn outline a tap still means that die: fingers are broad and
 * cover what they aim at, a mouse is precise. A tap farther from every die never throws once the turn
 * has begun (see `tapThrows`).
 */
const TAP_MARGIN_PX = { mouse: 10, pen: 14, touch: 20 } as const;
/** A drag released slower than this (units per second on the table) was put down, not flicked. */
const MIN_FLICK_SPEED = 1.5;
/** Samples kept of the pointer's path (enough for RELEASE_WINDOW_MS at 240 Hz). */
const SAMPLES = 32;

/** The kind of pointer a tap came from (the host words its hint for it). */
export type PointerKind = keyof typeof TAP_SLOP_PX;

/** What a pointer on the table asks for. The host decides what it means. */
export interface TableInputHandlers {
  /** A deliberate throw: a flick (a drag past the slop), or a tap off the dice while `tapThrows`. */
  throw(gesture: Gesture): void;
  /** A tap on or near die `index` (within its drawn outline plus TAP_MARGIN_PX). */
  tapDie(index: number): void;
  /** A tap near no die while taps do not throw: nothing happens, but the host may say how to throw. */
  tapMissed(pointer: PointerKind): void;
}

/**
 * Turns pointer events on the canvas (mouse, touch, pen) into throws and taps: press on the table,
 * drag, release. The release velocity of the last RELEASE_WINDOW_MS is carried onto the table plane
 * through the camera, so a flick throws where the finger went and as fast. A press that stays within
 * the slop is a tap: on or near a die it is that die's; elsewhere it throws only while `tapThrows`
 * (before a turn's first throw, when there is nothing to lose), else it is a miss that throws nothing.
 * One pointer at a time: a second finger cancels the gesture, and nothing counts until all are lifted.
 */
export class PointerInput {
  private active = -1;
  private downX = 0;
  private downY = 0;
  private moved = 0;
  private kind: PointerKind = 'mouse';
  /** Pointers pressed on the canvas now (a second one cancels the gesture under way). */
  private readonly pressed = new Set<number>();
  /** A gesture was cancelled by a second pointer: nothing counts until every pointer is up. */
  private cancelled = false;
  private count = 0;
  private readonly times = new Float64Array(SAMPLES);
  private readonly xs = new Float64Array(SAMPLES);
  private readonly ys = new Float64Array(SAMPLES);
  private readonly from = new THREE.Vector3();
  private readonly to = new THREE.Vector3();
  private isEnabled = false;
  /** Whether a tap off the dice throws (before the turn's first throw); else it only shows a hint. */
  tapThrows = true;

  constructor(
    private readonly canvas: HTMLCanvasElement,
    private readonly picker: ScenePicker,
    private readonly handlers: TableInputHandlers,
  ) {
    canvas.style.touchAction = 'none';
    canvas.addEventListener('pointerdown', this.onDown);
    canvas.addEventListener('pointermove', this.onMove);
    canvas.addEventListener('pointerup', this.onUp);
    canvas.addEventListener('pointercancel', this.onCancel);
    canvas.addEventListener('lostpointercapture', this.onLostCapture);
  }

  /** Whether presses are taken; turning it off drops a gesture under way. */
  get enabled(): boolean {
    return this.isEnabled;
  }

  set enabled(value: boolean) {
    this.isEnabled = value;
    if (!value) this.release();
    this.canvas.style.cursor = value ? 'grab' : '';
  }

  /** Removes the listeners. */
  dispose(): void {
    this.release();
    const c = this.canvas;
    c.removeEventListener('pointerdown', this.onDown);
    c.removeEventListener('pointermove', this.onMove);
    c.removeEventListener('pointerup', this.onUp);
    c.removeEventListener('pointercancel', this.onCancel);
    c.removeEventListener('lostpointercapture', this.onLostCapture);
  }

  private readonly onDown = (event: PointerEvent): void => {
    if (event.pointerType === 'mouse' && event.button !== 0) return;
    // The first pointer of a new press starts afresh (a lift elsewhere may never have reached us).
    if (event.isPrimary) this.pressed.clear();
    this.pressed.add(event.pointerId);
    if (this.pressed.size > 1) {
      // Two fingers at once are a pinch or a slip, never a throw or a hold.
      this.cancelled = true;
      this.release();
      return;
    }
    this.cancelled = false;
    if (!this.isEnabled) return;
    const [x, y] = this.ndc(event);
    if (this.picker.dieAt(x, y) === -1 && !this.picker.isOverTable(x, y, this.from)) return;
    this.active = event.pointerId;
    this.downX = event.clientX;
    this.downY = event.clientY;
    this.moved = 0;
    this.kind = event.pointerType in TAP_SLOP_PX ? (event.pointerType as PointerKind) : 'touch';
    this.count = 0;
    this.sample(event);
    this.canvas.setPointerCapture?.(event.pointerId);
    this.canvas.style.cursor = 'grabbing';
  };

  private readonly onMove = (event: PointerEvent): void => {
    if (!this.isEnabled) return;
    if (event.pointerId !== this.active) {
      if (this.active === -1 && event.pointerType === 'mouse') this.hover(event);
      return;
    }
    this.moved = Math.max(this.moved, Math.hypot(event.clientX - this.downX, event.clientY - this.downY));
    this.sample(event);
  };

  private readonly onUp = (event: PointerEvent): void => {
    this.pressed.delete(event.pointerId);
    if (event.pointerId !== this.active || this.cancelled) return;
    this.sample(event);
    const moved = Math.max(this.moved, Math.hypot(event.clientX - this.downX, event.clientY - this.downY));
    // Within the slop it is a tap however long the press: a finger resting on the felt throws nothing.
    const tap = moved <= TAP_SLOP_PX[this.kind];
    const gesture = tap ? null : this.releaseGesture();
    this.release();
    if (tap) this.tap(event);
    else {
      // A drag that slowed down before the release (or whose moves the browser coalesced) still
      // throws: gently, along the drag. A press, drag and release on the table always throws.
      this.handlers.throw(gesture ?? this.dragGesture(event));
    }
  };

  /** A tap: the die on or near it, else a default throw while taps throw, else a miss. */
  private tap(event: PointerEvent): void {
    const die = this.dieNear(event, this.kind);
    if (die !== -1) this.handlers.tapDie(die);
    else if (this.tapThrows) this.handlers.throw({ ...DEFAULT_GESTURE });
    else this.handlers.tapMissed(this.kind);
  }

  /** The slowest throw, along the whole drag from press to release (straight ahead if that is unclear). */
  private dragGesture(event: PointerEvent): Gesture {
    const height = DIE_SIZE / 2;
    const [x0, y0] = this.ndcOf(this.downX, this.downY);
    const [x1, y1] = this.ndc(event);
    const gentle = { ...DEFAULT_GESTURE, speed: MIN_THROW_SPEED };
    if (!this.picker.planeAt(x0, y0, height, this.from) || !this.picker.planeAt(x1, y1, height, this.to))
      return gentle;
    const dx = this.to.x - this.from.x;
    const dz = this.to.z - this.from.z;
    const length = Math.hypot(dx, dz);
    return length > 0 ? { dirX: dx / length, dirZ: dz / length, speed: MIN_THROW_SPEED } : gentle;
  }

  private readonly onCancel = (event: PointerEvent): void => {
    this.pressed.delete(event.pointerId);
    if (event.pointerId === this.active) this.release();
  };

  private readonly onLostCapture = (event: PointerEvent): void => {
    if (event.pointerId === this.active) this.release();
  };

  /** The flick of the last RELEASE_WINDOW_MS on the table plane at die-centre height, or null if too slow. */
  private releaseGesture(): Gesture | null {
    const last = (this.count - 1) % SAMPLES;
    const end = this.times[last]!;
    // The oldest sample inside the window, or failing that the one just before the release.
    let first = last;
    for (let k = 1; k < Math.min(this.count, SAMPLES); k++) {
      const i = (this.count - 1 - k) % SAMPLES;
      first = i;
      if (end - this.times[i]! >= RELEASE_WINDOW_MS) break;
    }
    const seconds = (end - this.times[first]!) / 1000;
    if (first === last || seconds <= 0) return null;
    const height = DIE_SIZE / 2;
    const [x0, y0] = this.ndcOf(this.xs[first]!, this.ys[first]!);
    const [x1, y1] = this.ndcOf(this.xs[last]!, this.ys[last]!);
    if (!this.picker.planeAt(x0, y0, height, this.from) || !this.picker.planeAt(x1, y1, height, this.to))
      return null;
    const dx = (this.to.x - this.from.x) / seconds;
    const dz = (this.to.z - this.from.z) / seconds;
    const speed = Math.hypot(dx, dz);
    if (!(speed >= MIN_FLICK_SPEED)) return null;
    return {
      dirX: dx / speed,
      dirZ: dz / speed,
      speed: THREE.MathUtils.clamp(speed, MIN_THROW_SPEED, MAX_THROW_SPEED),
    };
  }

  private hover(event: PointerEvent): void {
    this.canvas.style.cursor = this.dieNear(event, 'mouse') !== -1 ? 'pointer' : 'grab';
  }

  /** The die on or near the pointer (within the margin for its kind), or -1. */
  private dieNear(event: PointerEvent, kind: PointerKind): number {
    const rect = this.canvas.getBoundingClientRect();
    const x = event.clientX - rect.left;
    const y = event.clientY - rect.top;
    return this.picker.nearestDie(x, y, rect.width, rect.height, TAP_MARGIN_PX[kind]);
  }

  private sample(event: PointerEvent): void {
    const i = this.count % SAMPLES;
    this.times[i] = event.timeStamp;
    this.xs[i] = event.clientX;
    this.ys[i] = event.clientY;
    this.count++;
  }

  private release(): void {
    if (this.active === -1) return;
    const id = this.active;
    this.active = -1;
    if (this.canvas.hasPointerCapture?.(id)) this.canvas.releasePointerCapture(id);
    this.canvas.style.cursor = this.isEnabled ? 'grab' : '';
  }

  private ndc(event: PointerEvent): [number, number] {
    return this.ndcOf(event.clientX, event.clientY);
  }

  private ndcOf(clientX: number, clientY: number): [number, number] {
    const rect = this.canvas.getBoundingClientRect();
    return [((clientX - rect.left) / rect.width) * 2 - 1, -((clientY - rect.top) / rect.height) * 2 + 1];
  }
}

// The page of `npm run bench:render`: one DiceScene filling the window, driven from Playwright through
// `window.bench`. Query: ?quality=low|high, ?reducedMotion=1, ?maxPixelRatio=2.
import { DiceScene, type SceneQuality } from '../../src/scene/DiceScene.js';
import { DEFAULT_GESTURE, type Gesture, type ThrowResult } from '../../src/scene/physics/types.js';

const params = new URLSearchParams(location.search);
const container = document.getElementById('table')!;
const scene = new DiceScene(container, {
  quality: (params.get('quality') as SceneQuality | null) ?? undefined,
  reducedMotion: params.get('reducedMotion') === '1',
  maxPixelRatio: params.has('maxPixelRatio') ? Number(params.get('maxPixelRatio')) : undefined,
});
const held = [false, false, false, false, false];
const events: string[] = [];
scene.onFlick = (g) => events.push(`flick ${g.dirX.toFixed(2)} ${g.dirZ.toFixed(2)} ${g.speed.toFixed(1)}`);
scene.onDieClick = (i) => events.push(`die ${i}`);
scene.interactive = true;

/** What the benchmark and the screenshot run call. */
const bench = {
  scene,
  events,
  show(faces: number[], holds: boolean[]): void {
    held.splice(0, 5, ...holds);
    scene.show(faces, holds);
  },
  setHeld(holds: boolean[]): void {
    held.splice(0, 5, ...holds);
    scene.setHeld(holds);
  },
  async throwOnce(seed: number, gesture: Gesture = DEFAULT_GESTURE): Promise<ThrowResult> {
    const result = await scene.throw(seed, gesture, held);
    console.log(`throw ${seed}: faces ${result.faces.join(' ')} settle ${result.settleSeconds.toFixed(2)} s`);
    return result;
  },
  frames(): number {
    return scene.framesDrawn;
  },
  times(): number[] {
    return scene.frameTimes();
  },
};
(window as unknown as { bench: typeof bench }).bench = bench;

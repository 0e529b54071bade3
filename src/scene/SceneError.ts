import { CodedError } from '../engine/index.js';

/** Every way the 3D table can refuse or give up. Hosts switch on the code, never on the message. */
export type SceneErrorCode =
  /** The browser gave no WebGL context (disabled, blocklisted or out of contexts). */
  | 'no-webgl'
  /** The scene was disposed while a throw was still running. */
  | 'disposed'
  /** The physics did not bring a throw to rest within its step budget. */
  | 'throw-timeout';

/** An error raised by DiceScene, with a stable machine-readable code. */
export class SceneError extends CodedError<SceneErrorCode> {
  constructor(code: SceneErrorCode, message: string) {
    super(code, message);
    this.name = 'SceneError';
  }
}

import type { Strings } from './i18n/index.js';

/** Whether the player's pointer is a finger (a phone or tablet), which swipes and taps. */
export function pointerIsTouch(): boolean {
  return typeof matchMedia === 'function' && matchMedia('(pointer: coarse)').matches;
}

/** How to throw, said for the pointer the player has: a finger swipes and taps, a mouse flicks and clicks. */
export function firstThrowHint(s: Strings): string {
  return pointerIsTouch() ? s.touchHints.first : s.hintFirst;
}

/** What a key asks of the game. */
export type KeyCommand =
  | { kind: 'throw' }
  | { kind: 'hold'; index: number }
  | { kind: 'rows' }
  | { kind: 'hints' }
  | { kind: 'new-game' };

/** Where the keyboard is when a key is pressed. */
export interface KeyContext {
  /** A person is playing a turn (no panel open, not a computer's turn). */
  playing: boolean;
  /** A game exists and no dice are in the air (a new game may be asked for). */
  canStartOver: boolean;
}

/**
 * Keyboard play: R or Space throws, 1-5 hold dice, the arrows go to the sheet's rows, H hints, N a new game.
 * Typing in a field, keys with modifiers and keys a focused button handles itself are left alone.
 */
export function keyCommand(event: KeyboardEvent, context: KeyContext): KeyCommand | null {
  if (event.defaultPrevented || event.ctrlKey || event.metaKey || event.altKey) return null;
  const tag = (event.composedPath()[0] as HTMLElement | undefined)?.tagName;
  if (tag === 'INPUT' || tag === 'SELECT' || tag === 'TEXTAREA') return null;
  const onButton = tag === 'BUTTON';
  const key = event.key.toLowerCase();
  if (context.playing) {
    if (key === 'r' || (key === ' ' && !onButton)) return { kind: 'throw' };
    if (key >= '1' && key <= '5' && key.length === 1) return { kind: 'hold', index: Number(key) - 1 };
    if ((key === 'arrowdown' || key === 'arrowup') && !onButton) return { kind: 'rows' };
    if (key === 'h') return { kind: 'hints' };
  }
  if (key === 'n' && context.canStartOver) return { kind: 'new-game' };
  return null;
}

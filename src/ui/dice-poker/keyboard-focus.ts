import type { LitElement, ReactiveControllerHost } from 'lit';
import { nextTask } from '../../scene/index.js';

/** The panels that take the keyboard as they open. */
// The History panel first: it opens over the others.
const PANELS = 'dp-history, dp-start-panel, dp-game-over, dp-online-panel';

/** "How to play", over everything else while it is open. */
const GUIDE = 'dp-how-to-play';

/** What focus needs of the element: itself (is the keyboard in it?), its render root and its renders. */
export type FocusHost = ReactiveControllerHost & HTMLElement & { readonly renderRoot: ParentNode };

/*
 * Where the keyboard goes as the game moves on: into a panel as it opens, back to the table as play
 * goes on. It moves once the render that shows its target is done (the host's `updateComplete`). It
 * holds nothing, so these are functions of the element: any part may move the keyboard.
 */

/** The new-game panel opened or closed: the keyboard goes with it (into the panel, or back to the table). */
export function followPanel(host: FocusHost, open: boolean): void {
  if (open) focusPanel(host);
  else focusTable(host);
}

/**
 * Puts the keyboard on the panel about to open (its first field or button), if the keyboard is in
 * this element: the game behind a panel is inert, so focus would otherwise fall to the page. Focus
 * elsewhere on the page (the embedder's) stays where it is.
 */
export function focusPanel(host: FocusHost): void {
  const active = document.activeElement;
  if (active !== host && active !== document.body && active !== null) return;
  void host.updateComplete.then(async () => {
    // "How to play" lies over every other panel: it takes the keyboard while it is open.
    const panel =
      host.renderRoot.querySelector<LitElement>(GUIDE) ?? host.renderRoot.querySelector<LitElement>(PANELS);
    if (!panel) return;
    // Both panels come in chunks of their own: wait for the element, then for its first render.
    await customElements.whenDefined(panel.localName);
    await panel.updateComplete;
    // Focus lays the page out first: in a task of its own, not the one of the panel's first render.
    await nextTask();
    panel.focus({ preventScroll: true });
  });
}

/**
 * The element has just been drawn for the first time: unless something else on the page has the
 * keyboard, it goes to the panel open (the start panel's first field), else to the table, where R or
 * Space throws. A player can type or throw at once, with no click first.
 */
export function focusFirstDrawn(host: FocusHost): void {
  const free = () => document.activeElement === document.body || document.activeElement === null;
  // A touch screen has no keyboard to hand over, and a name field focused would pop one up unasked.
  if (!free() || matchMedia('(pointer: coarse)').matches) return;
  void host.updateComplete.then(() => {
    if (!free()) return;
    if (host.renderRoot.querySelector(`${GUIDE}, ${PANELS}`)) focusPanel(host);
    else focusTable(host);
  });
}

/**
 * Puts the keyboard on the table's canvas (there only while a 3D table is built), or, without 3D, on
 * the roll button: where the next turn starts.
 */
export function focusTable(host: FocusHost): void {
  void host.updateComplete.then(() => {
    const target =
      host.renderRoot.querySelector<HTMLElement>('.stage canvas') ??
      host.renderRoot.querySelector('dp-controls');
    target?.focus({ preventScroll: true });
  });
}

/**
 * A throw is asked while the keyboard is on the controls (their Throw button, by Enter, Space or R):
 * the button is disabled while the dice fly, which would drop the keyboard to the page, where 1-5, R
 * and Enter do nothing. It goes to the table instead, where they all work.
 */
export function keepKeyboardOnThrow(host: FocusHost): void {
  const active = (host.renderRoot as ShadowRoot).activeElement;
  if (active?.localName === 'dp-controls') focusTable(host);
}

/**
 * What has the keyboard inside the element (through its parts' shadow roots: the start panel's button,
 * not the start panel), or null when the keyboard is elsewhere on the page.
 */
export function focusedInside(host: FocusHost): HTMLElement | null {
  if (document.activeElement !== host) return null;
  let active = (host.renderRoot as ShadowRoot).activeElement as HTMLElement | null;
  while (active?.shadowRoot?.activeElement) active = active.shadowRoot.activeElement as HTMLElement;
  return active;
}

/**
 * A dialog closed: the keyboard goes back to what had it when the dialog opened (once the render that
 * takes the dialog away is done), or, where that is gone or there was none, to the panel open or the
 * table.
 */
export function focusBack(host: FocusHost, before: HTMLElement | null): void {
  void host.updateComplete.then(() => {
    if (before?.isConnected) before.focus({ preventScroll: true });
    else if (host.renderRoot.querySelector(PANELS)) focusPanel(host);
    else focusTable(host);
  });
}

/**
 * A game opened from a panel that had the keyboard (My games' Open): the panel is gone, which drops
 * the keyboard to the page, where R and 1-5 do nothing. It goes to what shows now: the room's panel
 * (its lobby, its game's end) or the table. Focus elsewhere on the page (the embedder's) stays.
 */
export function focusOpened(host: FocusHost): void {
  const active = document.activeElement;
  if (active !== host && active !== document.body && active !== null) return;
  focusBack(host, null);
}

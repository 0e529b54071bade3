/**
 * The overlay's panels that come in chunks of their own, loaded the first time one is shown: a resumed
 * or scripted game never needs the start panel, and only online play needs the online panel.
 */

/** The start panel's chunk, once asked for (null again after a failed load, so it is retried). */
let startPanel: Promise<unknown> | null = null;

/** Loads the start panel, a chunk of its own: a resumed or scripted game never needs it. */
export function loadStartPanel(): void {
  startPanel ??= import('../components/dp-start-panel/dp-start-panel.js').catch((error: unknown) => {
    startPanel = null;
    console.warn('<dice-poker>: the start panel could not be loaded', error);
  });
}

/** The online panel's chunk, once asked for (null again after a failed load, so it is retried). */
let onlinePanel: Promise<unknown> | null = null;

/** Loads the online panel (joining, the room before its game): only online play needs it. */
export function loadOnlinePanel(): void {
  onlinePanel ??= import('../components/dp-online-panel/dp-online-panel.js').catch((error: unknown) => {
    onlinePanel = null;
    console.warn('<dice-poker>: the online panel could not be loaded', error);
  });
}

/** The History panel's chunk, once asked for (null again after a failed load, so it is retried). */
let historyPanel: Promise<unknown> | null = null;

/** Loads the History panel (its charts and words): only opening it needs them. */
export function loadHistoryPanel(): void {
  historyPanel ??= import('../components/dp-history/dp-history.js').catch((error: unknown) => {
    historyPanel = null;
    console.warn('<dice-poker>: the history panel could not be loaded', error);
  });
}

/** The guide's chunk, once asked for (null again after a failed load, so it is retried). */
let guide: Promise<unknown> | null = null;

/** Loads "How to play" (its words and pictures): only a first visit or its buttons need it. */
export function loadGuide(): void {
  guide ??= import('../components/dp-how-to-play/dp-how-to-play.js').catch((error: unknown) => {
    guide = null;
    console.warn('<dice-poker>: the guide could not be loaded', error);
  });
}

import { css } from 'lit';

/**
 * What lies over the table and the sheet: the top bar (in a strip of its own above the table, so it
 * never covers a die), the panels and "How to play", the bar of a computer's turn, the toasts and the
 * words on the room.
 */
export const overlayStyles = css`
  .topbar {
    position: absolute;
    top: 0.45rem;
    left: 0.5rem;
    right: 0.5rem;
    display: flex;
    gap: 0.4rem;
    z-index: 4;
    pointer-events: none;
  }
  .topbar button {
    pointer-events: auto;
    white-space: nowrap;
    font: inherit;
    font-size: 0.8rem;
    color: inherit;
    background: rgba(20, 15, 10, 0.7);
    border: 1px solid rgba(255, 236, 200, 0.3);
    border-radius: 999px;
    padding: 0.3rem 0.8rem;
    cursor: pointer;
  }
  .topbar button:focus-visible {
    outline: 3px solid var(--dp-focus, #ffd166);
  }
  /* Online, over a panel (the lobby, the game's end): the asks for a seat, the watcher's bar, over everything. */
  :host > .online-bar {
    position: absolute;
    top: calc(var(--bar-space) + 2.6rem);
    left: 0.5rem;
    right: 0.5rem;
    z-index: 5;
  }
  .modal {
    position: absolute;
    inset: 0;
    padding-top: var(--bar-space);
    box-sizing: border-box;
    display: grid;
    place-items: center;
    background: rgba(10, 7, 4, 0.45);
    z-index: 3;
  }
  /* A panel taller than a short screen (six players on a phone on its side) scrolls, from its top. */
  .modal {
    grid-auto-flow: row;
    align-content: safe center;
    gap: 0.6rem;
    overflow-y: auto;
    overscroll-behavior: contain;
  }
  /* "How to play" lies over everything, the top bar and the online bar too (they wait, inert, behind it). */
  .modal.guide {
    z-index: 6;
    padding: 0;
    background: rgba(10, 7, 4, 0.6);
  }
  .saved-notice {
    margin: 0;
    max-width: min(24rem, calc(100% - 2rem));
    background: rgba(120, 30, 20, 0.9);
    border-radius: 10px;
    padding: 0.5rem 0.9rem;
    text-align: center;
  }
  .stack {
    display: flex;
    flex-direction: column;
    align-items: center;
    gap: 0.6rem;
    max-height: 100%;
    overflow: auto;
    padding: 0.5rem;
    box-sizing: border-box;
  }
  .rematch-note {
    flex-basis: 100%;
    margin: 0;
    text-align: center;
  }
  .review-button:disabled {
    opacity: 0.6;
    cursor: default;
  }
  .review-button,
  .bot-bar button {
    font: inherit;
    color: inherit;
    background: rgba(20, 15, 10, 0.8);
    border: 1px solid rgba(255, 236, 200, 0.35);
    border-radius: 999px;
    padding: 0.4rem 1rem;
    cursor: pointer;
  }
  .bot-bar {
    position: absolute;
    left: 50%;
    bottom: 0.6rem;
    transform: translateX(-50%);
    margin: 0;
    display: flex;
    gap: 0.6rem;
    align-items: center;
    background: rgba(20, 15, 10, 0.85);
    border-radius: 999px;
    padding: 0.3rem 0.4rem 0.3rem 1rem;
    white-space: nowrap;
    z-index: 2;
  }
  .toast,
  .notice {
    position: absolute;
    left: 50%;
    transform: translateX(-50%);
    background: rgba(20, 15, 10, 0.88);
    border: 1px solid rgba(255, 236, 200, 0.3);
    border-radius: 999px;
    padding: 0.35rem 1rem;
    font-size: 0.85rem;
    z-index: 2;
    white-space: nowrap;
    max-width: 90%;
    overflow: hidden;
    text-overflow: ellipsis;
  }
  /* A word to the player, or on the room (its server away, a turn run out): it wraps rather than lose
     its end on a phone. */
  .toast,
  .notice[data-away] {
    white-space: normal;
    text-overflow: clip;
    width: max-content;
    border-radius: 0.8rem;
    text-align: center;
    line-height: 1.3;
  }
  /* The toast stands clear of the bar that says a computer is playing. */
  .toast {
    bottom: 0.6rem;
  }
  .table:has(.bot-bar) .toast {
    bottom: 3.6rem;
  }
  .notice {
    top: 0.3rem;
  }
  @container (max-width: 420px) {
    .topbar {
      gap: 0.25rem;
    }
    .topbar button {
      font-size: 0.72rem;
      padding: 0.3rem 0.55rem;
    }
    /* A phone's bar has no room for its words: the sign alone, its words for a screen reader. */
    .topbar .move-label {
      position: absolute;
      width: 1px;
      height: 1px;
      overflow: hidden;
      clip-path: inset(50%);
    }
  }
  .sr-only {
    position: absolute;
    width: 1px;
    height: 1px;
    overflow: hidden;
    clip: rect(0 0 0 0);
    white-space: nowrap;
  }
`;

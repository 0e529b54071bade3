import { css } from 'lit';
import { startScreenStyles } from './start-screen.styles.js';

/**
 * Layout of <dice-poker>: the table and its controls, with the sheet beside them when wide, below them
 * when narrow, and, on a short landscape screen (a phone on its side), the controls and the sheet side
 * by side with the table so that it keeps the full height. The top bar has a strip of its own above
 * the table, so it never covers a die.
 */
const layoutStyles = css`
  :host {
    display: block;
    position: relative;
    height: var(--dp-height, 640px);
    min-height: 360px;
    overflow: hidden;
    container-type: size;
    background: var(--dp-background, radial-gradient(ellipse at 50% 30%, #2b2018, #120d09));
    font-family: var(--dp-font, system-ui, 'Segoe UI', Roboto, sans-serif);
    color: var(--dp-text, #f4efe4);
    /* Height of the strip above the table that the top bar sits in (panels, too, start below it). */
    --bar-space: 2.5rem;
  }
  :host([reduced-motion]) {
    --dp-tray-transition: none;
  }
  :host([hidden]) {
    display: none;
  }
  .layout {
    position: absolute;
    inset: 0;
    display: grid;
    grid-template-columns: 1fr;
    grid-template-rows: minmax(0, 1fr) auto minmax(0, auto);
    grid-template-areas: 'table' 'controls' 'sheet';
  }
  /* The table's cell: the top bar's strip, online the bar's own strip (the turn clock and its
     buttons, so that no die is ever drawn under them), and the felt. What lies over the felt (the keys,
     a notice, a toast, the computer's bar) is placed in the felt's row, so it starts below both strips. */
  .table {
    grid-area: table;
    position: relative;
    min-height: 0;
    display: grid;
    grid-template-columns: minmax(0, 1fr);
    grid-template-rows: var(--table-top, var(--bar-space)) auto minmax(0, 1fr);
  }
  .table > * {
    grid-column: 1;
    grid-row: 3;
  }
  .table > .online-bar {
    grid-row: 2;
  }
  .stage {
    position: relative;
    min-height: 0;
    border-top: 1px solid rgba(255, 236, 200, 0.08);
  }
  .stage canvas {
    display: block;
    position: absolute;
    inset: 0;
    width: 100%;
    height: 100%;
  }
  .stage canvas:focus-visible {
    outline: 3px solid var(--dp-focus, #ffd166);
    outline-offset: -3px;
  }
  /* The keys, shown while the keyboard is on the table (the canvas is described by them for screen readers). */
  .keys {
    display: none;
    position: absolute;
    left: 50%;
    top: 0.4rem;
    transform: translateX(-50%);
    margin: 0;
    width: max-content;
    max-width: calc(100% - 2rem);
    text-align: center;
    font-size: 0.78rem;
    background: rgba(20, 15, 10, 0.85);
    border-radius: 8px;
    padding: 0.3rem 0.7rem;
    pointer-events: none;
  }
  .table:has(canvas:focus-visible) .keys {
    display: block;
  }
  .felt-hint {
    display: none;
    position: absolute;
    left: 50%;
    bottom: 0.6rem;
    transform: translateX(-50%);
    margin: 0;
    width: max-content;
    max-width: calc(100% - 1.5rem);
    padding: 0.3rem 0.8rem;
    border-radius: 0.8rem;
    background: rgba(20, 15, 10, 0.75);
    font-size: 0.82rem;
    line-height: 1.3;
    text-align: center;
    /* Words on the felt, not a control: a flick over them throws. */
    pointer-events: none;
  }
  dp-controls {
    grid-area: controls;
    padding: 0 0.5rem 0.4rem;
  }
  .sheet {
    grid-area: sheet;
    /* A wide sheet (many players) scrolls inside its cell; it must not widen the grid. */
    min-width: 0;
    overflow: auto;
    overscroll-behavior: contain;
    max-height: 36cqh;
    padding: 0 0.5rem 0.5rem;
  }
  /* A sheet with rows below its box (a phone on its side) says so: a fade and an arrow at its foot,
     gone once the last row is in view (a scroll-state query: where it is not known, no mark). */
  .sheet {
    container: sheet-scroll / scroll-state;
  }
  .more-below {
    display: none;
    position: sticky;
    bottom: 0;
    height: 1.8rem;
    margin-top: -1.8rem;
    /* The sheet's box is a column: an empty box in it would shrink to nothing. */
    flex-shrink: 0;
    /* Over the sheet's rows (the sheet lies over the table, a layer of its own). */
    z-index: 2;
    pointer-events: none;
    background: linear-gradient(transparent, var(--dp-panel-solid, #1c1712) 70%);
  }
  .more-below svg {
    display: block;
    width: 1rem;
    margin: 0.65rem auto 0;
    fill: none;
    stroke: var(--dp-accent, #e0a526);
    stroke-width: 2.2;
    stroke-linecap: round;
    stroke-linejoin: round;
  }
  @container sheet-scroll scroll-state(scrollable: bottom) {
    .more-below {
      display: block;
    }
  }
  @container (min-width: 760px) {
    .layout.with-sheet {
      grid-template-columns: 1fr minmax(15rem, auto);
      grid-template-rows: minmax(0, 1fr) auto;
      grid-template-areas: 'table sheet' 'controls sheet';
    }
    /* The coach's words change with every throw: a side column as wide as they are would resize the
       table after each one, and a resized canvas is drawn again whole (a frame of 100 to 500 ms in
       software WebGL, just as the next throw starts). They take the column's width instead of giving
       it theirs; the column is at least wide enough for them while they are shown. */
    .sheet dp-hints {
      contain: inline-size;
    }
    .layout.with-sheet:has(.sheet dp-hints) {
      grid-template-columns: 1fr minmax(20rem, auto);
    }
    /* The sheet keeps its whole height beside the table; the coach's hints above it take what is
       left and scroll inside themselves, so no row is ever pushed below the fold. */
    .sheet {
      max-height: none;
      padding: 0.6rem 0.6rem 0.6rem 0;
      display: flex;
      flex-direction: column;
    }
    .sheet dp-hints {
      flex: 0 1 auto;
      min-height: 5rem;
      overflow: auto;
      overscroll-behavior: contain;
    }
    .sheet dp-scorecard {
      flex: none;
    }
    /* A panel over a game (its end, History, the review) stands at the table's left, the sheet beside
       it in view: whatever the sheet's width (one player or six), no panel lies over its row names. */
    .layout.with-sheet ~ .modal {
      justify-items: start;
      padding-left: 1.5rem;
    }
  }
  /* With the coach's hints above it the sheet is dense (its caption left to screen readers), so that
     the hints' box has the room for their first lines, the best row's advice among them, unscrolled. */
  @container (min-width: 760px) and (min-height: 521px) {
    .layout.with-sheet:has(.sheet dp-hints) dp-scorecard {
      --dp-sheet-font-size: 0.84rem;
      --dp-sheet-cell-padding: 0.02rem 0.45rem;
      --dp-sheet-option-pad: 0.06rem;
      --dp-sheet-caption-display: none;
    }
  }
  @container (max-width: 759px) {
    dp-scorecard {
      font-size: 0.85rem;
      --dp-sheet-name-width: 6.5em;
    }
  }
  /*
   * A phone held upright: the table, the controls and the whole sheet (13 rows with their scores) on
   * one screen, so scoring never needs a scroll. The sheet takes the height it needs (denser rows, its
   * caption left to screen readers) and the table the rest; with many players it scrolls sideways.
   */
  @container (max-width: 759px) and (orientation: portrait) {
    .sheet {
      max-height: 64cqh;
      padding: 0 0.4rem 0.4rem;
    }
    /* The coach's hints lie over the table, below the top bar, where the player looks after a throw
       (the dice are in the tray below them too): the sheet keeps its room, every row in view. They
       end above the controls (the table is what the controls and the whole sheet leave, 38% of the
       height or more) and scroll inside themselves. */
    .sheet dp-hints {
      position: absolute;
      z-index: 3;
      top: calc(var(--bar-space) + 0.3rem);
      left: 0.5rem;
      right: 0.5rem;
      max-height: calc(38cqh - var(--bar-space) - 0.6rem);
      overflow: auto;
      overscroll-behavior: contain;
      border-radius: 14px;
    }
    dp-controls {
      padding: 0 0.4rem 0.35rem;
    }
    dp-scorecard {
      font-size: 1rem;
      --dp-sheet-font-size: 0.84rem;
      --dp-sheet-cell-padding: 0.02rem 0.45rem;
      --dp-sheet-option-pad: 0.06rem;
      --dp-sheet-caption-display: none;
    }
  }
  @container (max-width: 759px) and (orientation: portrait) and (max-height: 800px) {
    dp-controls {
      --dp-controls-hint-display: none;
    }
    .felt-hint {
      display: block;
    }
    dp-hints {
      --dp-hints-note-display: none;
    }
    dp-scorecard {
      --dp-sheet-font-size: 0.8rem;
      --dp-sheet-cell-padding: 0 0.4rem;
      --dp-sheet-option-pad: 0.08rem;
    }
  }
  @container (orientation: landscape) and (max-height: 520px) and (min-width: 520px) {
    /* The top bar spans the width here (the side column is narrow): everything starts below it. */
    .layout.with-sheet {
      top: var(--bar-space);
      --table-top: 0px;
    }
    .layout.with-sheet {
      grid-template-columns: minmax(0, 1fr) minmax(13rem, 42%);
      grid-template-rows: auto minmax(0, 1fr);
      grid-template-areas: 'table controls' 'table sheet';
    }
    /* The side column keeps its width with the coach's hints open: they lie over the table. */
    .layout.with-sheet:has(.sheet dp-hints) {
      grid-template-columns: minmax(0, 1fr) minmax(13rem, 42%);
    }
    /* The side column is short: the controls keep to two lines (whose turn; dice and Throw) and the
       help line, which would wrap and move everything under it at each throw, is left out, as on a short
       phone held upright; the sheet is dense, so that most of its rows show. */
    dp-controls {
      padding: 0.4rem 0.5rem 0.3rem 0;
      --dp-controls-hint-display: none;
    }
    .felt-hint {
      display: block;
    }
    /* The coach's hints are a sheet over the table (the side column has no room for them): the
       height of the table, scrolling inside itself when longer. */
    .sheet dp-hints {
      position: absolute;
      z-index: 3;
      top: 0.4rem;
      left: 0.5rem;
      right: calc(max(13rem, 42%) + 0.5rem);
      max-height: calc(100% - 0.9rem);
      overflow: auto;
      overscroll-behavior: contain;
      border-radius: 14px;
    }
    .sheet {
      max-height: none;
      padding: 0 0.5rem 0.5rem 0;
    }
    dp-scorecard {
      --dp-sheet-font-size: 0.8rem;
      --dp-sheet-cell-padding: 0.06rem 0.45rem;
      --dp-sheet-option-pad: 0.06rem;
      --dp-sheet-caption-display: none;
    }
    .topbar {
      gap: 0.25rem;
    }
    .topbar button {
      font-size: 0.72rem;
      padding: 0.3rem 0.55rem;
    }
    /* Game over: the review opens beside the game-over card, not below it past the screen's edge, and
       scrolls inside itself. (.modal: the stack's own rules come later in this sheet.) */
    .modal .stack {
      flex-direction: row;
      align-items: flex-start;
      max-width: 100%;
    }
    .stack dp-game-over {
      flex: none;
    }
    .stack dp-review {
      flex: 1 1 24rem;
      min-width: 0;
      --dp-review-height: calc(100cqh - var(--bar-space) - 1.5rem);
    }
  }
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

/** The element's styles: its layout, then where the table stands while the start panel is open. */
export const dicePokerStyles = [layoutStyles, startScreenStyles];

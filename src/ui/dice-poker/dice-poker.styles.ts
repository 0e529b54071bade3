import { css } from 'lit';
import { overlayStyles } from './overlay.styles.js';
import { screenSizeStyles } from './screen-size.styles.js';
import { startScreenStyles } from './start-screen.styles.js';

/**
 * Layout of <dice-poker>: the element's box, the table's cell below the top bar's strip (so the bar
 * never covers a die), the canvas, the keys and the words on the felt, the controls and the sheet. How
 * they stand at each size is screen-size.styles.ts.
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
`;

/**
 * The element's styles, in this order: its layout, at each size, what lies over it, and where the
 * table stands while the start panel is open.
 */
export const dicePokerStyles = [layoutStyles, screenSizeStyles, overlayStyles, startScreenStyles];

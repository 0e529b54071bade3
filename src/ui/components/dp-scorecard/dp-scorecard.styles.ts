import { css } from 'lit';
import { panelStyles } from '../../shared.styles.js';

/** Styles of <dp-scorecard>. */
export const scorecardStyles = [
  panelStyles,
  css`
    :host {
      display: block;
    }
    /* As wide as the table: with many players the card scrolls sideways whole, border and all. */
    .card {
      min-width: max-content;
    }
    /* Denser on a phone held upright (set by <dice-poker>), so all 13 rows fit under the table. */
    table {
      border-collapse: collapse;
      width: 100%;
      font-size: var(--dp-sheet-font-size, 0.92rem);
    }
    caption {
      display: var(--dp-sheet-caption-display, table-caption);
      text-align: left;
      font-weight: 700;
      padding: 0.6rem 0.75rem 0.2rem;
      letter-spacing: 0.02em;
    }
    th,
    td {
      padding: var(--dp-sheet-cell-padding, 0.22rem 0.5rem);
      text-align: right;
      white-space: nowrap;
    }
    th[scope='row'] {
      text-align: left;
      font-weight: 500;
    }
    /* Every row is as tall as one with a score to choose: the sheet keeps its height (and the table
       above it its size) whether or not the dice on the table offer scores. */
    tbody th,
    tbody td {
      height: max(24px, calc(1.2em + 2 * var(--dp-sheet-option-pad, 0.1rem) + 2px));
    }
    /* A row's name scores too, as its cell does (a bigger target for a finger). */
    tbody th.choosable {
      cursor: pointer;
    }
    /* With many players the sheet scrolls sideways: the row names stay in view. */
    thead th:first-child,
    tbody th[scope='row'],
    tfoot th[scope='row'] {
      position: sticky;
      left: 0;
      z-index: 1;
      opacity: 1;
      background: var(--dp-panel-solid, #1c1712);
    }
    /* A short sheet scrolls down inside its box (a phone on its side): the names stay on top. */
    thead th {
      position: sticky;
      top: 0;
      z-index: 1;
      background: var(--dp-panel-solid, #1c1712);
    }
    thead th:first-child {
      z-index: 2;
    }
    thead th {
      font-size: 0.8rem;
      font-weight: 600;
      opacity: 0.85;
      vertical-align: bottom;
    }
    /* A long name wraps onto a second line rather than lose its end ("Host Hannelore"); only one past
       two lines is cut, whole in the cell's title and in what a screen reader hears. */
    .who {
      display: -webkit-box;
      -webkit-box-orient: vertical;
      -webkit-line-clamp: 2;
      line-clamp: 2;
      overflow: hidden;
      white-space: normal;
      overflow-wrap: anywhere;
      max-width: var(--dp-sheet-name-width, 9em);
      margin-left: auto;
      line-height: 1.15;
      /* The clip of the two-line cut starts at the line's top, under the marks over a capital (the
         dots of Ü, the tilde of Õ): room for them, or "Ülle" reads "Ulle". */
      padding-top: 0.2em;
    }
    thead th.current {
      color: var(--dp-accent, #e0a526);
      opacity: 1;
    }
    td.current {
      background: rgba(224, 165, 38, 0.12);
    }
    /* One who forfeited: their sheet stays, struck through and faint. */
    thead th.out .who {
      text-decoration: line-through;
    }
    th.out,
    td.out {
      opacity: 0.5;
    }
    tr.upper-end td,
    tr.upper-end th {
      border-bottom: 1px solid rgba(255, 236, 200, 0.25);
    }
    tfoot td,
    tfoot th {
      font-weight: 700;
      border-top: 1px solid rgba(255, 236, 200, 0.35);
    }
    /* At least 24 by 24 CSS px (WCAG 2.2 target size), the digits centred in it. */
    .option {
      display: flex;
      align-items: center;
      justify-content: flex-end;
      box-sizing: border-box;
      min-height: 24px;
      width: 100%;
      min-width: max(2.6em, 24px);
      background: rgba(255, 255, 255, 0.08);
      border: 1px dashed rgba(255, 209, 102, 0.6);
      border-radius: 6px;
      padding: var(--dp-sheet-option-pad, 0.1rem) 0.35rem;
      line-height: 1.2;
      text-align: right;
      color: var(--dp-accent, #ffd166);
    }
    .option:hover:not(:disabled) {
      background: rgba(255, 209, 102, 0.25);
    }
    .option.zero {
      color: rgba(244, 239, 228, 0.55);
      border-color: rgba(244, 239, 228, 0.3);
    }
    /*
     * The question about a 0 lies over the sheet beside the row it asks about (placed by the element),
     * so the sheet keeps its size, and the table beside or above it its own. Within a sheet wider than
     * its box it stays in the view.
     */
    .card {
      position: relative;
    }
    .confirm {
      position: absolute;
      top: 0;
      left: 0;
      right: 0;
      z-index: 3;
    }
    .ask {
      position: sticky;
      left: 0;
      /* As wide as the sheet's view (set by the element): the card may be wider, scrolled sideways. */
      width: var(--ask-width, 100%);
      box-sizing: border-box;
      display: flex;
      gap: 0.5rem;
      align-items: center;
      justify-content: flex-end;
      flex-wrap: wrap;
      padding: 0.5rem 0.75rem 0.7rem;
      background: var(--dp-panel-solid, #1c1712);
      border: 1px solid var(--dp-accent, #e0a526);
      border-radius: 14px;
      box-shadow: 0 6px 22px rgba(0, 0, 0, 0.55);
    }
    .confirm p {
      margin: 0;
      flex: 1 1 100%;
      text-align: left;
    }
  `,
];

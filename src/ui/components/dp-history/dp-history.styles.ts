import { css } from 'lit';
import { chartStyles } from '../../charts/bar-chart.js';
import { overlayPanelStyles, panelFieldStyles } from '../overlay-panel.styles.js';

/**
 * Styles of <dp-history>: a card as tall as the element leaves below its top bar at most, its title
 * with Close at the top and its note and buttons at the bottom always in view; the one scroller is
 * what lies between (the charts, as wide as the card allows).
 */
export const historyStyles = [
  ...overlayPanelStyles,
  panelFieldStyles,
  chartStyles,
  css`
    .card {
      width: min(38rem, calc(100cqw - 1.5rem));
      max-height: calc(100cqh - var(--bar-space, 2.5rem) - 1.2rem);
      display: flex;
      flex-direction: column;
      overflow: hidden;
      font-size: 0.9rem;
      /* Opaque: the score sheet behind must not show through the charts' text. */
      background: var(--dp-panel-solid, #1a1511);
    }
    .body {
      flex: 1 1 auto;
      min-height: 0;
      overflow: auto;
      overscroll-behavior: contain;
      /* Room for the focus rings of what it holds, which it would clip. */
      margin-inline: -0.4rem;
      padding-inline: 0.4rem;
    }
    header {
      flex: none;
      display: flex;
      justify-content: space-between;
      align-items: center;
      gap: 1rem;
    }
    h2 {
      margin: 0;
    }
    .dp-chart {
      max-width: 26rem;
    }
    h3 {
      margin: 0.9rem 0 0.1rem;
      font-size: 1rem;
    }
    .intro,
    .averages,
    .count {
      margin: 0.3rem 0;
      opacity: 0.85;
    }
    .averages {
      font-variant-numeric: tabular-nums;
      font-size: 0.82rem;
    }
    .table-help {
      margin: 0.3rem 0 0;
      max-width: 34rem;
      font-size: 0.78rem;
      opacity: 0.8;
    }
    .whose {
      display: flex;
      align-items: center;
      gap: 0.5rem;
      max-width: 22rem;
    }
    summary {
      cursor: pointer;
      font-size: 0.82rem;
      margin-top: 0.2rem;
    }
    .note {
      flex: none;
      margin: 0.8rem 0 0;
      padding: 0.4rem 0.6rem;
      border-radius: 8px;
      background: rgba(143, 182, 255, 0.15);
    }
    .note.refused {
      background: rgba(255, 155, 138, 0.18);
      color: #ffc2b8;
    }
    .buttons {
      flex: none;
      display: flex;
      gap: 0.5rem;
      flex-wrap: wrap;
      margin-top: 0.9rem;
    }
    label.button {
      display: inline-flex;
      align-items: center;
      cursor: pointer;
    }
    label.button:focus-within {
      outline: 3px solid var(--dp-focus, #ffd166);
      outline-offset: 2px;
    }
    label.button input {
      position: absolute;
      width: 1px;
      height: 1px;
      opacity: 0;
    }
  `,
];

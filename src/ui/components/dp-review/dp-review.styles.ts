import { css } from 'lit';
import { miniDiceStyles } from '../../coach/mini-dice.js';
import { panelStyles } from '../../shared.styles.js';
import { chartStyles } from '../../charts/bar-chart.js';

/** Styles of <dp-review>. */
export const reviewStyles = [
  panelStyles,
  miniDiceStyles,
  chartStyles,
  css`
    :host {
      display: block;
      font-size: 0.85rem;
    }
    .card {
      padding: 0.8rem 1rem;
      /* One scroller: the panel it sits in scrolls (the game-over stack); a page may bound it instead. */
      max-height: var(--dp-review-height, none);
      overflow: auto;
      /* Opaque: the score sheet behind must not show through the rows. */
      background: var(--dp-panel-solid, #1a1511);
      box-sizing: border-box;
    }
    h2 {
      margin: 0 0 0.2rem;
      font-size: 1.15rem;
    }
    article {
      border-top: 1px solid rgba(255, 236, 200, 0.18);
      margin-top: 0.6rem;
      padding-top: 0.5rem;
    }
    article header {
      display: flex;
      justify-content: space-between;
      align-items: baseline;
      gap: 0.8rem;
    }
    h3 {
      margin: 0;
      font-size: 1rem;
    }
    h4 {
      margin: 0.5rem 0 0.2rem;
      font-size: 0.85rem;
      opacity: 0.85;
    }
    .total strong {
      color: var(--dp-accent, #e0a526);
      font-variant-numeric: tabular-nums;
    }
    .facts,
    .note,
    .chart-title {
      margin: 0.15rem 0;
      opacity: 0.8;
    }
    .chart-title {
      font-size: 0.75rem;
    }
    .dp-chart {
      max-width: 24rem;
    }
    .decisions {
      list-style: none;
      margin: 0;
      padding: 0;
    }
    .decisions li {
      display: grid;
      grid-template-columns: 8.5rem auto 1fr 1fr 3.2rem;
      align-items: center;
      gap: 0.5rem;
      padding: 0.15rem 0;
      border-bottom: 1px solid rgba(255, 236, 200, 0.08);
    }
    .decisions li.good {
      opacity: 0.65;
    }
    .choice small {
      display: block;
      font-size: 0.68rem;
      opacity: 0.7;
    }
    .loss {
      text-align: right;
      font-variant-numeric: tabular-nums;
      font-weight: 700;
    }
    li.lost .loss {
      color: #ff9b8a;
    }
    .by {
      display: inline-flex;
      gap: 0.3rem;
      margin: 0.3rem 0 0.1rem;
    }
    .by button {
      font: inherit;
      font-size: 0.8rem;
      padding: 0.15rem 0.6rem;
      border-radius: 999px;
      border: 1px solid currentColor;
      background: transparent;
      color: inherit;
      cursor: pointer;
      opacity: 0.75;
    }
    .by button[aria-pressed='true'] {
      background: var(--dp-accent, #e0a526);
      color: var(--dp-accent-text, #1d1406);
      border-color: transparent;
      opacity: 1;
    }
    summary {
      cursor: pointer;
      margin-top: 0.4rem;
    }
    @media (max-width: 34rem) {
      .decisions li {
        grid-template-columns: 1fr 1fr 3.2rem;
      }
      .decisions .when,
      .decisions .dice {
        grid-column: span 3;
      }
    }
  `,
];

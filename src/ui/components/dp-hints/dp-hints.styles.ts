import { css } from 'lit';
import { miniDiceStyles } from '../../coach/mini-dice.js';
import { panelStyles } from '../../shared.styles.js';

/** Styles of <dp-hints>. */
export const hintsStyles = [
  panelStyles,
  miniDiceStyles,
  css`
    :host {
      display: block;
      font-size: 0.85rem;
    }
    .card {
      padding: 0.5rem 0.7rem;
    }
    header {
      display: flex;
      justify-content: space-between;
      gap: 0.6rem;
      align-items: baseline;
    }
    h3,
    h4 {
      margin: 0;
      font-size: 0.9rem;
    }
    h4 {
      margin-top: 0.45rem;
      font-weight: 600;
      opacity: 0.8;
    }
    .expected {
      font-weight: 700;
      font-variant-numeric: tabular-nums;
    }
    ol {
      list-style: none;
      margin: 0.15rem 0 0;
      padding: 0;
    }
    li {
      display: flex;
      align-items: center;
      gap: 0.5rem;
      padding: 0.1rem 0.25rem;
      border-radius: 6px;
    }
    li .what {
      flex: 1;
      min-width: 0;
      overflow: hidden;
      text-overflow: ellipsis;
      white-space: nowrap;
    }
    li .value {
      font-variant-numeric: tabular-nums;
    }
    li .win {
      min-width: 2.6em;
      text-align: end;
      font-variant-numeric: tabular-nums;
      opacity: 0.85;
    }
    li .win.pending {
      opacity: 0.5;
    }
    .chances {
      margin: 0.25rem 0 0;
      font-variant-numeric: tabular-nums;
    }
    .chances .label {
      opacity: 0.8;
    }
    .chances .current {
      text-decoration: underline;
      text-underline-offset: 0.15em;
    }
    li.best {
      background: rgba(224, 165, 38, 0.2);
      font-weight: 700;
    }
    .tag {
      font-size: 0.7rem;
      padding: 0 0.35rem;
      border-radius: 999px;
      background: var(--dp-accent, #e0a526);
      color: var(--dp-accent-text, #1d1406);
    }
    .note {
      margin: 0.3rem 0 0;
      opacity: 0.75;
    }
    /* A short phone held upright leaves it out (<dice-poker> sets the property): the box over the
       table keeps its room for the advice itself (each chance to win says what it is in its title). */
    .choice-note {
      display: var(--dp-hints-note-display, block);
      margin-top: 0.15rem;
      font-size: 0.72rem;
      line-height: 1.3;
    }
  `,
];

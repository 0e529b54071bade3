import { css } from 'lit';
import { panelStyles } from '../../shared.styles.js';

/** Styles of <dp-game-proof>. */
export const gameProofStyles = [
  panelStyles,
  css`
    .card {
      width: min(22rem, calc(100vw - 2rem));
      padding: 0.8rem 1rem;
      box-sizing: border-box;
    }
    h3 {
      margin: 0 0 0.5rem;
      font-size: 1rem;
    }
    .actions {
      display: flex;
      gap: 0.5rem;
      flex-wrap: wrap;
    }
    .result {
      margin: 0.6rem 0 0;
      line-height: 1.35;
      font-size: 0.9rem;
    }
    .key {
      margin: 0 0 0.5rem;
      font-size: 0.8rem;
      opacity: 0.8;
      font-variant-numeric: tabular-nums;
    }
    .open {
      cursor: pointer;
      font-size: inherit;
      display: inline-flex;
      align-items: center;
    }
    .open.disabled {
      opacity: 0.45;
      cursor: default;
    }
    /* The file input stays in the tab order and the accessibility tree, inside its visible label. */
    .open input {
      position: absolute;
      width: 1px;
      height: 1px;
      opacity: 0;
      overflow: hidden;
    }
    .open:focus-within {
      outline: 2px solid var(--dp-accent, #e0a526);
      outline-offset: 2px;
    }
    .result.failed {
      color: var(--dp-warning, #ff8a65);
    }
  `,
];

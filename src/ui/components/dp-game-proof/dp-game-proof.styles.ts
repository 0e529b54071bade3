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
    .result.failed {
      color: var(--dp-warning, #ff8a65);
    }
  `,
];

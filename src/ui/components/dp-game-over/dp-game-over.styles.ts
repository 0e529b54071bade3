import { css } from 'lit';
import { overlayPanelStyles } from '../overlay-panel.styles.js';

/** Styles of <dp-game-over>. */
export const gameOverStyles = [
  ...overlayPanelStyles,
  css`
    .card {
      width: min(22rem, calc(100vw - 2rem));
      text-align: center;
    }
    h2 {
      margin: 0 0 0.3rem;
    }
    .verdict {
      font-size: 1.25rem;
      color: var(--dp-accent, #ffd166);
      margin: 0 0 0.8rem;
    }
    ol {
      list-style: none;
      padding: 0;
      margin: 0 0 1rem;
    }
    li {
      display: flex;
      justify-content: space-between;
      padding: 0.25rem 0.3rem;
      border-bottom: 1px solid rgba(255, 236, 200, 0.15);
    }
    li.win {
      font-weight: 700;
    }
    h3 {
      margin: 0.6rem 0 0.3rem;
      font-size: 1rem;
    }
    .history li {
      font-size: 0.85rem;
    }
    .history .score {
      margin-left: auto;
      font-weight: 600;
    }
    .history time {
      opacity: 0.7;
      padding-left: 0.9rem;
    }
    .buttons {
      display: flex;
      gap: 0.5rem;
      justify-content: center;
      flex-wrap: wrap;
    }
    /* Asked before the best scores are cleared: it reads as a warning. */
    .ask {
      margin-top: 0.8rem;
      padding: 0.6rem 0.8rem;
      border-radius: 10px;
      background: rgba(120, 30, 20, 0.45);
    }
    .ask p {
      margin: 0 0 0.5rem;
    }
  `,
];

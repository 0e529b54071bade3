import { css } from 'lit';
import { panelStyles } from '../../shared.styles.js';

/** Styles of <dp-online-bar>: a clock pill and ask cards at the top of the table. */
export const onlineBarStyles = [
  panelStyles,
  css`
    :host {
      display: flex;
      flex-direction: column;
      align-items: center;
      gap: 0.5rem;
      pointer-events: none;
    }
    .clock,
    .claim {
      pointer-events: auto;
    }
    .clock {
      margin: 0;
      padding: 0.3rem 0.9rem;
      border-radius: 999px;
      background: var(--dp-panel, rgba(24, 20, 16, 0.92));
      font-size: 0.95rem;
    }
    .notify {
      border: 1px solid var(--dp-panel-border, rgba(255, 236, 200, 0.18));
      font-size: 0.85rem;
      min-height: 32px;
    }
    .nudged {
      font-size: 0.85rem;
    }
    .clock b {
      font-variant-numeric: tabular-nums;
    }
    .clock.urgent b {
      color: var(--dp-warning, #ff8a65);
    }
    .claim {
      max-width: min(26rem, calc(100vw - 2rem));
      padding: 0.7rem 0.9rem;
    }
    .claim p {
      margin: 0 0 0.6rem;
      line-height: 1.35;
    }
    .actions {
      display: flex;
      justify-content: flex-end;
      gap: 0.6rem;
      flex-wrap: wrap;
    }
  `,
];

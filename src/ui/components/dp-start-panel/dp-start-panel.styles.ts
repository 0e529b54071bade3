import { css } from 'lit';
import { overlayPanelStyles, panelFieldStyles } from '../overlay-panel.styles.js';

/** Styles of <dp-start-panel>. */
export const startPanelStyles = [
  ...overlayPanelStyles,
  panelFieldStyles,
  css`
    .card {
      width: min(24rem, calc(100vw - 2rem));
    }
    h2 {
      margin: 0 0 0.8rem;
      font-size: 1.5rem;
    }
    .warning {
      margin: -0.4rem 0 0.8rem;
      color: var(--dp-accent, #e0a526);
    }
    fieldset {
      border: none;
      margin: 0 0 0.8rem;
      padding: 0;
      /* A fieldset is as wide as its content by default: on a phone the name rows would overflow. */
      min-width: 0;
    }
    legend {
      font-weight: 600;
      margin-bottom: 0.4rem;
    }
    .name {
      display: flex;
      gap: 0.4rem;
      margin-bottom: 0.35rem;
    }
    select {
      width: 100%;
    }
    select.seat {
      width: auto;
      flex: 0 0 auto;
      /* The name keeps at least half the row. */
      max-width: min(9.5rem, 45%);
    }
    .remove {
      width: 2.2rem;
      border-radius: 8px;
      border: 1px solid rgba(255, 236, 200, 0.35);
      background: transparent;
    }
    .actions {
      margin-top: 0.6rem;
    }
    .online {
      display: flex;
      flex-wrap: wrap;
      justify-content: center;
      gap: 0.5rem;
      margin: 0.8rem 0 0;
      padding-top: 0.7rem;
      border-top: 1px solid rgba(255, 236, 200, 0.15);
      text-align: center;
    }
  `,
];

import { css } from 'lit';
import { overlayPanelStyles, panelFieldStyles } from '../overlay-panel.styles.js';

/** Styles of <dp-move-link>. */
export const moveLinkStyles = [
  ...overlayPanelStyles,
  panelFieldStyles,
  css`
    :host {
      display: block;
    }
    .card {
      width: min(30rem, calc(100vw - 2rem));
      margin: 0 auto;
    }
    .row {
      display: flex;
      gap: 0.5rem;
      align-items: center;
    }
    .help {
      opacity: 0.85;
      font-size: 0.9em;
    }
    .buttons {
      display: flex;
      justify-content: flex-end;
      margin-top: 0.8rem;
    }
  `,
];

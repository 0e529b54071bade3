import { css } from 'lit';
import { panelStyles } from '../shared.styles.js';

/** Styles every panel over the game shares: the overlay parts' look, and its card padded alike. */
export const overlayPanelStyles = [
  panelStyles,
  css`
    .card {
      padding: 1.2rem 1.4rem;
      box-sizing: border-box;
    }
  `,
];

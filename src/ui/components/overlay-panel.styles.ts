import { css } from 'lit';
import { panelStyles } from '../shared.styles.js';

/** Styles every panel over the game shares: the overlay parts' look, and its card padded alike. */
export const overlayPanelStyles = [
  panelStyles,
  css`
    /* Opaque: the sheet and the table behind a panel must not show through its words. */
    .card {
      padding: 1.2rem 1.4rem;
      box-sizing: border-box;
      background: var(--dp-panel-solid, #1c1712);
    }
  `,
];

/** The fields of a panel's form (names, choices): light boxes that read well on the dark card. */
export const panelFieldStyles = css`
  input,
  select {
    font: inherit;
    flex: 1;
    min-width: 0;
    box-sizing: border-box;
    padding: 0.4rem 0.55rem;
    border-radius: 8px;
    border: 1px solid rgba(255, 236, 200, 0.35);
    background: rgba(255, 255, 255, 0.92);
    color: #1d1406;
  }
  .actions {
    display: flex;
    justify-content: space-between;
    gap: 0.6rem;
  }
`;

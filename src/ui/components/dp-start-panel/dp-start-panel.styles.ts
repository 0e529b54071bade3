import { css } from 'lit';
import { overlayPanelStyles, panelFieldStyles } from '../overlay-panel.styles.js';

/** Styles of <dp-start-panel>. */
export const startPanelStyles = [
  ...overlayPanelStyles,
  panelFieldStyles,
  css`
    .card {
      /* Room for "Computer: plays to win" beside a name, and still clear of a die on each side. */
      width: min(25rem, calc(100vw - 2rem));
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
    /* Who plays a seat is read whole ("Computer: plays to win"); the name takes the rest, its whole
       text in its title where it is cut short. */
    input[data-player] {
      min-width: 5.5rem;
    }
    select.seat {
      width: auto;
      flex: 0 0 auto;
      min-width: 0;
    }
    @media (max-width: 480px) {
      input[data-player],
      select.seat {
        font-size: 0.85rem;
        padding-inline: 0.4rem;
      }
    }
    .add {
      display: flex;
      align-items: center;
      gap: 0.7rem;
      flex-wrap: wrap;
    }
    /* A full table: the button looks as spent as it is, and the reason stands beside it. */
    .add button:disabled {
      opacity: 0.45;
      border-style: dashed;
      cursor: not-allowed;
    }
    .full {
      font-size: 0.85rem;
      opacity: 0.85;
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
    /* Why "Play online" did nothing: as plain as the panel's own words, under the button. */
    .offline {
      margin: 0.6rem 0 0;
      padding: 0.5rem 0.7rem;
      border-radius: 0.5rem;
      background: rgba(224, 165, 38, 0.14);
      border: 1px solid rgba(224, 165, 38, 0.55);
      line-height: 1.35;
      text-align: center;
    }
  `,
];

import { css } from 'lit';
import { overlayPanelStyles, panelFieldStyles } from '../overlay-panel.styles.js';

/** Styles of <dp-start-panel>. */
export const startPanelStyles = [
  ...overlayPanelStyles,
  panelFieldStyles,
  css`
    .card {
      /* Room for "Computer: plays to win" beside a name as long as "Arvuti · mängib võidule" (a phone
         puts them one under the other: below). */
      width: min(34rem, calc(100vw - 2rem));
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
      flex-wrap: wrap;
      gap: 0.4rem;
      margin-bottom: 0.35rem;
    }
    select {
      width: 100%;
    }
    /* The rule set's short name, and beside it what sets it apart, wrapping: nothing of either is
       cut on a phone (a choice's text is cut at the box's edge). */
    .rules {
      display: flex;
      align-items: center;
      gap: 0.6rem;
    }
    .rules select {
      width: auto;
      flex: 0 0 auto;
    }
    .rules span {
      flex: 1 1 10rem;
      font-size: 0.82rem;
      line-height: 1.25;
      opacity: 0.85;
    }
    /* Room for a long name whole ("Kristjan-Mihkel"); who plays the seat is as wide as what it says
       (field-sizing), so a person's seat leaves the name the line, and a computer's, too long for the
       line beside the name, goes under it, whole. */
    input[data-player] {
      flex: 1 1 10rem;
    }
    select.seat {
      width: auto;
      flex: 0 0 auto;
      min-width: 0;
      field-sizing: content;
    }
    /* A phone: six players, two of them computers, with the rules, Start and the links under them,
       fit an upright phone's screen (390x844) without a scroll: a tighter card and fields, and a
       computer's seat, too long for the line beside its name, under the name, its ✕ still beside the
       name (never a line of its own). */
    @media (max-width: 480px) {
      .card {
        padding: 0.9rem 1rem;
      }
      h2 {
        margin-bottom: 0.5rem;
        font-size: 1.3rem;
      }
      .warning {
        margin: -0.2rem 0 0.5rem;
      }
      fieldset {
        margin-bottom: 0.55rem;
      }
      legend {
        margin-bottom: 0.3rem;
      }
      .name {
        margin-bottom: 0.3rem;
      }
      input[data-player],
      select.seat {
        font-size: 0.85rem;
        padding: 0.3rem 0.4rem;
      }
      .name.computer {
        display: grid;
        grid-template-columns: minmax(0, 1fr) auto;
        gap: 0.3rem 0.4rem;
      }
      .name.computer select.seat {
        grid-row: 2;
        justify-self: start;
        max-width: 100%;
      }
      .name.computer .remove {
        grid-row: 1;
        grid-column: 2;
      }
      .add button,
      .actions button,
      .online button {
        padding-block: 0.4em;
      }
      /* Whole words on one line each ("Tagasi mängu", "Alusta mängu"), not two. */
      .actions button {
        white-space: nowrap;
      }
      .online {
        gap: 0.4rem;
        margin-top: 0.6rem;
        padding-top: 0.55rem;
      }
      .online button {
        font-size: 0.85rem;
        padding-inline: 0.8em;
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

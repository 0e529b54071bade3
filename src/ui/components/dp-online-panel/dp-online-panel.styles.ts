import { css } from 'lit';
import { overlayPanelStyles, panelFieldStyles } from '../overlay-panel.styles.js';

/** Styles of <dp-online-panel>. */
export const onlinePanelStyles = [
  ...overlayPanelStyles,
  panelFieldStyles,
  css`
    .card {
      width: min(24rem, calc(100vw - 2rem));
    }
    h2 {
      margin: 0 0 0.8rem;
      font-size: 1.4rem;
    }
    h3 {
      margin: 0.8rem 0 0.3rem;
      font-size: 1rem;
    }
    label {
      display: grid;
      /* As wide as the card, never as wide as the link in it. */
      grid-template-columns: minmax(0, 1fr);
      gap: 0.3rem;
      font-weight: 600;
    }
    .row {
      display: flex;
      gap: 0.4rem;
      align-items: center;
    }
    /* The link gives way to its Copy button ("Kopeeri"), which keeps its words inside the card. */
    .row input {
      flex: 1 1 auto;
      min-width: 0;
    }
    .row button {
      flex: none;
    }
    input,
    select {
      font-weight: 400;
    }
    .inviter {
      margin: -0.3rem 0 0.8rem;
      font-size: 1.05rem;
      color: var(--dp-accent, #e0a526);
    }
    .help {
      margin: 0.35rem 0 0;
      font-size: 0.85rem;
      opacity: 0.8;
    }
    .kept {
      margin: -0.4rem 0 0.8rem;
    }
    .seats {
      list-style: none;
      margin: 0;
      padding: 0;
    }
    .seats li {
      display: flex;
      justify-content: space-between;
      align-items: center;
      gap: 0.4rem;
      padding: 0.3rem 0.2rem;
      border-bottom: 1px solid rgba(255, 236, 200, 0.15);
    }
    .seats li.away .who {
      opacity: 0.55;
    }
    .who {
      overflow: hidden;
      text-overflow: ellipsis;
      white-space: nowrap;
    }
    .tags {
      display: flex;
      gap: 0.3rem;
      align-items: center;
      flex: none;
    }
    .tag {
      border: 1px solid rgba(255, 236, 200, 0.35);
      border-radius: 999px;
      padding: 0 0.45rem;
      font-size: 0.72rem;
    }
    .remove {
      width: 1.9rem;
      height: 1.9rem;
      border-radius: 8px;
      border: 1px solid rgba(255, 236, 200, 0.35);
      background: transparent;
    }
    .add {
      margin-top: 0.6rem;
    }
    .add select {
      flex: 0 1 9rem;
    }
    /* The rule set's names are long ("Yahtzee (+35 for 63, …)"): its choice takes the row's width. */
    .rules {
      display: flex;
      gap: 0.5rem;
      align-items: center;
      margin-top: 0.6rem;
    }
    .rules select {
      flex: 1 1 auto;
      min-width: 0;
    }
    .clock {
      display: flex;
      justify-content: space-between;
      margin-top: 0.6rem;
    }
    .clock select {
      flex: 0 1 9rem;
    }
    .clock select.time-up {
      flex-basis: 12rem;
    }
    /* The link to watch, under the invite's help. */
    .help + .invite {
      display: block;
      margin-top: 0.7rem;
    }
    .actions {
      margin-top: 0.9rem;
    }
  `,
];

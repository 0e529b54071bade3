import { css } from 'lit';
import { panelStyles } from '../../shared.styles.js';

/**
 * Styles of <dp-online-bar>: a row of pills (the turn clock, notifications of my turn, the nudge) in a
 * strip of their own above the table, and ask cards below them. Narrower than the words need (a phone),
 * the row keeps its one line: the clock shows its sign and the time, notifications a bell, their words
 * left to screen readers and the bell's title.
 */
export const onlineBarStyles = [
  panelStyles,
  css`
    :host {
      display: flex;
      flex-wrap: wrap;
      justify-content: center;
      align-items: center;
      gap: 0.4rem;
      padding: 0.3rem 0.5rem;
      box-sizing: border-box;
      /* A strip at least one pill high whenever the bar is there, so that the clock's coming and going
         in a live turn's last seconds never resizes the table under the dice. */
      min-height: calc(32px + 0.6rem);
      container-type: inline-size;
      pointer-events: none;
    }
    .clock,
    .claim {
      pointer-events: auto;
    }
    .clock {
      margin: 0;
      display: inline-flex;
      align-items: center;
      gap: 0.35rem;
      min-height: 32px;
      box-sizing: border-box;
      padding: 0.2rem 0.9rem;
      border-radius: 999px;
      background: var(--dp-panel, rgba(24, 20, 16, 0.92));
      font-size: 0.95rem;
      white-space: nowrap;
    }
    .icon {
      width: 1.05em;
      height: 1.05em;
      flex: none;
    }
    .notify {
      border: 1px solid var(--dp-panel-border, rgba(255, 236, 200, 0.18));
      font-size: 0.85rem;
    }
    .bell[aria-pressed='true'] {
      border-color: var(--dp-accent, #e0a526);
      color: var(--dp-accent, #e0a526);
    }
    .nudged {
      font-size: 0.85rem;
    }
    /* Who is watched may be a long list of names: it gives way rather than push Stop watching out. */
    .watching {
      display: block;
      line-height: calc(32px - 0.4rem);
      min-width: 0;
      max-width: 100%;
      overflow: hidden;
      text-overflow: ellipsis;
    }
    @container (max-width: 600px) {
      .clock .label,
      .bell .label {
        position: absolute;
        width: 1px;
        height: 1px;
        overflow: hidden;
        clip-path: inset(50%);
        white-space: nowrap;
      }
      .clock,
      .notify {
        padding: 0.2rem 0.7rem;
        font-size: 0.85rem;
      }
      .bell {
        min-width: 40px;
        justify-content: center;
      }
    }
    .clock b {
      font-variant-numeric: tabular-nums;
    }
    .clock.urgent b {
      color: var(--dp-warning, #ff8a65);
    }
    .claim {
      flex-basis: 100%;
      box-sizing: border-box;
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

import { css } from 'lit';

/** Styles every overlay part shares: the card look and buttons, themed by --dp-* custom properties. */
export const panelStyles = css`
  :host {
    font-family: var(--dp-font, system-ui, 'Segoe UI', Roboto, sans-serif);
    color: var(--dp-text, #f4efe4);
  }
  .card {
    /* Opaque: a card lies over the table or the score sheet, whose rows must not show through it. */
    background: var(--dp-panel, #1a1511);
    border: 1px solid var(--dp-panel-border, rgba(255, 236, 200, 0.18));
    border-radius: 14px;
    box-shadow: 0 8px 28px rgba(0, 0, 0, 0.35);
    /* No backdrop-filter: a blur over the live canvas is paid again on every frame the dice move
       (it tripled the frame time in software WebGL); the near-opaque panel reads as well without it. */
  }
  button {
    font: inherit;
    color: inherit;
    cursor: pointer;
  }
  button:disabled {
    cursor: default;
  }
  button:focus-visible,
  input:focus-visible,
  select:focus-visible {
    outline: 3px solid var(--dp-focus, #ffd166);
    outline-offset: 2px;
  }
  .primary {
    background: var(--dp-accent, #e0a526);
    color: var(--dp-accent-text, #1d1406);
    border: none;
    border-radius: 999px;
    padding: 0.6em 1.4em;
    font-weight: 700;
    box-shadow: 0 3px 0 rgba(0, 0, 0, 0.35);
  }
  .primary:disabled {
    opacity: 0.45;
  }
  .secondary {
    background: transparent;
    border: 1px solid var(--dp-panel-border, rgba(255, 236, 200, 0.35));
    border-radius: 999px;
    padding: 0.5em 1.1em;
  }
`;

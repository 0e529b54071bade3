import { LitElement, css } from 'lit';
import { panelStyles } from '../shared.styles.js';

/**
 * A panel over the game (start, game over): `focus()` on it lands on its first control, so the
 * element can hand the keyboard to a panel as it opens; its card is padded alike.
 */
export class OverlayPanel extends LitElement {
  static override shadowRootOptions = { ...LitElement.shadowRootOptions, delegatesFocus: true };

  static override styles = [
    panelStyles,
    css`
      .card {
        padding: 1.2rem 1.4rem;
        box-sizing: border-box;
      }
    `,
  ];
}

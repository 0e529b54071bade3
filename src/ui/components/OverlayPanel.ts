import { LitElement } from 'lit';
import { overlayPanelStyles } from './overlay-panel.styles.js';

/**
 * A panel over the game (start, game over): `focus()` on it lands on its first control, so the
 * element can hand the keyboard to a panel as it opens; its card is padded alike.
 */
export class OverlayPanel extends LitElement {
  static override shadowRootOptions = { ...LitElement.shadowRootOptions, delegatesFocus: true };

  static override styles = overlayPanelStyles;
}

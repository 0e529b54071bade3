import { LitElement } from 'lit';
import { scheduleFirstRenderApart } from '../first-render.js';
import { overlayPanelStyles } from './overlay-panel.styles.js';

/**
 * A panel over the game (start, game over): `focus()` on it lands on its first control, so the
 * element can hand the keyboard to a panel as it opens; its card is padded alike; it first renders
 * in a task of its own.
 */
export class OverlayPanel extends LitElement {
  static override shadowRootOptions = { ...LitElement.shadowRootOptions, delegatesFocus: true };

  static override styles = overlayPanelStyles;

  /** The first render in a task of its own, not the one that evaluated the panel's chunk. */
  protected override scheduleUpdate(): Promise<unknown> {
    return scheduleFirstRenderApart(this, () => super.scheduleUpdate());
  }
}

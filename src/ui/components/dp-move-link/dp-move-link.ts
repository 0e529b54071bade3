import { DpMoveLink } from './dp-move-link.component.js';

export { DpMoveLink };

// Once per page: a second copy of the library must not throw.
if (!customElements.get('dp-move-link')) customElements.define('dp-move-link', DpMoveLink);

declare global {
  interface HTMLElementTagNameMap {
    'dp-move-link': DpMoveLink;
  }
}

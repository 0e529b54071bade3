import { DpControls } from './dp-controls.component.js';

export { DpControls };

// Once per page: a second copy of the library must not throw.
if (!customElements.get('dp-controls')) customElements.define('dp-controls', DpControls);

declare global {
  interface HTMLElementTagNameMap {
    'dp-controls': DpControls;
  }
}

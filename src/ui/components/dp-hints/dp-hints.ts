import { DpHints } from './dp-hints.component.js';

export { DpHints };

// Once per page: a second copy of the library must not throw.
if (!customElements.get('dp-hints')) customElements.define('dp-hints', DpHints);

declare global {
  interface HTMLElementTagNameMap {
    'dp-hints': DpHints;
  }
}

import { DpHistory } from './dp-history.component.js';

export { DpHistory };

// Once per page: a second copy of the library must not throw.
if (!customElements.get('dp-history')) customElements.define('dp-history', DpHistory);

declare global {
  interface HTMLElementTagNameMap {
    'dp-history': DpHistory;
  }
}

import { DpOnlineBar } from './dp-online-bar.component.js';

export { DpOnlineBar };

// Once per page: a second copy of the library must not throw.
if (!customElements.get('dp-online-bar')) customElements.define('dp-online-bar', DpOnlineBar);

declare global {
  interface HTMLElementTagNameMap {
    'dp-online-bar': DpOnlineBar;
  }
}

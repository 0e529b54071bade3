import { DpOnlinePanel } from './dp-online-panel.component.js';

export { DpOnlinePanel };

// Once per page: a second copy of the library must not throw.
if (!customElements.get('dp-online-panel')) customElements.define('dp-online-panel', DpOnlinePanel);

declare global {
  interface HTMLElementTagNameMap {
    'dp-online-panel': DpOnlinePanel;
  }
}

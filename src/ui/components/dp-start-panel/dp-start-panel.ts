import { DpStartPanel } from './dp-start-panel.component.js';

export { DpStartPanel };

// Once per page: a second copy of the library must not throw.
if (!customElements.get('dp-start-panel')) customElements.define('dp-start-panel', DpStartPanel);

declare global {
  interface HTMLElementTagNameMap {
    'dp-start-panel': DpStartPanel;
  }
}

import { DpGameOver } from './dp-game-over.component.js';

export { DpGameOver };

// Once per page: a second copy of the library must not throw.
if (!customElements.get('dp-game-over')) customElements.define('dp-game-over', DpGameOver);

declare global {
  interface HTMLElementTagNameMap {
    'dp-game-over': DpGameOver;
  }
}

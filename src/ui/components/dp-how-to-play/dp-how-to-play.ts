import { DpHowToPlay } from './dp-how-to-play.component.js';

export { DpHowToPlay };

// Once per page: a second copy of the library must not throw.
if (!customElements.get('dp-how-to-play')) customElements.define('dp-how-to-play', DpHowToPlay);

declare global {
  interface HTMLElementTagNameMap {
    'dp-how-to-play': DpHowToPlay;
  }
}

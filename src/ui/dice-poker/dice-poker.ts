import { DicePoker } from './dice-poker.component.js';

export { DicePoker };

// Once per page: a second copy of the library must not throw.
if (!customElements.get('dice-poker')) customElements.define('dice-poker', DicePoker);

declare global {
  interface HTMLElementTagNameMap {
    'dice-poker': DicePoker;
  }
}

import { DicePoker } from './dice-poker.component.js';
import { defineDicePoker } from './define.js';

export { DicePoker };

defineDicePoker();

declare global {
  interface HTMLElementTagNameMap {
    'dice-poker': DicePoker;
  }
}

import { DicePoker } from './dice-poker.component.js';
import { define } from '../define.js';

export { DicePoker };

define('dice-poker', DicePoker);

declare global {
  interface HTMLElementTagNameMap {
    'dice-poker': DicePoker;
  }
}

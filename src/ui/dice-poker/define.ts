import { DicePoker } from './dice-poker.component.js';

/** Registers <dice-poker>, once per page: a second copy of the library must not throw. */
export function defineDicePoker(): void {
  if (!customElements.get('dice-poker')) customElements.define('dice-poker', DicePoker);
}

import { DpGameProof } from './dp-game-proof.component.js';

export { DpGameProof };

// Once per page: a second copy of the library must not throw.
if (!customElements.get('dp-game-proof')) customElements.define('dp-game-proof', DpGameProof);

declare global {
  interface HTMLElementTagNameMap {
    'dp-game-proof': DpGameProof;
  }
}

import { DpScorecard } from './dp-scorecard.component.js';

export { DpScorecard };

// Once per page: a second copy of the library must not throw.
if (!customElements.get('dp-scorecard')) customElements.define('dp-scorecard', DpScorecard);

declare global {
  interface HTMLElementTagNameMap {
    'dp-scorecard': DpScorecard;
  }
}

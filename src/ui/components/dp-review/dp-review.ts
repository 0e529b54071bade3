import { DpReview } from './dp-review.component.js';

export { DpReview };

// Once per page: a second copy of the library must not throw.
if (!customElements.get('dp-review')) customElements.define('dp-review', DpReview);

declare global {
  interface HTMLElementTagNameMap {
    'dp-review': DpReview;
  }
}

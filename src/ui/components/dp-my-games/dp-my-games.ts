import { DpMyGames } from './dp-my-games.component.js';

export { DpMyGames };
export type { MyGameRow, MyGamesView } from './dp-my-games.component.js';

// Once per page: a second copy of the library must not throw.
if (!customElements.get('dp-my-games')) customElements.define('dp-my-games', DpMyGames);

declare global {
  interface HTMLElementTagNameMap {
    'dp-my-games': DpMyGames;
  }
}

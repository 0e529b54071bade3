/**
 * What a client does with the room's events: the one place an action told by the table ('acted') is
 * applied to the view a client has. The server, the page's own table and every screen agree on the game
 * because each applies each action once through the engine; no screen works out from whole views what
 * changed.
 */
import { apply } from '../engine/index.js';
import { publicGame, type Acted, type RoomView } from './protocol.js';

/**
 * The view after `acted`: its action applied to the view's game by the engine, the room's version and
 * turn clock as the table sent them. `hideSeed`: the view shows the game as clients see it online (its
 * generator hidden while it is played: publicGame).
 * @throws RuleError when the action does not apply to the view's game (the client is behind: it takes
 *   the next whole view instead)
 */
export function viewAfter(view: RoomView, acted: Acted, hideSeed: boolean): RoomView {
  const game = view.game;
  if (!game) throw new Error('An action came before its game');
  const next = apply(game, acted.action);
  return {
    ...view,
    game: hideSeed ? publicGame(next) : next,
    phase: next.over ? 'over' : view.phase,
    clock: acted.clock,
    version: acted.version,
  };
}

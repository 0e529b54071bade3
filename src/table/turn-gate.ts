/**
 * The one answer to "may this seat's person act in the game now", asked of a table's view: by the
 * table itself (Table.mayAct) and by the page's mirror of it, for the pointer, the keys, the buttons
 * and what the overlay says alike.
 */
import type { RoomView } from '../online/protocol.js';

/**
 * Whether the person at seats `mine` says are theirs may act now: a game under way whose turn is such a
 * seat, played by its person (not a computer, not a stand-in, their time not run out). A throw in the air
 * is the caller's to add.
 */
export function personMayAct(
  view: Pick<RoomView, 'phase' | 'game' | 'seats' | 'clock'>,
  mine: (seat: number) => boolean,
): boolean {
  const game = view.game;
  if (view.phase !== 'playing' || !game || game.over) return false;
  const seat = view.seats[game.current];
  return !!seat && seat.kind === 'human' && mine(game.current) && view.clock.ranOut !== game.current;
}

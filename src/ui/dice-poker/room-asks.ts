/**
 * What an online room shows of the asks between its people, from the room's view and this page's seat:
 * the rematch after the game, and the nudge of the person whose turn it is.
 */
import type { Game } from '../../engine/index.js';
import type { RoomView } from '../../online/protocol.js';
import type { NudgeView } from '../components/dp-online-bar/dp-online-bar.component.js';
import type { OnlineStrings } from '../i18n/online-strings.js';
import type { RematchView } from './dice-poker.view-model.js';

/** After the game: the rematch button, and who asks for one or is waited for. */
export function rematchView(words: OnlineStrings, room: RoomView, seat: number): RematchView {
  const asked = room.rematch.includes(seat);
  // The other people at the table that `pick` takes, by name.
  const others = (pick: (s: RoomView['seats'][number], i: number) => boolean) =>
    room.seats.flatMap((s, i) => (s.kind === 'human' && i !== seat && pick(s, i) ? [s.name] : []));
  const askers = others((_, i) => room.rematch.includes(i));
  const waitedFor = others((s, i) => !s.standIn && !room.rematch.includes(i));
  const note = asked ? words.rematchWaiting(waitedFor) : askers.length ? words.rematchAsked(askers) : '';
  return {
    label: asked ? words.rematchAskedByYou : askers.length ? words.rematchAgree : words.rematch,
    asked,
    note,
  };
}

/**
 * The nudge of the turn's person: who nudged whom once one was sent this turn; else, for another
 * seated player while a person's turn waits, the button; null when there is nothing to show.
 */
export function nudgeView(words: OnlineStrings, room: RoomView, seat: number, game: Game): NudgeView | null {
  const current = game.current;
  const by = room.clock.nudgedBy;
  const name = (i: number) => game.players[i]?.name ?? '';
  if (by !== null) {
    return {
      sent: true,
      label: current === seat ? words.nudgedYou(name(by)) : words.nudged(name(by), name(current)),
    };
  }
  const waiting = room.clock.endsAt !== null && room.seats[current]?.kind === 'human';
  return seat >= 0 && seat !== current && waiting ? { sent: false, label: words.nudge(name(current)) } : null;
}

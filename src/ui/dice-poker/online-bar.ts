/**
 * What the bar over an online table shows (the turn clock, the asks this page answers, watching) and the
 * word on the room's state, from the room's view and this page's seat: pure functions of what they are given.
 */
import type { Game } from '../../engine/index.js';
import type { RoomView } from '../../online/protocol.js';
import type { OnlineStrings } from '../i18n/online-strings.js';
import type { OnlineBarView } from './dice-poker.view-model.js';
import { nudgeView } from './room-asks.js';

/** What the bar needs beside the room: this page's side of it. */
export interface BarState {
  /** When the timed turn under way ends (performance.now() time), or null. */
  turnEndsAt: number | null;
  /** This page watches the room (no seat). */
  watching: boolean;
  /** Notifications of my turn are on; or may be offered (the browser has them). */
  notifying: boolean;
  notifyOfferable: boolean;
}

/** Whether this page answers those who ask for a seat: the host's alone (the room refuses anyone else). */
function mayAnswerClaims(room: RoomView, seat: number): boolean {
  return seat >= 0 && room.host === seat;
}

/**
 * The turn clock and the asks this page answers, or null when there is neither; `game` is the game
 * under way (null in the lobby, after it, or while this page claims a seat).
 */
export function onlineBarView(
  words: OnlineStrings,
  room: RoomView,
  seat: number,
  game: Game | null,
  state: BarState,
): OnlineBarView | null {
  const claims = mayAnswerClaims(room, seat)
    ? room.claims.map((i) => ({ seat: i, text: words.claimAsks(room.seats[i]?.name ?? '') }))
    : [];
  const clockEndsAt = game ? state.turnEndsAt : null;
  // In the lobby its panel says so (and has the way out).
  const watching =
    state.watching && room.phase !== 'lobby'
      ? { label: words.watchingGame(room.seats.map((s) => s.name)), leave: words.stopWatching }
      : null;
  if (clockEndsAt === null && claims.length === 0 && !watching) return null;
  const name = game ? (game.players[game.current]?.name ?? '') : '';
  const ownPace = room.clock.pace === 'own-pace';
  const { notifying } = state;
  return {
    nudge: ownPace && game && !watching ? nudgeView(words, room, seat, game) : null,
    watching,
    clockEndsAt,
    clockLabel: game?.current === seat ? words.yourTimeLeft : words.timeLeft(name),
    longLeft: ownPace ? words.longLeft : null,
    notify:
      ownPace && game && !watching && (notifying || state.notifyOfferable)
        ? { on: notifying, label: notifying ? words.notifyingTurn : words.notifyTurn }
        : null,
    claims,
    letIn: words.letIn,
    refuse: words.refuse,
  };
}

/** The room's state as this page knows it, for its notice. */
export interface NoticeState {
  /** When the room's server went away (performance.now()), while this page tries to come back; else null. */
  awaySince: number | null;
  /** The server is moving the game (shutting down, or this page taking its seat again elsewhere). */
  moving: boolean;
  /** The room's last change waits to be stored. */
  saving: boolean;
  /** The people away from a game under way, by name. */
  away: readonly string[];
}

/** A word on the room's state: its server going or gone, a turn run out, or who is away; '' when all is well. */
export function roomNotice(words: OnlineStrings, room: RoomView | null, state: NoticeState): string {
  if (state.awaySince !== null) {
    const seconds = Math.round((performance.now() - state.awaySince) / 1000);
    return seconds < 3 ? words.serverMoving : words.serverAway(seconds);
  }
  if (state.moving) return words.serverMoving;
  if (state.saving) return words.serverSaving;
  const ranOut = room?.clock.ranOut ?? null;
  if (room && ranOut !== null) return words.timeRanOut(room.seats[ranOut]?.name ?? '');
  if (state.away.length) return words.playersAway(state.away.join(', '));
  const out = room?.game?.players.filter((p) => p.out).map((p) => p.name) ?? [];
  return out.length ? words.outOfGame(out.join(', ')) : '';
}

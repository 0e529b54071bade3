import type { RowId, RuleSetId } from '../engine/index.js';
import type { BotId } from '../engine/bots/index.js';
import type { RoomPace, TimeUp } from '../online/protocol.js';
import type { NewGameOptions } from './new-game-options.js';

/** `dp-roll`: a throw came to rest. */
export interface RollDetail {
  player: number;
  dice: number[];
  held: boolean[];
  /** 1..3 within the turn. */
  rollNumber: number;
}
/** `dp-hold`: a die was held or released. */
export interface HoldDetail {
  index: number;
  held: boolean;
}
/** `dp-score`: a row was scored. */
export interface ScoreDetail {
  player: number;
  row: RowId;
  points: number;
  total: number;
}
/** `dp-turn`: a new turn begins. */
export interface TurnDetail {
  player: number;
  turn: number;
}
/** `dp-game-over`: the last row was scored. */
export interface GameOverDetail {
  totals: number[];
  winners: number[];
}

/** Requests that the overlay's parts send up to <dice-poker> (data down, requests up). */
export interface RequestScoreDetail {
  row: RowId;
}
export interface RequestHoldDetail {
  index: number;
}
/** Online play's requests: a name to host or join with, a computer for a seat, a seat to empty. */
export interface RequestNameDetail {
  name: string;
}
export interface RequestBotDetail {
  kind: BotId;
}
export interface RequestSeatDetail {
  seat: number;
}
export interface RequestClaimAnswerDetail {
  seat: number;
  admit: boolean;
}
export interface RequestClockDetail {
  seconds: number;
  pace: RoomPace;
  /** At one's own pace: what a person's time running out does (a stand-in plays the turn unless given). */
  timeUp?: TimeUp;
}

/** Online, whether it has become (or stopped being) my turn, and the words for it (`Your turn`, or ''). */
export interface YourTurnDetail {
  yours: boolean;
  text: string;
}

declare global {
  interface GlobalEventHandlersEventMap {
    'dp-roll': CustomEvent<RollDetail>;
    'dp-hold': CustomEvent<HoldDetail>;
    'dp-score': CustomEvent<ScoreDetail>;
    'dp-turn': CustomEvent<TurnDetail>;
    'dp-your-turn': CustomEvent<YourTurnDetail>;
    'dp-game-over': CustomEvent<GameOverDetail>;
    'dp-request-roll': CustomEvent<void>;
    'dp-request-hold': CustomEvent<RequestHoldDetail>;
    'dp-request-score': CustomEvent<RequestScoreDetail>;
    /** The start panel's Start: the game it asks for (the same options as `newGame()`). */
    'dp-request-new-game': CustomEvent<NewGameOptions>;
    /** The start panel's Cancel (or Escape): back to the game in progress. */
    'dp-request-cancel': CustomEvent<void>;
    /** The game-over panel's "New game": open the start panel. */
    'dp-request-setup': CustomEvent<void>;
    /** The game-over panel's "Clear best scores". */
    'dp-request-clear-history': CustomEvent<void>;
    /** "Play online": create a room with this player as host. */
    'dp-request-host': CustomEvent<RequestNameDetail>;
    /** The join panel's "Join" (the room is the invite's). */
    'dp-request-join': CustomEvent<RequestNameDetail>;
    /** The host's "Start the game". */
    'dp-request-online-start': CustomEvent<void>;
    /** The host seats a computer. */
    'dp-request-add-bot': CustomEvent<RequestBotDetail>;
    /** The host empties a seat. */
    'dp-request-remove-seat': CustomEvent<RequestSeatDetail>;
    /** Leave the room (or, from the join panel, go back to playing here). */
    'dp-request-leave': CustomEvent<void>;
    /** Let in (or not) one who asks for a seat by its name. */
    'dp-request-answer-claim': CustomEvent<RequestClaimAnswerDetail>;
    /** Notifications of my turn on or off (the online bar's switch). */
    'dp-request-notify': CustomEvent<{ on: boolean }>;
    /** Remind the person whose turn it is (the online bar's Nudge). */
    'dp-request-nudge': CustomEvent<void>;
    /** Open one of my online games (My games). */
    'dp-request-open-game': CustomEvent<{ roomId: string }>;
    /** The host sets the seconds a person has for a turn. */
    'dp-request-clock': CustomEvent<RequestClockDetail>;
    /** The host chose the online room's rule set. */
    'dp-request-rules': CustomEvent<{ rules: RuleSetId }>;
    /** "Verify this game", after an online game. */
    'dp-request-verify': CustomEvent<void>;
    /** "Save the game record", after an online game. */
    'dp-request-save-record': CustomEvent<void>;
    /** "Another device": a link to play this online seat on another device. */
    'dp-request-move-link': CustomEvent<void>;
    /** Close a passing panel (the move link's). */
    'dp-request-close': CustomEvent<void>;
  }
}

/** The detail of an event of the map (void for a request that carries none). */
export type EventDetail<K extends keyof GlobalEventHandlersEventMap> =
  GlobalEventHandlersEventMap[K] extends CustomEvent<infer D> ? D : never;

/**
 * Dispatches a typed event of the map that bubbles and crosses shadow roots: every event of <dice-poker>
 * and its parts goes through here. A request without a detail is emitted without one.
 */
export function emit<K extends keyof GlobalEventHandlersEventMap>(
  target: Pick<EventTarget, 'dispatchEvent'>,
  type: K,
  ...[detail]: EventDetail<K> extends void ? [] : [detail: EventDetail<K>]
): void {
  target.dispatchEvent(new CustomEvent(type, { detail, bubbles: true, composed: true }));
}

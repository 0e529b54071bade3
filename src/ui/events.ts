import type { RowId } from '../engine/index.js';

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
export interface RequestNewGameDetail {
  players: string[];
  rules: 'seed' | 'classic';
  seats: ('human' | 'optimal' | 'good' | 'easy')[];
}

declare global {
  interface GlobalEventHandlersEventMap {
    'dp-roll': CustomEvent<RollDetail>;
    'dp-hold': CustomEvent<HoldDetail>;
    'dp-score': CustomEvent<ScoreDetail>;
    'dp-turn': CustomEvent<TurnDetail>;
    'dp-game-over': CustomEvent<GameOverDetail>;
    'dp-request-roll': CustomEvent<void>;
    'dp-request-hold': CustomEvent<RequestHoldDetail>;
    'dp-request-score': CustomEvent<RequestScoreDetail>;
    'dp-request-new-game': CustomEvent<RequestNewGameDetail>;
  }
}

/** Dispatches a typed event that bubbles and crosses shadow roots. */
export function emit<K extends keyof GlobalEventHandlersEventMap>(
  target: EventTarget,
  type: K,
  detail: GlobalEventHandlersEventMap[K] extends CustomEvent<infer D> ? D : never,
): void {
  target.dispatchEvent(new CustomEvent(type, { detail, bubbles: true, composed: true }));
}

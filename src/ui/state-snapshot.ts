import { totals, winners, type Game, type RowId, type RuleSetId } from '../engine/index.js';
import type { OnlineState } from './session/game-session.js';

/** One player in the element's public state. */
export interface PlayerSnapshot {
  name: string;
  /** Only the filled rows, with their points. */
  scores: Partial<Record<RowId, number>>;
  /** Yahtzee bonuses earned (`yahtzee` only; absent while none): each 100 of `total`. */
  yahtzeeBonuses?: number;
  total: number;
}

/** The element's read-only public state: plain, serialisable data. */
export interface DicePokerState {
  players: PlayerSnapshot[];
  current: number;
  turn: number;
  rollsUsed: number;
  dice: number[];
  held: boolean[];
  over: boolean;
  winners: number[];
  rules: RuleSetId;
  /** The online room (`{ roomId, seat, host, connected }`), or null in a game played in the page. */
  online: OnlineState | null;
}

/** The public state before any game is started (`online`: the room waiting for its game, if any). */
export function emptySnapshot(rules: RuleSetId, online: OnlineState | null = null): DicePokerState {
  return {
    players: [],
    current: 0,
    turn: 0,
    rollsUsed: 0,
    dice: [],
    held: [],
    over: false,
    winners: [],
    rules,
    online: online && { ...online, connected: [...online.connected] },
  };
}

/** A fresh copy of the public fields of a game (so callers cannot reach into the live state). */
export function snapshotOf(game: Game, online: OnlineState | null = null): DicePokerState {
  const sums = totals(game);
  return {
    players: game.players.map((p, i) => ({
      name: p.name,
      scores: { ...p.scores },
      ...(p.yahtzeeBonuses ? { yahtzeeBonuses: p.yahtzeeBonuses } : {}),
      total: sums[i]!,
    })),
    current: game.current,
    turn: game.turn,
    rollsUsed: game.rollsUsed,
    dice: [...game.dice],
    held: [...game.held],
    over: game.over,
    winners: winners(game),
    rules: game.rules,
    online: online && { ...online, connected: [...online.connected] },
  };
}

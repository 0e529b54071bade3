// bot.ts alone: the seat names must not pull the solver into the page's first load.
import { BOT_IDS, type BotId } from '../../engine/bots/bot.js';

/** Who plays a seat: a person, or one of the computer players. */
export type SeatKind = 'human' | BotId;

/** Every kind of seat, a person first and then the computer players strongest first. */
export const SEAT_KINDS: readonly SeatKind[] = ['human', ...BOT_IDS];

/** Whether a value names a kind of seat (e.g. from a `<select>`). */
export function isSeatKind(value: unknown): value is SeatKind {
  return typeof value === 'string' && (SEAT_KINDS as readonly string[]).includes(value);
}

/** Whether a seat is played by the computer. */
export function isBotSeat(seats: readonly SeatKind[], player: number): boolean {
  const kind = seats[player];
  return kind !== undefined && kind !== 'human';
}

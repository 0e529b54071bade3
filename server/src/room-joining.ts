/**
 * How a room takes people in: what a joining client is known by, the limits on joins under way, and a
 * coded refusal made the error Colyseus hands to the joining client.
 */
import { ServerError } from '@colyseus/core';
import { CodedError } from '../../src/engine/index.js';
import { JOIN_REFUSED_STATUS, joinRefusalText } from '../../src/online/join-refusal.js';
import type { JoinOptions, RefusalCode, WatchOptions } from '../../src/online/protocol.js';

/** What a joining client is known by once its join options passed: its name (and key), or that it watches. */
export type JoinAuth = JoinOptions | WatchOptions;

/** How long a seat reservation waits for its client to connect, seconds (Colyseus's default is 15). */
export const SEAT_RESERVATION_SECONDS = 5;
/** How long a connected client may take to finish joining (acknowledge), ms, before it is let go. */
export const JOIN_ACK_MS = 10_000;
/** Most messages queued for a client that has not finished joining; past it, it is let go. */
export const MAX_QUEUED_FOR_JOINING = 32;
/** Close code of a connection whose seat was taken elsewhere or whose ask for a seat was refused. */
export const CLOSE_LET_GO = 4002;

/**
 * Runs a step of joining; a coded refusal becomes the error Colyseus hands to the joining client (its
 * text starts with the code: see joinRefusal in src/online/join-refusal.ts).
 */
export function refuseJoin<T>(run: () => T): T {
  try {
    return run();
  } catch (error) {
    if (error instanceof CodedError) throw joinRefused(error.code as RefusalCode, error.message);
    throw error;
  }
}

/** The error Colyseus hands a joining client refused with `code`. */
export function joinRefused(code: RefusalCode, message: string): ServerError {
  return new ServerError(JOIN_REFUSED_STATUS, joinRefusalText(code, message));
}

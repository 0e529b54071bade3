/**
 * A table that people join over the network (the game server's rooms: server/src/DiceRoom.ts): the
 * Table's host, plus what a table in the page never needs (so the page does not load it): people
 * joining by name and coming back by their seat's key, asking for a seat and being let in, the lobby's
 * host requests, a nudge, a rematch by agreement, the turn clock running out, and the record the table
 * is rebuilt from after its process is gone. The rules of all of it are pure (seating.ts, decide.ts).
 */
import { replay, setupOf, type Action, type GameSetup, type RuleSetId } from '../engine/index.js';
import type { ProofGesture } from '../online/fairness.js';
import type { JoinOptions, RoomPace, RoomView, TimeUp } from '../online/protocol.js';
import { timeOut } from './decide.js';
import {
  dropped,
  giveUpWaiting,
  join,
  lapseClaims,
  left,
  nextClaimLapse,
  placeFor,
  reconnected,
} from './seating.js';
import type { Seat } from './seats.js';
import { settle, type Change, type TableState } from './table-state.js';
import { Table, type TablePorts } from './Table.js';
import { clockRecord, resumeClock, type ClockRecord, type ClockState } from './turn-clock.js';

/** Where a join went (RoomTable.join). */
export interface JoinResult {
  /** The seat taken, or -1 while the person asks for seat `claiming`. */
  seat: number;
  claiming?: number;
  /** The key of a seat just made for this person: theirs alone, sent to them once. */
  key?: string;
  change: Change;
}

/**
 * What is kept of a table outside the process (the database), enough to rebuild it exactly: the seats
 * (who, not their connections), the host, the rules, the view's version, and the game as its setup and
 * action log (`replay(setup, log)` gives the same game back, seed and all).
 */
export interface TableRecord {
  phase: RoomView['phase'];
  host: number;
  rules: RuleSetId;
  version: number;
  seats: {
    name: string;
    kind: Seat['kind'];
    standIn: boolean;
    keyHash?: string | null;
    /** A move link made and not used yet (Seat.move). */
    move?: Seat['move'];
  }[];
  /** Seconds a person has for a turn. */
  turnSeconds?: number;
  /** What a person's time running out does: a stand-in plays the turn unless given. */
  timeUp?: TimeUp;
  /** Live unless given. */
  pace?: RoomPace;
  /** At one's own pace, the clock of the turn under way (its deadline outlives the process). */
  clock?: ClockRecord | null;
  /** After the game, the seats whose person asked for a rematch. */
  rematch?: number[];
  /**
   * The game: its setup and log, its secret (hex: see src/online/fairness.ts) and the gesture of each of
   * its throws, in order.
   */
  game: { setup: Required<GameSetup>; log: Action[]; secret: string; gestures: ProofGesture[] } | null;
}

export class RoomTable extends Table {
  protected override get takesRoomRequests(): boolean {
    return true;
  }

  /**
   * A table rebuilt from its record, in a new room: the game replayed from its log; each person's seat
   * waits for them to come back by name (not connected, no holder: see `join`), as after a drop; a
   * stand-in still plays the seats it played. The version goes on from the record's.
   * @throws RuleError `bad-state` (or another rule's code) if the log does not replay
   */
  static restore(record: TableRecord, ports: TablePorts): RoomTable {
    const table = new RoomTable(ports);
    const seats: Seat[] = record.seats.map((seat) => ({
      name: seat.name,
      kind: seat.kind,
      holder: null,
      connected: seat.kind !== 'human',
      standIn: seat.kind === 'human' && seat.standIn,
      keyHash: seat.keyHash ?? null,
      move: seat.move ?? null,
    }));
    const game = record.game ? replay(record.game.setup, record.game.log) : null;
    // A record kept before games had secrets gets a new one (its earlier throws cannot be proven).
    if (record.game) table.seeds = ports.seeds.restore(record.game);
    const phase = game?.over ? 'over' : record.phase;
    const pace: RoomPace = record.pace === 'own-pace' ? 'own-pace' : 'live';
    let clock: ClockState = {
      ...table.state.clock,
      pace,
      timeUp:
        pace === 'own-pace' && record.timeUp === 'forfeit' ? ('forfeit' as const) : ('stand-in' as const),
      ...(record.turnSeconds ? { seconds: record.turnSeconds } : {}),
    };
    if (pace === 'own-pace' && record.clock) clock = resumeClock(clock, record.clock);
    const restored: TableState = {
      ...table.state,
      phase,
      rules: record.rules,
      seats,
      host: Math.min(Math.max(record.host, 0), Math.max(seats.length - 1, 0)),
      game,
      clock,
      rematch: phase === 'over' ? (record.rematch ?? []).filter((seat) => seats[seat]?.kind === 'human') : [],
      version: record.version,
    };
    // The record's version, then one more: the restored table is a change every page is told of.
    table.commit(settle(restored, {}, table.moment()));
    return table;
  }

  /** The record of the table now (see TableRecord). */
  record(): TableRecord {
    const { phase, host, rules, version, seats, clock, rematch, game } = this.state;
    return {
      phase,
      host,
      rules,
      version,
      seats: seats.map(({ name, kind, standIn, keyHash, move }) => ({
        name,
        kind,
        standIn,
        keyHash,
        ...(move ? { move } : {}),
      })),
      turnSeconds: clock.seconds,
      ...(clock.timeUp === 'forfeit' ? { timeUp: 'forfeit' as const } : {}),
      pace: clock.pace,
      ...(clock.pace === 'own-pace' ? { clock: clockRecord(clock) } : {}),
      ...(rematch.length ? { rematch: [...rematch] } : {}),
      game: game && this.seeds ? { setup: setupOf(game), log: game.log, ...this.seeds.record() } : null,
    };
  }

  /**
   * The seats of a restored table whose person has not come back (see `restore`) are given up, as if
   * their person had left. False if none was given up.
   */
  giveUpWaiting(): boolean {
    return this.settled(giveUpWaiting(this.state));
  }

  /**
   * Refuses a join that `join` would refuse, changing nothing.
   * @throws ProtocolError as seating.ts `placeFor`
   */
  checkJoin(options: JoinOptions): void {
    const { names, keys, now } = this.context();
    placeFor(this.state, options, names, keys, now);
  }

  /**
   * Seats a person who joins (see seating.ts `join`): by a seat's key or move link, in that seat; in the
   * lobby, by the name of a seat whose person is away, asking for it, else in a new seat with a new key.
   * @throws ProtocolError as seating.ts `placeFor`
   */
  join(holder: string, options: JoinOptions): JoinResult {
    const { names, keys, now } = this.context();
    const [state, change] = join(this.state, holder, options, names, keys, now);
    this.commit(settle(state, change, this.moment()));
    const claiming = change.welcome?.claiming;
    if (claiming !== undefined) return { seat: -1, claiming, change };
    const newKey = change.welcome?.key;
    const seat = this.seatOf(holder);
    return newKey ? { seat, change, key: newKey } : { seat, change };
  }

  /** A person's connection dropped (they may come back within the window). False if they hold no seat. */
  dropped(holder: string): boolean {
    const state = dropped(this.state, holder);
    return this.settled(state ? [state, {}] : null);
  }

  /** A dropped person is back (the change welcomes them): their seat, or -1 if they hold none. */
  reconnected(holder: string): number {
    return this.settled(reconnected(this.state, holder)) ? this.seatOf(holder) : -1;
  }

  /**
   * A person left for good (left, or did not come back in time): see seating.ts `left`. False if they
   * held no seat and asked for none.
   */
  left(holder: string): boolean {
    return this.settled(left(this.state, holder));
  }

  /**
   * The next time the table has something to do by itself (ms since 1970): the person's turn under way
   * running out, or an ask for a seat lapsing; null when there is none.
   */
  get deadline(): number | null {
    const times = [this.state.clock.endsAt, nextClaimLapse(this.state)].filter((t) => t !== null);
    return times.length ? Math.min(...times) : null;
  }

  /**
   * Does what is due by now: the person's turn under way runs out (decide.ts `timeOut`), asks lapse.
   * False if nothing was due.
   */
  expire(): boolean {
    const timedOut = timeOut(this.state, this.moment());
    if (timedOut) this.commit(timedOut);
    return this.settled(lapseClaims(this.state, this.now())) || timedOut !== null;
  }

  /** A change of seating committed (see `settle`); false when there was none. */
  private settled(made: [TableState, Change] | null): boolean {
    if (!made) return false;
    this.commit(settle(made[0], made[1], this.moment()));
    return true;
  }
}

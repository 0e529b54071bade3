/**
 * The Colyseus room of one online table: its lifecycle (create, join, drop, come back, leave, dispose,
 * shutdown), the typed map of client messages to its table, and the rate limit. It keeps no Colyseus
 * state: every change is sent as plain messages (src/online/protocol.ts, planned by room-fanout.ts),
 * and 'refused' to the sender alone, with nothing changed. The table's rules, turn gate, throws and
 * computers are the table's (src/table, the same host the page runs for a game on one screen); the
 * record is written before anyone sees a change (room-saving.ts); the turn clock rings (turn-timer.ts).
 *
 * A room may be created from a stored record (a game whose process is gone goes on here); a room closed
 * by its server's shutdown tells everyone ('closing') and keeps its record for that.
 */
import { randomInt } from 'node:crypto';
import { ClientState, CloseCode, Room, type Client, type Deferred } from '@colyseus/core';
import { CodedError } from '../../src/engine/index.js';
import {
  MAX_SEATS,
  MAX_WATCHERS,
  RECONNECT_SECONDS,
  parseClientMessage,
  parseEntry,
  parseJoin,
  ProtocolError,
  type RefusalCode,
  type ServerMessages,
} from '../../src/online/protocol.js';
import {
  ComputerTurns,
  createThrower,
  RoomTable,
  type Change,
  type TablePorts,
} from '../../src/table/index.js';
import { corked, queuedForJoining } from './colyseus-internals.js';
import { serverPolicy } from './computer-policy.js';
import { MessageGate } from './message-gate.js';
import { fanout } from './room-fanout.js';
import {
  CLOSE_LET_GO,
  JOIN_ACK_MS,
  MAX_QUEUED_FOR_JOINING,
  SEAT_RESERVATION_SECONDS,
  joinRefused,
  refuseJoin,
  type JoinAuth,
} from './room-joining.js';
import { RoomSaving } from './room-saving.js';
import { RecordSigner, RecordStamps } from './record-signing.js';
import { TurnTimer } from './turn-timer.js';
import { secretSeeds } from './game-secret.js';
import type { RoomStore } from './room-store.js';
import { SERVER_NAMES } from './name-key.js';
import {
  ROOM_RESERVATION_CAPS,
  capOpenReservations,
  reservationKind,
  roomMaxClients,
} from './reservation-cap.js';
import { SERVER_SEAT_KEYS, seatKeyHash } from './seat-keys.js';
import type { Throws } from './ThrowPool.js';

/** How a server's rooms behave. */
export interface RoomConfig {
  /** Pause before each computer action, ms (0 plays at once, as tests do). */
  botDelayMs: number;
  /** How long a dropped person's seat waits for them, seconds. */
  reconnectSeconds: number;
}

export const DEFAULT_ROOM_CONFIG: RoomConfig = {
  botDelayMs: 700,
  reconnectSeconds: RECONNECT_SECONDS,
};

/**
 * The create option, set only by the server itself (DatabaseRooms.ts), that makes a new room from a
 * stored one: a token that the store hands the stored room for, once.
 */
export const RESUME_OPTION = '__resume';

/** A uint32 from the operating system's generator. */
function secureUint32(): number {
  return randomInt(0, 2 ** 32);
}

/** What a server gives its rooms besides their configuration. */
export interface RoomServices {
  /** Where the rooms' records are kept (the database); without it the games live in this process only. */
  store?: RoomStore;
  /** Throws the dice off the main thread (ThrowPool.ts); without it a room throws them itself. */
  throws?: Throws;
  /** Signs finished games' records (record-signing.ts); without it, a key of the room's own. */
  signer?: RecordSigner;
}

export class DiceRoom extends Room {
  /** Overridden by `diceRoom(config)`. */
  protected readonly config: RoomConfig = DEFAULT_ROOM_CONFIG;
  /** Where the room's record is kept (the database), set by `diceRoom(config, services)`. */
  protected readonly store: RoomStore | undefined = undefined;
  /** Throws the dice elsewhere, set by `diceRoom(config, services)`. */
  protected readonly throws: Throws | undefined = undefined;
  /** Signs the records of finished games, set by `diceRoom(config, services)`. */
  protected readonly signer: RecordSigner | undefined = undefined;

  private table!: RoomTable;
  private computers!: ComputerTurns;
  private readonly gate = new MessageGate();
  private readonly reconnections = new Map<string, Deferred<Client>>();
  /** The sessions that watch the room (a watch link): they see every change and may play no part. */
  private readonly watchers = new Set<string>();
  /** Its server is shutting down: the record is final, nothing more is played. */
  private closing = false;
  private disposed = false;
  private saving!: RoomSaving;
  private timer!: TurnTimer;
  private stamps!: RecordStamps;

  override async onCreate(options: unknown): Promise<void> {
    const token = (options as Record<string, unknown> | null)?.[RESUME_OPTION];
    const resumed = typeof token === 'string' ? this.store?.takeResume(token) : undefined;
    if (token !== undefined && !resumed) {
      throw joinRefused('room-not-found', 'No such game to go on with');
    }
    if (!resumed) refuseJoin(() => parseJoin(options));
    // Room for everyone the room lets in and every reservation the caps allow (reservation-cap.ts):
    // the room's own refusals keep it to its seats and watchers; a seat's key always gets in.
    this.maxClients = roomMaxClients(MAX_SEATS, MAX_WATCHERS);
    // Colyseus drops a client past this; the protocol's own limit (RateLimiter) refuses long before.
    this.maxMessagesPerSecond = 100;
    this.seatReservationTimeout = SEAT_RESERVATION_SECONDS;
    capOpenReservations(this, {
      ...ROOM_RESERVATION_CAPS,
      kindOf: (options) => reservationKind(options, () => this.table.record().seats, seatKeyHash),
    });
    const throws = this.throws;
    const ports: TablePorts = {
      roomId: this.roomId,
      thrower: throws ? (input) => throws.throwDice(input) : createThrower(),
      seeds: secretSeeds(),
      keys: SERVER_SEAT_KEYS,
      names: SERVER_NAMES,
      parse: parseClientMessage,
    };
    this.stamps = new RecordStamps(this.signer ?? RecordSigner.ephemeral());
    this.table = resumed ? refuseJoin(() => RoomTable.restore(resumed.table, ports)) : new RoomTable(ports);
    this.saving = new RoomSaving(
      {
        roomId: this.roomId,
        record: () => this.table.record(),
        tellSaving: (waiting) => this.broadcastMessage('saving', { waiting }),
        gone: () => this.disposed,
      },
      this.store,
    );
    this.timer = new TurnTimer(
      this.table,
      (callback, ms) => this.clock.setTimeout(callback, ms),
      () => !this.closing && !this.disposed,
    );
    // Every change of the table is stored and sent (the computers below look at it after that).
    this.table.subscribe((change) => {
      if (!this.closing && !this.disposed) this.commit(change);
    });
    const seed = secureUint32();
    this.computers = new ComputerTurns({
      table: this.table,
      policy: serverPolicy(seed),
      delayMs: this.config.botDelayMs,
      seed,
      later: (callback, ms) => this.clock.setTimeout(callback, ms),
      // Everyone sees the dice land before a computer goes on.
      pauseAfter: (change) => (change.thrown ? change.thrown.seconds * 1000 : 0),
      warn: (message, error) => console.warn(`Room ${this.roomId}: ${message}`, error),
    });
    this.onMessage('*', (client: Client, type: string | number, message: unknown) =>
      this.receive(client, type, message),
    );
    await this.setPrivate(true);
    // The first record: a room whose game cannot be kept is not made. A game brought back under its own
    // id (from a database) is stored as it is already: opening it writes nothing, unless its record says
    // its last process was shutting down (the other processes then wait for it to be let go).
    if (resumed?.roomId !== this.roomId || resumed.closing) {
      await this.store?.save(this.roomId, this.table.record()).catch((error: unknown) => {
        this.saving.warn(error);
        throw joinRefused(
          'server-unavailable',
          'The game server cannot store a new game now: try again soon',
        );
      });
    }
    if (resumed) {
      // Its people come back by name; the seats of those who have not come back in time are given up
      // (the room waits for them meanwhile, even with no one in it).
      this.autoDispose = false;
      this.clock.setTimeout(() => this.giveUpWaiting(), this.config.reconnectSeconds * 1000);
    }
  }

  override onAuth(_client: Client, options: unknown): JoinAuth {
    return refuseJoin(() => {
      const joining = parseEntry(options);
      if ('watch' in joining) this.checkWatcherRoom();
      else this.table.checkJoin(joining);
      return joining;
    });
  }

  override onJoin(client: Client, _options: unknown, auth: JoinAuth): void {
    if ('watch' in auth) {
      this.watch(client);
      return;
    }
    // Checked again: another join may have taken the last seat since onAuth. Its change welcomes it.
    refuseJoin(() => this.table.join(client.sessionId, auth));
    // A connection that never finishes joining (never acknowledges) is let go, not kept queueing.
    this.clock.setTimeout(() => {
      if (client.state === ClientState.JOINING) client.leave(CloseCode.WITH_ERROR);
    }, JOIN_ACK_MS);
  }

  /**
   * Colyseus lets a reconnection token take over a connection that still looks alive (closing it): a
   * token reused while its owner is connected is refused instead, so a live owner is never evicted
   * unawares. A page whose connection only looks alive to the server comes back with its seat key
   * (JoinOptions.key), and the old connection is told its seat moved.
   */
  override checkReconnectionToken(reconnectionToken: string): string {
    if (
      this.clients.some((c) => c.reconnectionToken === reconnectionToken && c.state !== ClientState.LEAVING)
    ) {
      return ''; // no session: the matchmaker refuses the reconnection
    }
    return super.checkReconnectionToken(reconnectionToken);
  }

  override onDrop(client: Client): void {
    // A watcher that comes back watches again by its link: nothing is kept for it.
    if (this.watchers.has(client.sessionId)) return;
    if (!this.table.dropped(client.sessionId)) return;
    const reconnection = this.allowReconnection(client, this.config.reconnectSeconds);
    this.reconnections.set(client.sessionId, reconnection);
    const forget = (): void => {
      if (this.reconnections.get(client.sessionId) === reconnection)
        this.reconnections.delete(client.sessionId);
    };
    // Timed out or refused: Colyseus calls onLeave next.
    reconnection.then(forget, forget);
  }

  override onReconnect(client: Client): void {
    this.reconnections.delete(client.sessionId);
    // Its change welcomes the client back to its seat.
    if (this.table.reconnected(client.sessionId) < 0) client.leave();
  }

  override onLeave(client: Client): void {
    this.gate.forget(client.sessionId);
    if (this.watchers.delete(client.sessionId)) return;
    // Closed by a shutdown: the record is final, and no one is left to tell.
    if (this.closing) return;
    this.table.left(client.sessionId);
  }

  override onDispose(): void {
    this.disposed = true;
    this.computers?.dispose();
    // A room that ended (everyone left) is forgotten; one closed by a shutdown is kept to go on elsewhere,
    // and a game played at one's own pace sleeps in the store until one of its people comes back to it
    // or its clock runs out (its store wakes it then).
    if (this.store && this.table && !this.closing && !this.asleep()) {
      this.store.remove(this.roomId).catch((error: unknown) => this.saving.warn(error));
    } else {
      this.store?.letGo(this.roomId);
    }
  }

  /**
   * The server is shutting down: the record is written one last time (marked closing, so that the next
   * join to this room id, through another server, goes on with the game in a new room), everyone is told
   * ('closing'), then disconnected (close code 4001).
   */
  override onBeforeShutdown(): void {
    this.computers?.dispose();
    let resumable = false;
    const saved = this.save(true)?.then((stored) => {
      resumable = stored;
    });
    this.closing = true;
    this.deliver(saved ?? null, () => {
      this.broadcastMessage('closing', {
        reason: 'shutdown',
        resumable,
        message: resumable
          ? 'The server is restarting: join again to go on with this game'
          : 'The server is shutting down: this game cannot go on',
      });
      this.disconnect(CloseCode.SERVER_SHUTDOWN).catch(() => {});
    });
  }

  /** @throws ProtocolError `too-many-watchers` when the room has as many watchers as it takes */
  private checkWatcherRoom(): void {
    if (this.watchers.size >= MAX_WATCHERS) {
      throw new ProtocolError('too-many-watchers', 'As many people watch this game as it takes');
    }
  }

  /**
   * Lets `client` watch: welcomed with the view everyone has (no seat, no key), after any change being
   * stored; from then on it gets what everyone gets. Past the limit (another watcher came in since its
   * onAuth) it is refused and let go.
   */
  private watch(client: Client): void {
    try {
      this.checkWatcherRoom();
    } catch (error) {
      const { code, message } = error as ProtocolError;
      this.sendTo(client, 'refused', { code, message });
      client.leave(CLOSE_LET_GO);
      return;
    }
    this.watchers.add(client.sessionId);
    this.deliver(null, () => this.sendTo(client, 'welcome', { seat: -1, view: this.view(), watching: true }));
  }

  /** Whether the room, empty, keeps its game in the store to be woken later (a game at one's own pace). */
  private asleep(): boolean {
    return this.table.pace === 'own-pace' && this.table.phase === 'playing';
  }

  /** A restored room's seats whose people did not come back in time are given up (see Table.giveUpWaiting). */
  private giveUpWaiting(): void {
    if (this.closing) return;
    this.table.giveUpWaiting();
    this.autoDispose = true;
  }

  /** Writes the room's record as it is now (see RoomSaving.save); undefined when nothing is written. */
  private save(closing = false): Promise<boolean> | undefined {
    return this.table && !this.closing ? this.saving.save(closing) : undefined;
  }

  /** Sends once `saved` is done, after everything sent before it (see RoomSaving.deliver). */
  private deliver(saved: Promise<unknown> | null, send: () => void): void {
    this.saving.deliver(saved, send);
  }

  /** A client's message: rate-limited (MessageGate), checked, carried out, or refused to that client alone. */
  private receive(client: Client, type: unknown, message: unknown): void {
    if (this.closing) return;
    const admitted = this.gate.admit(client.sessionId, type, message);
    const { request } = admitted;
    if (admitted.kind === 'drop') {
      const tooMany = new ProtocolError('too-many-messages', 'Too many messages');
      if (admitted.tell) this.refuse(client, tooMany, request);
    } else if (admitted.kind === 'refuse') {
      this.refuse(client, admitted.error, request);
    } else if (this.watchers.has(client.sessionId)) {
      this.refuse(client, new ProtocolError('watching', 'One who watches plays no part'), request);
    } else {
      // The table carries it out after every request before it (a throw being made included).
      this.table
        .request(client.sessionId, String(type), message)
        .catch((error: unknown) => this.refuse(client, error, request));
    }
  }

  private refuse(client: Client, error: unknown, request: string): void {
    let code: RefusalCode = 'server-unavailable';
    let message = 'The server could not do that';
    if (error instanceof CodedError) {
      code = error.code as RefusalCode;
      message = error.message;
    } else {
      console.error(`Room ${this.roomId}: a '${request}' failed:`, error);
    }
    this.deliver(null, () => this.sendTo(client, 'refused', { code, message, request }));
  }

  /**
   * Sends what a change brought (room-fanout.ts), once stored (see `deliver`): a seat taken from a
   * session ends its way back at once; those let go are told and closed; then the computers look whether
   * it is their turn (they follow the table), and the turn clock is set.
   */
  private commit(change: Change): void {
    if (change.evicted) this.evict(change.evicted);
    const plan = fanout(
      change,
      this.view(),
      (id) => this.clients.getById(id),
      (client) => this.table.seatOf(client.sessionId),
    );
    this.deliver(this.save() ?? null, () =>
      corked(this.clients, () => {
        if (plan.thrown) this.broadcastMessage('thrown', plan.thrown);
        for (const { client, message } of plan.welcomes) this.sendTo(client, 'welcome', message);
        if (plan.acted) this.broadcastMessage('acted', plan.acted);
        if (plan.view) this.broadcastMessage('view', plan.view, plan.skip);
        if (plan.left) this.broadcastMessage('left', plan.left);
        if (plan.moveLink) this.sendTo(plan.moveLink.client, 'move-link', plan.moveLink.message);
        for (const { client, code, message } of plan.letGo) {
          this.sendTo(client, 'refused', { code, message });
          client.leave(CLOSE_LET_GO);
        }
        // A connection that has not finished joining but has too much queued for it already is let go.
        for (const client of this.clients) {
          if (client.state === ClientState.JOINING && queuedForJoining(client) > MAX_QUEUED_FOR_JOINING)
            client.leave(CloseCode.WITH_ERROR);
        }
      }),
    );
    this.timer.arm();
  }

  /** The table's view as it is sent: a finished game's with the signature of its record (RecordStamps). */
  private view(): ServerMessages['view'] {
    return this.stamps.stamp(this.table.view());
  }

  /** A dropped person whose seat is no longer theirs cannot come back to it (they may join again). */
  private evict(sessionId: string): void {
    const reconnection = this.reconnections.get(sessionId);
    this.reconnections.delete(sessionId);
    reconnection?.reject(new Error('The seat was taken'));
  }

  private sendTo<K extends keyof ServerMessages>(client: Client, type: K, message: ServerMessages[K]): void {
    client.send(type, message);
  }

  private broadcastMessage<K extends keyof ServerMessages>(
    type: K,
    message: ServerMessages[K],
    except: Client[] = [],
  ): void {
    this.broadcast(type, message, except.length > 0 ? { except } : {});
  }
}

/** The room type of a server with this configuration (and these services: see RoomServices). */
export function diceRoom(config: Partial<RoomConfig> = {}, services: RoomServices = {}): typeof DiceRoom {
  const full: RoomConfig = { ...DEFAULT_ROOM_CONFIG, ...config };
  return class ConfiguredDiceRoom extends DiceRoom {
    protected override readonly config = full;
    protected override readonly store = services.store;
    protected override readonly throws = services.throws;
    protected override readonly signer = services.signer;
  };
}

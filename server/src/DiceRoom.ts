/**
 * The Colyseus room of one online table: its lifecycle (create, join, drop, come back, leave, dispose,
 * shutdown), the typed map of client messages to its table, and the rate limit. It keeps no Colyseus
 * state: every change is sent as plain messages (src/online/protocol.ts, planned by room-fanout.ts),
 * and 'refused' to the sender alone, with nothing changed. The rules, turns, throws and computers are
 * the table's (src/table, the same host the page runs for a game on one screen); the record is written
 * before anyone sees a change (room-saving.ts); the turn clock rings (turn-timer.ts). Colyseus's private
 * fields are reached only through colyseus-internals.ts.
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
  parseClientMessage,
  parseEntry,
  parseJoin,
  ProtocolError,
  type RefusalCode,
  type ServerMessages,
} from '../../src/online/protocol.js';
import { ComputerTurns, createThrower, RoomTable, type Change } from '../../src/table/index.js';
import { corked, letGoOverQueued } from './colyseus-internals.js';
import { serverPolicy } from './computer-policy.js';
import { secretSeeds } from './game-secret.js';
import { MessageGate } from './message-gate.js';
import { SERVER_NAMES } from './name-key.js';
import { RecordSigner, RecordStamps } from './record-signing.js';
import {
  ROOM_RESERVATION_CAPS,
  capOpenReservations,
  reservationKind,
  roomMaxClients,
} from './reservation-cap.js';
import { DEFAULT_ROOM_CONFIG, RESUME_OPTION, type RoomConfig, type RoomServices } from './room-config.js';
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
import { SERVER_SEAT_KEYS, seatKeyHash } from './seat-keys.js';
import { RoomWatchers } from './room-watchers.js';
import { TurnTimer } from './turn-timer.js';

export class DiceRoom extends Room {
  /** Overridden by `diceRoom(config, services)`. */
  protected readonly setup: RoomConfig & RoomServices = DEFAULT_ROOM_CONFIG;

  private table!: RoomTable;
  private computers!: ComputerTurns;
  private saving!: RoomSaving;
  private timer!: TurnTimer;
  private stamps!: RecordStamps;
  private readonly gate = new MessageGate();
  private readonly reconnections = new Map<string, Deferred<Client>>();
  private readonly watchers = new RoomWatchers();
  /** Its server is shutting down: the record is final, nothing more is played. */
  private closing = false;
  private disposed = false;

  override async onCreate(options: unknown): Promise<void> {
    const { store, throws, signer, botDelayMs, reconnectSeconds } = this.setup;
    this.saving = new RoomSaving(
      {
        roomId: this.roomId,
        record: () => this.table.record(),
        tellSaving: (waiting) => this.sendAll('saving', { waiting }),
        gone: () => this.disposed,
      },
      store,
    );
    const token = (options as Record<string, unknown> | null)?.[RESUME_OPTION];
    const resumed = typeof token === 'string' ? store?.takeResume(token) : undefined;
    if (token !== undefined && !resumed) throw joinRefused('room-not-found', 'No such game to go on with');
    if (!resumed) refuseJoin(() => parseJoin(options));
    // Room for everyone the room lets in and every reservation the caps allow (reservation-cap.ts):
    // the room's own refusals keep it to its seats and watchers; a seat's key always gets in.
    this.maxClients = roomMaxClients(MAX_SEATS, MAX_WATCHERS);
    // Colyseus drops a client past this; the protocol's own limit (MessageGate) refuses long before.
    this.maxMessagesPerSecond = 100;
    this.seatReservationTimeout = SEAT_RESERVATION_SECONDS;
    capOpenReservations(this, {
      ...ROOM_RESERVATION_CAPS,
      kindOf: (options) => reservationKind(options, () => this.table.record().seats, seatKeyHash),
    });
    const ports = {
      roomId: this.roomId,
      thrower: throws ? throws.throwDice.bind(throws) : createThrower(),
      seeds: secretSeeds(),
      keys: SERVER_SEAT_KEYS,
      names: SERVER_NAMES,
      parse: parseClientMessage,
    };
    this.stamps = new RecordStamps(signer ?? RecordSigner.ephemeral());
    this.table = resumed ? refuseJoin(() => RoomTable.restore(resumed.table, ports)) : new RoomTable(ports);
    const later = (callback: () => void, ms: number) => this.clock.setTimeout(callback, ms);
    this.timer = new TurnTimer(this.table, later, () => !this.closing && !this.disposed);
    // Every change of the table is stored and sent (the computers below look at it after that).
    this.table.subscribe((change) => {
      if (!this.closing && !this.disposed) this.commit(change);
    });
    const seed = randomInt(0, 2 ** 32);
    this.computers = new ComputerTurns({
      table: this.table,
      policy: serverPolicy(seed),
      delayMs: botDelayMs,
      seed,
      later,
      // Everyone sees the dice land before a computer goes on.
      pauseAfter: (change) => (change.thrown ? change.thrown.seconds * 1000 : 0),
      warn: (message, error) => console.warn(`Room ${this.roomId}: ${message}`, error),
    });
    this.onMessage('*', (client: Client, type: string | number, message: unknown) =>
      this.receive(client, type, message),
    );
    await this.setPrivate(true);
    // A game brought back under its own id (from a database) is stored as it is already: opening it
    // writes nothing, unless its record says its last process was shutting down (the other processes
    // then wait for it to be let go).
    if (resumed?.roomId !== this.roomId || resumed.closing) await this.saving.first();
    if (resumed) {
      // Its people come back by name; the seats of those who have not come back in time are given up
      // (the room waits for them meanwhile, even with no one in it).
      this.autoDispose = false;
      later(() => {
        if (this.closing) return;
        this.table.giveUpWaiting();
        this.autoDispose = true;
      }, reconnectSeconds * 1000);
    }
  }

  override onAuth(_client: Client, options: unknown): JoinAuth {
    return refuseJoin(() => {
      const joining = parseEntry(options);
      if ('watch' in joining) this.watchers.checkRoom();
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
  override checkReconnectionToken(token: string): string {
    if (this.clients.some((c) => c.reconnectionToken === token && c.state !== ClientState.LEAVING)) {
      return ''; // no session: the matchmaker refuses the reconnection
    }
    return super.checkReconnectionToken(token);
  }

  override onDrop(client: Client): void {
    // A watcher that comes back watches again by its link: nothing is kept for it.
    const id = client.sessionId;
    if (this.watchers.has(id) || !this.table.dropped(id)) return;
    const reconnection = this.allowReconnection(client, this.setup.reconnectSeconds);
    this.reconnections.set(id, reconnection);
    const forget = (): void => {
      if (this.reconnections.get(id) === reconnection) this.reconnections.delete(id);
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
    // A watcher leaves nothing behind; closed by a shutdown, the record is final and no one is left to tell.
    if (!this.watchers.delete(client.sessionId) && !this.closing) this.table.left(client.sessionId);
  }

  override onDispose(): void {
    this.disposed = true;
    this.computers?.dispose();
    // Kept: closed by a shutdown (to go on elsewhere), or a game played at one's own pace, asleep.
    const asleep = this.table?.pace === 'own-pace' && this.table.phase === 'playing';
    this.saving?.end(this.closing || !this.table || asleep);
  }

  /**
   * The server is shutting down: the record is written one last time (marked closing, so that the next
   * join to this room id, through another server, goes on with the game in a new room), everyone is told
   * ('closing'), then disconnected (close code 4001).
   */
  override onBeforeShutdown(): void {
    this.computers?.dispose();
    let resumable = false;
    const saved = this.saving.close()?.then((stored) => {
      resumable = stored;
    });
    this.closing = true;
    this.saving.deliver(saved ?? null, () => {
      this.sendAll('closing', {
        reason: 'shutdown',
        resumable,
        message: resumable
          ? 'The server is restarting: join again to go on with this game'
          : 'The server is shutting down: this game cannot go on',
      });
      this.disconnect(CloseCode.SERVER_SHUTDOWN).catch(() => {});
    });
  }

  /** Lets `client` watch: welcomed with the view everyone has (no seat, no key), after any change being stored. */
  private watch(client: Client): void {
    if (!this.watchers.admit(client)) return;
    this.saving.deliver(null, () =>
      this.sendTo(client, 'welcome', { seat: -1, view: this.view(), watching: true }),
    );
  }

  /** A client's message: rate-limited (MessageGate), checked, carried out, or refused to that client alone. */
  private receive(client: Client, type: unknown, message: unknown): void {
    if (this.closing) return;
    const admitted = this.gate.admit(client.sessionId, type, message);
    const { request } = admitted;
    if (admitted.kind === 'drop') {
      if (admitted.tell)
        this.refuse(client, new ProtocolError('too-many-messages', 'Too many messages'), request);
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
    const coded = error instanceof CodedError;
    if (!coded) console.error(`Room ${this.roomId}: a '${request}' failed:`, error);
    const code = (coded ? error.code : 'server-unavailable') as RefusalCode;
    const message = coded ? error.message : 'The server could not do that';
    this.saving.deliver(null, () => this.sendTo(client, 'refused', { code, message, request }));
  }

  /**
   * Sends what a change brought (room-fanout.ts), once stored (RoomSaving.deliver): a seat taken from a
   * session ends its way back at once; those let go are told and closed; then the computers look whether
   * it is their turn (they follow the table), and the turn clock is set.
   */
  private commit(change: Change): void {
    // A dropped person whose seat is no longer theirs cannot come back to it (they may join again).
    if (change.evicted) {
      this.reconnections.get(change.evicted)?.reject(new Error('The seat was taken'));
      this.reconnections.delete(change.evicted);
    }
    const plan = fanout(
      change,
      this.view(),
      (id) => this.clients.getById(id),
      (client) => this.table.seatOf(client.sessionId),
    );
    this.saving.deliver(this.saving.save(), () =>
      corked(this.clients, () => {
        for (const { to, type, message, except } of plan.messages) {
          if (to) to.send(type, message);
          else this.sendAll(type, message, except);
        }
        for (const client of plan.letGo) client.leave(CLOSE_LET_GO);
        // A connection that has not finished joining but has too much queued for it already is let go.
        letGoOverQueued(this.clients, MAX_QUEUED_FOR_JOINING);
      }),
    );
    this.timer.arm();
  }

  /** The table's view as it is sent: a finished game's with the signature of its record (RecordStamps). */
  private view(): ServerMessages['view'] {
    return this.stamps.stamp(this.table.view());
  }

  private sendTo<K extends keyof ServerMessages>(client: Client, type: K, message: ServerMessages[K]): void {
    client.send(type, message);
  }

  private sendAll<K extends keyof ServerMessages>(
    type: K,
    message: ServerMessages[K],
    except?: Client[],
  ): void {
    this.broadcast(type, message, except?.length ? { except } : {});
  }
}

/** The room type of a server with this configuration (and these services: see RoomServices). */
export function diceRoom(config: Partial<RoomConfig> = {}, services: RoomServices = {}): typeof DiceRoom {
  const setup = { ...DEFAULT_ROOM_CONFIG, ...config, ...services };
  return class ConfiguredDiceRoom extends DiceRoom {
    protected override readonly setup = setup;
  };
}

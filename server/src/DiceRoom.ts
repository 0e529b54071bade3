/**
 * The Colyseus room of one online table: its lifecycle (create, join, drop, come back, leave, dispose,
 * shutdown), the typed map of client messages to its table, and the rate limit (message-gate.ts). The
 * rules, turns, throws and computers are the table's (src/table, the same host the page runs for a game
 * on one screen), put together with the turn timer in room-parts.ts. Every change is stored before
 * anyone sees it (room-saving.ts), then sent as plain messages (room-sender.ts, as room-fanout.ts plans
 * them; the room keeps no Colyseus state); 'refused' goes to the sender alone, with nothing changed.
 * The ways back of dropped people are room-reconnections.ts's, watchers room-watchers.ts's, the limits
 * on joins room-joining.ts's and reservation-cap.ts's. Colyseus's private fields are reached only
 * through colyseus-internals.ts.
 *
 * A room may be created from a stored record (a game whose process is gone goes on here); a room closed
 * by its server's shutdown tells everyone ('closing') and keeps its record for that (room-closing.ts).
 */
import { ClientState, CloseCode, Room, type Client } from '@colyseus/core';
import { CodedError } from '../../src/engine/index.js';
import {
  MAX_SEATS,
  MAX_WATCHERS,
  parseEntry,
  parseJoin,
  ProtocolError,
  type RefusalCode,
} from '../../src/online/protocol.js';
import type { Change, ComputerTurns, RoomTable } from '../../src/table/index.js';
import { MessageGate } from './message-gate.js';
import {
  ROOM_RESERVATION_CAPS,
  capOpenReservations,
  reservationKind,
  roomMaxClients,
} from './reservation-cap.js';
import { closeForShutdown } from './room-closing.js';
import { DEFAULT_ROOM_CONFIG, RESUME_OPTION, type RoomConfig, type RoomServices } from './room-config.js';
import {
  JOIN_ACK_MS,
  SEAT_RESERVATION_SECONDS,
  joinRefused,
  refuseJoin,
  type JoinAuth,
} from './room-joining.js';
import { roomParts } from './room-parts.js';
import { RoomReconnections } from './room-reconnections.js';
import { RoomSaving } from './room-saving.js';
import type { RoomSender } from './room-sender.js';
import { seatKeyHash } from './seat-keys.js';
import { RoomWatchers } from './room-watchers.js';
import type { TurnTimer } from './turn-timer.js';

export class DiceRoom extends Room {
  /** Overridden by `diceRoom(config, services)`. */
  protected readonly setup: RoomConfig & RoomServices = DEFAULT_ROOM_CONFIG;

  private table!: RoomTable;
  private computers!: ComputerTurns;
  private saving!: RoomSaving;
  private timer!: TurnTimer;
  private sender!: RoomSender;
  private readonly gate = new MessageGate();
  private readonly reconnections = new RoomReconnections();
  private readonly watchers = new RoomWatchers();
  /** Its server is shutting down: the record is final, nothing more is played. */
  private closing = false;
  private disposed = false;

  override async onCreate(options: unknown): Promise<void> {
    const { store, reconnectSeconds } = this.setup;
    this.saving = new RoomSaving(
      {
        roomId: this.roomId,
        record: () => this.table.record(),
        tellSaving: (waiting) => this.sender.all('saving', { waiting }),
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
    const owner = {
      playing: () => !this.closing && !this.disposed,
      commit: (change: Change) => this.commit(change),
    };
    ({
      table: this.table,
      computers: this.computers,
      timer: this.timer,
      sender: this.sender,
    } = roomParts(this, this.setup, owner, resumed?.table));
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
      this.clock.setTimeout(() => {
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
    this.reconnections.wait(id, this.allowReconnection(client, this.setup.reconnectSeconds));
  }

  override onReconnect(client: Client): void {
    this.reconnections.back(client.sessionId);
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
   * The server is shutting down: nothing more is played; the record is written one last time, everyone
   * told and disconnected (room-closing.ts).
   */
  override onBeforeShutdown(): void {
    this.computers?.dispose();
    this.closing = true;
    closeForShutdown(
      this.saving,
      (message) => this.sender.all('closing', message),
      () => void this.disconnect(CloseCode.SERVER_SHUTDOWN).catch(() => {}),
    );
  }

  /** Lets `client` watch: welcomed with the view everyone has (no seat, no key), after any change being stored. */
  private watch(client: Client): void {
    if (!this.watchers.admit(client)) return;
    this.saving.deliver(null, () =>
      this.sender.to(client, 'welcome', { seat: -1, view: this.sender.view(), watching: true }),
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
    this.saving.deliver(null, () => this.sender.to(client, 'refused', { code, message, request }));
  }

  /**
   * A change of the table: stored (RoomSaving), then sent (RoomSender, as room-fanout.ts plans it) after
   * everything before it; a seat taken from a dropped person ends their way back at once; then the
   * turn clock is set. The computers look whether it is their turn after this (they follow the table).
   */
  private commit(change: Change): void {
    if (change.evicted) this.reconnections.end(change.evicted);
    const send = this.sender.change(change); // planned now, with the view after this change
    this.saving.deliver(this.saving.save(), send);
    this.timer.arm();
  }
}

/** The room type of a server with this configuration (and these services: see RoomServices). */
export function diceRoom(config: Partial<RoomConfig> = {}, services: RoomServices = {}): typeof DiceRoom {
  const setup = { ...DEFAULT_ROOM_CONFIG, ...config, ...services };
  return class ConfiguredDiceRoom extends DiceRoom {
    protected override readonly setup = setup;
  };
}

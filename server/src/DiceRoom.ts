/**
 * The Colyseus room of one online table. It keeps no Colyseus state: every change is sent as plain
 * messages (src/online/protocol.ts): 'welcome' to a client that joins or comes back, 'thrown' before
 * the view after a throw, 'view' (the whole RoomView, version + 1) to everyone after every change, and
 * 'refused' to the sender alone, with nothing changed. The room is a thin adapter: the table's rules,
 * its turn gate, its throws and its computers are the Table's (src/table, the same authority the page
 * runs for a game on one screen); the room keeps the connections, the rate limits and the record.
 *
 * With a store (the database: DatabaseRooms.ts), the room writes its record after every change, before
 * anyone sees it, and a room may be created from a stored record (a game whose process is gone goes on
 * here); a room closed by its server's shutdown tells everyone ('closing') and keeps its record for that.
 */
import { randomInt } from 'node:crypto';
import { ClientState, CloseCode, Room, ServerError, type Client, type Deferred } from '@colyseus/core';
import { CodedError } from '../../src/engine/index.js';
import { encodeTrajectory } from '../../src/physics/trajectory.js';
import { JOIN_REFUSED_STATUS, joinRefusalText } from '../../src/online/join-refusal.js';
import {
  MAX_SEATS,
  MAX_WATCHERS,
  RateLimiter,
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
import { serverPolicy } from './computer-policy.js';
import { secretSeeds } from './game-secret.js';
import type { RoomStore } from './room-store.js';
import { SERVER_NAMES } from './name-key.js';
import { capOpenReservations } from './reservation-cap.js';
import { SERVER_SEAT_KEYS } from './seat-keys.js';
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

/** Shortest pause between two warnings of a room that cannot write its record, ms. */
const SAVE_WARN_EVERY_MS = 10_000;
/** Pauses between tries to store a change that could not be, ms. */
const SAVE_RETRY_MS = [250, 500, 1000, 2000, 3000];

/** What a joining client is known by once its join options passed: its name (and key), or that it watches. */
type JoinAuth = { name: string; key?: string } | { watch: true };

/** How long a seat reservation waits for its client to connect, seconds (Colyseus's default is 15). */
const SEAT_RESERVATION_SECONDS = 5;
/** Most seat reservations a room holds at once that have not become a connection yet. */
const MAX_OPEN_RESERVATIONS = 4;
/** How long a connected client may take to finish joining (acknowledge), ms, before it is let go. */
const JOIN_ACK_MS = 10_000;
/** Most messages queued for a client that has not finished joining; past it, it is let go. */
const MAX_QUEUED_FOR_JOINING = 32;
/** Close code of a connection whose seat was taken elsewhere or whose ask for a seat was refused. */
const CLOSE_LET_GO = 4002;

/** A uint32 from the operating system's generator. */
function secureUint32(): number {
  return randomInt(0, 2 ** 32);
}

/**
 * Runs a step of joining; a coded refusal becomes the error Colyseus hands to the joining client (its
 * text starts with the code: see joinRefusal in src/online/join-refusal.ts).
 */
function refuseJoin<T>(run: () => T): T {
  try {
    return run();
  } catch (error) {
    if (error instanceof CodedError) {
      throw new ServerError(JOIN_REFUSED_STATUS, joinRefusalText(error.code as RefusalCode, error.message));
    }
    throw error;
  }
}

/**
 * Whether `value` is the context Colyseus passes its handlers (a frozen object with `resolve` and
 * `reject` functions): what a message of type '*' brings to the catch-all in its payload's place. No
 * client message can be one (functions do not travel).
 */
function isColyseusContext(value: unknown): boolean {
  const context = value as { resolve?: unknown; reject?: unknown } | null;
  return (
    typeof context === 'object' &&
    context !== null &&
    Object.isFrozen(context) &&
    typeof context.resolve === 'function' &&
    typeof context.reject === 'function'
  );
}

/** What a server gives its rooms besides their configuration. */
export interface RoomServices {
  /** Where the rooms' records are kept (the database); without it the games live in this process only. */
  store?: RoomStore;
  /** Throws the dice off the main thread (ThrowPool.ts); without it a room throws them itself. */
  throws?: Throws;
}

export class DiceRoom extends Room {
  /** Overridden by `diceRoom(config)`. */
  protected readonly config: RoomConfig = DEFAULT_ROOM_CONFIG;
  /** Where the room's record is kept (the database), set by `diceRoom(config, services)`. */
  protected readonly store: RoomStore | undefined = undefined;
  /** Throws the dice elsewhere, set by `diceRoom(config, services)`. */
  protected readonly throws: Throws | undefined = undefined;

  private table!: RoomTable;
  private computers!: ComputerTurns;
  private readonly limiters = new Map<string, { limiter: RateLimiter; warnedAt: number }>();
  private readonly reconnections = new Map<string, Deferred<Client>>();
  /** The sessions that watch the room (a watch link): they see every change and may play no part. */
  private readonly watchers = new Set<string>();
  /** Its server is shutting down: the record is final, nothing more is played. */
  private closing = false;
  private saveWarnedAt = -Infinity;
  /** Writes under way that failed at least once (the pages are told 'saving'). */
  private retrying = 0;
  /** Messages waiting for a record to be stored (see `deliver`), in order, and how many. */
  private outbox: Promise<void> = Promise.resolve();
  private waiting = 0;
  private disposed = false;
  /** The turn clock's timer, and the deadline it is set for. */
  private clockTimer: { clear(): void } | undefined;
  private clockFor: number | null = null;

  override async onCreate(options: unknown): Promise<void> {
    const token = (options as Record<string, unknown> | null)?.[RESUME_OPTION];
    const resumed = typeof token === 'string' ? this.store?.takeResume(token) : undefined;
    if (token !== undefined && !resumed) {
      throw new ServerError(
        JOIN_REFUSED_STATUS,
        joinRefusalText('room-not-found', 'No such game to go on with'),
      );
    }
    if (!resumed) refuseJoin(() => parseJoin(options));
    // People (and their seats waiting for them) plus a few joins under way; refusals keep it at MAX_SEATS.
    // And those who watch.
    this.maxClients = 2 * MAX_SEATS + MAX_WATCHERS;
    // Colyseus drops a client past this; the protocol's own limit (RateLimiter) refuses long before.
    this.maxMessagesPerSecond = 100;
    this.seatReservationTimeout = SEAT_RESERVATION_SECONDS;
    capOpenReservations(this, MAX_OPEN_RESERVATIONS);
    const throws = this.throws;
    const ports: TablePorts = {
      roomId: this.roomId,
      thrower: throws ? (input) => throws.throwDice(input) : createThrower(),
      seeds: secretSeeds(),
      keys: SERVER_SEAT_KEYS,
      names: SERVER_NAMES,
      parse: parseClientMessage,
    };
    this.table = resumed ? refuseJoin(() => RoomTable.restore(resumed.table, ports)) : new RoomTable(ports);
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
        this.warnSave(error);
        throw new ServerError(
          JOIN_REFUSED_STATUS,
          joinRefusalText(
            'server-unavailable',
            'The game server cannot store a new game now: try again soon',
          ),
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
      else this.table.checkJoin(joining.name, joining.key);
      return joining;
    });
  }

  override onJoin(client: Client, _options: unknown, auth: JoinAuth): void {
    if ('watch' in auth) {
      this.watch(client);
      return;
    }
    // Checked again: another join may have taken the last seat since onAuth. Its change welcomes it.
    refuseJoin(() => this.table.join(client.sessionId, auth.name, auth.key));
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
    this.limiters.delete(client.sessionId);
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
      this.store.remove(this.roomId).catch((error: unknown) => this.warnSave(error));
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
    this.deliver(null, () =>
      this.sendTo(client, 'welcome', { seat: -1, view: this.table.view(), watching: true }),
    );
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

  /**
   * Writes the room's record as it is now: whether it was stored, once written; undefined when there is
   * no store. The last write of a shutdown (`closing`) is tried once, and not while the store cannot be
   * reached (what anyone saw is stored already): a failure of it is told on the console.
   */
  private save(closing = false): Promise<boolean> | undefined {
    const store = this.store;
    if (!store || !this.table || this.closing) return undefined;
    if (!closing) return this.saveDurably(store);
    if (!store.ready()) return undefined;
    return store.save(this.roomId, this.table.record(), closing).then(
      () => true,
      (error: unknown) => {
        this.warnSave(error);
        return false;
      },
    );
  }

  /**
   * Writes the room's record until it is stored (a change is shown to no one before, so the next process
   * has everything anyone saw), trying again with pauses while the database is away, its disk full, or
   * it refuses this room's record; the pages are told meanwhile ('saving') and once all is stored. False
   * only when the room is gone first.
   */
  private async saveDurably(store: RoomStore): Promise<boolean> {
    for (let attempt = 0, failed = false; ; attempt++) {
      try {
        await store.save(this.roomId, this.table.record());
        // Told after the changes that waited for it are sent.
        if (failed && --this.retrying === 0)
          this.deliver(null, () => this.broadcastMessage('saving', { waiting: false }));
        return true;
      } catch (error) {
        this.warnSave(error);
        if (!failed) {
          failed = true;
          if (this.retrying++ === 0) this.broadcastMessage('saving', { waiting: true });
        }
        if (this.disposed) {
          this.retrying--;
          return false;
        }
        const pause = SAVE_RETRY_MS[Math.min(attempt, SAVE_RETRY_MS.length - 1)]!;
        await new Promise<void>((resolve) => setTimeout(resolve, pause).unref());
      }
    }
  }

  /**
   * Sends once `saved` is done (a change is shown to no one before it is stored, so that what anyone
   * saw outlives this process), after everything sent before it; at once when nothing is waiting.
   */
  private deliver(saved: Promise<unknown> | null, send: () => void): void {
    if (!saved && this.waiting === 0) {
      send();
      return;
    }
    this.waiting++;
    this.outbox = this.outbox
      .then(() => saved)
      .then(send)
      .catch((error: unknown) => console.error(`Room ${this.roomId}: a message could not be sent:`, error))
      .finally(() => {
        this.waiting--;
      });
  }

  private warnSave(error: unknown): void {
    const now = Date.now();
    if (now - this.saveWarnedAt < SAVE_WARN_EVERY_MS) return;
    this.saveWarnedAt = now;
    console.warn(`Room ${this.roomId}: its game could not be stored:`, (error as Error)?.message ?? error);
  }

  /** A client's message: rate-limited, checked, carried out, or refused to that client alone. */
  private receive(client: Client, type: unknown, message: unknown): void {
    if (this.closing) return;
    // A message whose type is '*' itself reaches this catch-all as (client, payload, context): the
    // payload where the type should be (anything at all: an object whose toString is not a function
    // would throw out of the socket's handler and end the process), Colyseus's context as the message.
    if (isColyseusContext(message) || (typeof type !== 'string' && typeof type !== 'number')) {
      if (this.admit(client, '*'))
        this.refuse(client, new ProtocolError('bad-message', 'Unknown message'), '*');
      return;
    }
    const request = String(type).slice(0, 40);
    try {
      if (!this.admit(client, request)) return;
    } catch (error) {
      this.refuse(client, error, request);
      return;
    }
    if (this.watchers.has(client.sessionId)) {
      this.refuse(client, new ProtocolError('watching', 'One who watches plays no part'), request);
      return;
    }
    // The table carries it out after every request before it (a throw being made included).
    this.table
      .request(client.sessionId, String(type), message)
      .catch((error: unknown) => this.refuse(client, error, request));
  }

  /**
   * Whether a client's message may pass the rate limit. One over the limit is dropped, and its sender
   * told so ('too-many-messages') at most once a second.
   */
  private admit(client: Client, request: string): boolean {
    let entry = this.limiters.get(client.sessionId);
    if (!entry) {
      entry = { limiter: new RateLimiter(), warnedAt: -Infinity };
      this.limiters.set(client.sessionId, entry);
    }
    if (entry.limiter.take()) return true;
    const now = Date.now();
    if (now - entry.warnedAt >= 1000) {
      entry.warnedAt = now;
      this.deliver(null, () =>
        this.sendTo(client, 'refused', { code: 'too-many-messages', message: 'Too many messages', request }),
      );
    }
    return false;
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
   * Sends what a change brought, once stored (see `deliver`): a seat taken from a session ends its way
   * back (at once); 'thrown' (to all) comes first, then 'welcome' to `welcome` (a client that joined or
   * came back), to one let in to a seat and to those whose seat number changed, then the view to
   * everyone else; a connection whose seat moved elsewhere, or whose ask was refused, is told and let
   * go; then the computers look whether it is their turn, and the turn clock is set.
   */
  private commit(change: Change): void {
    if (change.evicted) this.evict(change.evicted);
    const view = this.table.view();
    let thrown: ServerMessages['thrown'] | undefined;
    if (change.thrown) {
      const { seconds: _seconds, trajectory, ...rest } = change.thrown;
      // The server's throwers encode the recording for the wire already (createThrower).
      thrown = {
        ...rest,
        trajectory: typeof trajectory === 'string' ? trajectory : encodeTrajectory(trajectory),
      };
    }
    const acted = change.acted ? { ...change.acted, version: view.version, clock: view.clock } : null;
    const welcomes: { client: Client; message: ServerMessages['welcome'] }[] = [];
    const welcomeTo = (client: Client | undefined, extra: Partial<ServerMessages['welcome']> = {}): void => {
      if (!client || welcomes.some((w) => w.client === client)) return;
      welcomes.push({ client, message: { seat: this.table.seatOf(client.sessionId), view, ...extra } });
    };
    if (change.welcome) {
      const { holder, key, claiming } = change.welcome;
      welcomeTo(this.clients.getById(holder), {
        ...(key ? { key } : {}),
        ...(claiming !== undefined ? { claiming } : {}),
      });
    }
    if (change.admitted)
      welcomeTo(this.clients.getById(change.admitted.holder), { key: change.admitted.key });
    for (const sessionId of change.moved ?? []) welcomeTo(this.clients.getById(sessionId));
    const letGo: { client: Client; code: RefusalCode; message: string }[] = [];
    const displaced = change.displaced ? this.clients.getById(change.displaced) : undefined;
    if (displaced) {
      letGo.push({ client: displaced, code: 'moved-elsewhere', message: 'Your seat was opened elsewhere' });
    }
    for (const sessionId of change.claimRefused ?? []) {
      const client = this.clients.getById(sessionId);
      if (client) letGo.push({ client, code: 'claim-refused', message: 'You were not let in to that seat' });
    }
    // Those welcomed have the view in their welcome; those let go need none.
    const skip = new Set<Client>([...welcomes.map((w) => w.client), ...letGo.map((l) => l.client)]);
    this.deliver(this.save() ?? null, () =>
      this.corked(() => {
        if (thrown) this.broadcastMessage('thrown', thrown);
        for (const { client, message } of welcomes) this.sendTo(client, 'welcome', message);
        // An action of the game goes as itself; the whole view only when the room changed, or the game
        // ended (its proof).
        if (acted) this.broadcastMessage('acted', acted);
        if (!acted || view.phase === 'over') this.broadcastMessage('view', view, [...skip]);
        if (change.left) this.broadcastMessage('left', { ...change.left, host: view.host });
        for (const { client, code, message } of letGo) {
          this.sendTo(client, 'refused', { code, message });
          client.leave(CLOSE_LET_GO);
        }
        this.dropStalledJoins();
      }),
    );
    this.armClock();
  }

  /** Lets go a connection that has not finished joining but has too much queued for it already. */
  private dropStalledJoins(): void {
    for (const client of this.clients) {
      const queued = (client as { _enqueuedMessages?: unknown[] })._enqueuedMessages;
      if (client.state === ClientState.JOINING && (queued?.length ?? 0) > MAX_QUEUED_FOR_JOINING) {
        client.leave(CloseCode.WITH_ERROR);
      }
    }
  }

  /** Sets the timer of the turn clock for the person's turn under way (Table.timeOut when it runs out). */
  private armClock(): void {
    const deadline = this.table.turnDeadline;
    if (deadline === this.clockFor) return;
    this.clockTimer?.clear();
    this.clockTimer = undefined;
    this.clockFor = deadline;
    if (deadline === null) return;
    this.clockTimer = this.clock.setTimeout(
      () => {
        this.clockTimer = undefined;
        if (this.closing || this.disposed) return;
        if (this.table.timeOut()) return;
        // The room's clock runs on its own ticks and may fire a little early: look again then.
        this.clockFor = null;
        this.armClock();
      },
      Math.max(0, deadline - Date.now()),
    );
  }

  /**
   * Runs `send` with every client's socket corked, so that the messages it sends a client leave in one
   * write (a throw's 'thrown' and view: a system call less per client and throw, which is most of the
   * server's own CPU time at hundreds of throws a second). The socket is the `ws` WebSocket's; where it
   * cannot be reached, messages go one by one, as they would anyway.
   */
  private corked(send: () => void): void {
    const sockets: { cork(): void; uncork(): void }[] = [];
    for (const client of this.clients) {
      const socket = (client as { ref?: { _socket?: { cork?: unknown; uncork?: unknown } } }).ref?._socket;
      if (socket && typeof socket.cork === 'function' && typeof socket.uncork === 'function') {
        const corkable = socket as { cork(): void; uncork(): void };
        corkable.cork();
        sockets.push(corkable);
      }
    }
    try {
      send();
    } finally {
      for (const socket of sockets) socket.uncork();
    }
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
  };
}

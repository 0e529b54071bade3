/**
 * The Colyseus room of one online table. It keeps no Colyseus state: every change is sent as plain
 * messages (src/online/protocol.ts): 'welcome' to a client that joins or comes back, 'thrown' before
 * the view after a throw, 'view' (the whole RoomView, version + 1) to everyone after every change, and
 * 'refused' to the sender alone, with nothing changed. The rules of the table are the Table's
 * (table.ts); the computers' turns are BotTurns' (bot-turns.ts).
 */
import { randomInt } from 'node:crypto';
import { Room, ServerError, type Client, type Deferred } from '@colyseus/core';
import { CodedError } from '../engine/index.js';
import { JOIN_REFUSED_STATUS, joinRefusalText } from '../online/join-refusal.js';
import {
  MAX_SEATS,
  RateLimiter,
  RECONNECT_SECONDS,
  parseJoin,
  type RefusalCode,
  type ServerMessages,
} from '../online/protocol.js';
import { BotTurns } from './bot-turns.js';
import { createThrower } from './dice-thrower.js';
import { Table, type Change } from './table.js';

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

/** What a joining client is known by once its join options passed. */
interface JoinAuth {
  name: string;
}

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

export class DiceRoom extends Room {
  /** Overridden by `diceRoom(config)`. */
  protected readonly config: RoomConfig = DEFAULT_ROOM_CONFIG;

  private table!: Table;
  private bots!: BotTurns;
  private readonly limiters = new Map<string, { limiter: RateLimiter; warnedAt: number }>();
  private readonly reconnections = new Map<string, Deferred<Client>>();

  override async onCreate(options: unknown): Promise<void> {
    refuseJoin(() => parseJoin(options));
    // People (and their seats waiting for them) plus a few joins under way; refusals keep it at MAX_SEATS.
    this.maxClients = 2 * MAX_SEATS;
    // Colyseus drops a client past this; the protocol's own limit (RateLimiter) refuses long before.
    this.maxMessagesPerSecond = 100;
    this.table = new Table({ roomId: this.roomId, thrower: createThrower(), newSeed: secureUint32 });
    this.bots = new BotTurns({
      table: this.table,
      delayMs: this.config.botDelayMs,
      seed: secureUint32(),
      later: (callback, ms) => this.clock.setTimeout(callback, ms),
      perform: (seat, action, gesture) => this.commit(this.table.computerAction(seat, action, gesture)),
    });
    this.onMessage('*', (client: Client, type: string | number, message: unknown) =>
      this.receive(client, type, message),
    );
    await this.setPrivate(true);
  }

  override onAuth(_client: Client, options: unknown): JoinAuth {
    return refuseJoin(() => {
      const { name } = parseJoin(options);
      this.table.checkJoin(name);
      return { name };
    });
  }

  override onJoin(client: Client, _options: unknown, auth: JoinAuth): void {
    // Checked again: another join may have taken the last seat since onAuth.
    const { seat, change } = refuseJoin(() => this.table.join(client.sessionId, auth.name));
    this.sendTo(client, 'welcome', { seat, view: this.table.view() });
    this.commit(change, client);
  }

  override onDrop(client: Client): void {
    if (!this.table.dropped(client.sessionId)) return;
    this.commit({});
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
    const seat = this.table.reconnected(client.sessionId);
    if (seat < 0) {
      client.leave();
      return;
    }
    this.sendTo(client, 'welcome', { seat, view: this.table.view() });
    this.commit({}, client);
  }

  override onLeave(client: Client): void {
    this.limiters.delete(client.sessionId);
    const change = this.table.left(client.sessionId);
    if (change) this.commit(change);
  }

  override onDispose(): void {
    this.bots?.dispose();
  }

  /** A client's message: rate-limited, checked, carried out, or refused to that client alone. */
  private receive(client: Client, type: string | number, message: unknown): void {
    const request = String(type).slice(0, 40);
    let change: Change;
    try {
      if (!this.admit(client, request)) return;
      change = this.table.request(client.sessionId, String(type), message);
    } catch (error) {
      this.refuse(client, error, request);
      return;
    }
    this.commit(change);
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
      this.sendTo(client, 'refused', { code: 'too-many-messages', message: 'Too many messages', request });
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
    this.sendTo(client, 'refused', { code, message, request });
  }

  /**
   * Sends what a change brought: a seat taken from a session ends its way back; 'thrown' (to all) comes
   * first, then 'welcome' to those whose seat number changed, then the view to everyone (but `except`,
   * who got it in its 'welcome'); then the computers look whether it is their turn.
   */
  private commit(change: Change, except?: Client): void {
    if (change.evicted) this.evict(change.evicted);
    if (change.thrown) {
      const { seconds: _seconds, ...thrown } = change.thrown;
      this.broadcastMessage('thrown', thrown);
    }
    const view = this.table.view();
    for (const sessionId of change.moved ?? []) {
      const client = this.clients.getById(sessionId);
      if (client && client !== except)
        this.sendTo(client, 'welcome', { seat: this.table.seatOf(sessionId), view });
    }
    this.broadcastMessage('view', view, except);
    this.bots.schedule(change);
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
    except?: Client,
  ): void {
    this.broadcast(type, message, except ? { except } : {});
  }
}

/** The room type of a server with this configuration. */
export function diceRoom(config: Partial<RoomConfig> = {}): typeof DiceRoom {
  const full: RoomConfig = { ...DEFAULT_ROOM_CONFIG, ...config };
  return class ConfiguredDiceRoom extends DiceRoom {
    protected override readonly config = full;
  };
}

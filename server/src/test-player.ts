/**
 * A person at an online table in a test: a real @colyseus/sdk client (what the page uses) in a room of
 * a real game server, every message it got, and waits for the next ones.
 */
import { Client, type Room } from '@colyseus/sdk';
import type { Acted, ClientMessages, RoomView, ServerMessages } from '../../src/online/protocol.js';
import { viewAfter } from '../../src/online/room-events.js';
import { within } from './within.js';

/**
 * How long a join or a leave may take before the test fails naming it: ample on a machine busy on both
 * cores (the server answers in milliseconds when quiet), and far short of a test's own limit.
 */
const ENTRY_MS = 120_000;

export type Received = {
  [K in keyof ServerMessages]: { type: K; message: ServerMessages[K] };
}[keyof ServerMessages];

/** A person at the table: their room, every message they got, and waits for the next ones. */
export class Player {
  /** Every player made and not yet left (see `dropAll`). */
  private static readonly live = new Set<Player>();
  readonly received: Received[] = [];
  private cursor = 0;
  private wake: (() => void) | undefined;

  private constructor(
    readonly room: Room,
    readonly client: Client,
  ) {
    this.listen(room);
    Player.live.add(this);
  }

  /**
   * Every player still at a table lets go of it and stops trying to get back: for a test's end, before
   * its servers stop. Left there, a client tries to reconnect for about a minute, printing each try
   * under whichever test file its worker runs then.
   */
  static dropAll(): void {
    for (const player of Player.live) {
      player.room.reconnection.enabled = false;
      player.room.connection.close();
    }
    Player.live.clear();
  }

  static async create(url: string, name: string): Promise<Player> {
    const client = new Client(url);
    return new Player(
      await within(client.create('dice', { name }), ENTRY_MS, `${name} creating a room`),
      client,
    );
  }

  static async join(url: string, roomId: string, name: string, key?: string): Promise<Player> {
    const client = new Client(url);
    const joining = client.joinById(roomId, { name, ...(key ? { key } : {}) });
    return new Player(await within(joining, ENTRY_MS, `${name} joining room ${roomId}`), client);
  }

  /** One who takes a seat on another device by its move link (a 'move-link' message's key). */
  static async move(url: string, roomId: string, key: string, name = 'Player'): Promise<Player> {
    const client = new Client(url);
    const joining = client.joinById(roomId, { name, key, move: true });
    return new Player(await within(joining, ENTRY_MS, `${name} moving a seat to room ${roomId}`), client);
  }

  /** One who watches the room by its watch link (no name, no seat). */
  static async watch(url: string, roomId: string): Promise<Player> {
    const client = new Client(url);
    const watching = client.joinById(roomId, { watch: true });
    return new Player(await within(watching, ENTRY_MS, `Watching room ${roomId}`), client);
  }

  /** The seat key this person was given (in a welcome), if any. */
  get key(): string | undefined {
    for (const got of this.received) if (got.type === 'welcome' && got.message.key) return got.message.key;
    return undefined;
  }

  /** Handlers right after the join resolves (before any message can arrive: the server waits for the ack). */
  private listen(room: Room): void {
    room.onMessage('*', (type, message) => {
      this.received.push({ type, message } as Received);
      // An action comes as itself: the view after it is the one the page works out (viewAfter), kept
      // here as a view so that a test waits for what a player would see.
      if (type === 'acted') {
        this.received.push({ type: 'view', message: viewAfter(this.view, message as Acted, true) });
      }
      this.wake?.();
    });
  }

  /** After a drop: the same session again, by the reconnection token. */
  async reconnect(token: string): Promise<void> {
    const room = await within(this.client.reconnect(token), ENTRY_MS, 'Reconnecting by token');
    (this as { room: Room }).room = room;
    this.listen(room);
  }

  send<K extends keyof ClientMessages>(type: K, message: ClientMessages[K] | unknown): void {
    this.room.send(type, message);
  }

  /**
   * The next message of this type (after those already taken) that `test` accepts. The time limit only
   * names what did not come: it is ample (a throw under way waits on the physics, which with both cores
   * busy took over 10 s), and the test's own limit bounds the rest.
   */
  async next<K extends keyof ServerMessages>(
    type: K,
    test: (message: ServerMessages[K]) => boolean = () => true,
    timeoutMs = 60_000,
  ): Promise<ServerMessages[K]> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      for (let i = this.cursor; i < this.received.length; i++) {
        const got = this.received[i]!;
        if (got.type === type && test(got.message as ServerMessages[K])) {
          this.cursor = i + 1;
          return got.message as ServerMessages[K];
        }
      }
      const left = deadline - Date.now();
      if (left <= 0)
        throw new Error(`No '${type}' came (got ${this.received.map((r) => r.type).join(', ')})`);
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, left);
        this.wake = () => {
          clearTimeout(timer);
          resolve();
        };
      });
    }
  }

  /** The latest view this player has (from a view or a welcome). */
  get view(): RoomView {
    for (let i = this.received.length - 1; i >= 0; i--) {
      const got = this.received[i]!;
      if (got.type === 'view') return got.message;
      if (got.type === 'welcome') return got.message.view;
    }
    throw new Error('No view yet');
  }

  /** Waits for the view of at least this version. */
  viewAt(version: number): Promise<RoomView> {
    return this.next('view', (view) => view.version >= version);
  }

  /** Everything received since message number `from`. */
  since(from: number): Received[] {
    return this.received.slice(from);
  }

  async leave(): Promise<void> {
    await within(this.room.leave(true), ENTRY_MS, `Leaving room ${this.room.roomId}`);
    Player.live.delete(this);
  }
}

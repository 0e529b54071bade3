/**
 * Everything a room puts on the wire, typed by the protocol (ServerMessages): a message to one client,
 * one to everyone, and the messages of a change of its table as room-fanout.ts plans them. It sends at
 * once: what must wait for a record to be stored waits in RoomSaving.deliver before it calls here. The
 * view it sends is stamped (RecordStamps: a finished game's carries the signature of its record), so
 * that no view leaves the room unstamped, whichever way it goes.
 */
import type { Client, Room } from '@colyseus/core';
import type { ServerMessages } from '../../src/online/protocol.js';
import type { Change, RoomTable } from '../../src/table/index.js';
import { corked, letGoOverQueued } from './colyseus-internals.js';
import { RecordStamps, type RecordSigner } from './record-signing.js';
import { fanout } from './room-fanout.js';
import { CLOSE_LET_GO, MAX_QUEUED_FOR_JOINING } from './room-joining.js';

export class RoomSender {
  private readonly stamps: RecordStamps;

  constructor(
    private readonly room: Room,
    private readonly table: RoomTable,
    signer: RecordSigner,
  ) {
    this.stamps = new RecordStamps(signer);
  }

  /** The table's view as it is sent: a finished game's with the signature of its record. */
  view(): ServerMessages['view'] {
    return this.stamps.stamp(this.table.view());
  }

  /** Sends `message` of `type` to `client` alone. */
  to<K extends keyof ServerMessages>(client: Client, type: K, message: ServerMessages[K]): void {
    client.send(type, message);
  }

  /** Sends `message` of `type` to every client of the room but `except`. */
  all<K extends keyof ServerMessages>(type: K, message: ServerMessages[K], except?: Client[]): void {
    this.room.broadcast(type, message, except?.length ? { except } : {});
  }

  /**
   * The messages of `change`, planned now (with the view after it and the clients as they are now:
   * a later change must not show through an earlier one's messages), sent when the function returned
   * is called (once the change is stored). Every client's socket is corked meanwhile, so that each
   * gets a change's messages in one write; the connections the change lets go are closed after them,
   * and so is one still joining with too much queued for it.
   */
  change(change: Change): () => void {
    const plan = fanout(
      change,
      this.view(),
      (id) => this.room.clients.getById(id),
      (client) => this.table.seatOf(client.sessionId),
    );
    return () =>
      corked(this.room.clients, () => {
        for (const { to, type, message, except } of plan.messages) {
          if (to) to.send(type, message);
          else this.all(type, message, except);
        }
        for (const client of plan.letGo) client.leave(CLOSE_LET_GO);
        letGoOverQueued(this.room.clients, MAX_QUEUED_FOR_JOINING);
      });
  }
}

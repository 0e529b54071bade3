/**
 * A client of the game server at the wire, for the tests of what a scripted client can do: matchmaking
 * requests as the SDK sends them (from any address a trusted proxy would give, X-Forwarded-For), and a
 * room's WebSocket opened with a seat reservation, which acknowledges its join only if asked and
 * answers pings only if asked (what @colyseus/sdk and a browser always do).
 */
import { WebSocket } from 'ws';

/** Colyseus's protocol bytes (@colyseus/shared-types). */
export const JOIN_ROOM = 10;
export const ROOM_DATA = 13;

/** A seat reservation as the matchmaker answers it. */
export interface Reservation {
  sessionId: string;
  roomId: string;
  processId: string;
}

/** A matchmaking answer: the reservation, or the status and error. */
export type Matchmade = { ok: true; reservation: Reservation } | { ok: false; status: number; error: string };

/** POSTs `/matchmake/<method>/<target>` with `options`, from `forwardedFor` when given. */
export async function matchmake(
  url: string,
  method: string,
  target: string,
  options: object,
  forwardedFor?: string,
): Promise<Matchmade> {
  const res = await fetch(new URL(`/matchmake/${method}/${target}`, url), {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      ...(forwardedFor ? { 'x-forwarded-for': forwardedFor } : {}),
    },
    body: JSON.stringify(options),
  });
  const text = await res.text();
  if (res.status !== 200) {
    let error = text;
    try {
      error = String((JSON.parse(text) as { error?: unknown }).error ?? text);
    } catch {
      // not JSON: the text as it is
    }
    return { ok: false, status: res.status, error };
  }
  const json = JSON.parse(text) as Reservation & { room?: { roomId: string; processId: string } };
  return {
    ok: true,
    reservation: {
      sessionId: json.sessionId,
      roomId: json.roomId ?? json.room!.roomId,
      processId: json.processId ?? json.room!.processId,
    },
  };
}

export interface RawSocketOptions {
  /** Acknowledge the join when the room says it is made (true: as the SDK does). */
  ack?: boolean;
  /** Answer pings (true: as every browser does). */
  autoPong?: boolean;
  /** X-Forwarded-For of the upgrade. */
  forwardedFor?: string;
}

/** A room's WebSocket at the wire. */
export class RawSocket {
  /** The close code, once closed. */
  readonly closed: Promise<number>;
  /** Resolves when the room has said the join is made (its JOIN_ROOM message). */
  readonly joined: Promise<void>;

  private constructor(readonly socket: WebSocket) {
    this.closed = new Promise((resolve) => socket.once('close', (code) => resolve(code)));
    this.joined = new Promise((resolve, reject) => {
      socket.on('message', (data: Buffer) => {
        if (data[0] === JOIN_ROOM) resolve();
      });
      void this.closed.then((code) => reject(new Error(`closed (${code}) before joining`)));
    });
    this.joined.catch(() => {});
  }

  /** Opens the WebSocket of `reservation` on the server at `url`; resolves once it is open. */
  static async open(
    url: string,
    reservation: Reservation,
    options: RawSocketOptions = {},
  ): Promise<RawSocket> {
    const { sessionId, roomId, processId } = reservation;
    const address = `${url.replace(/^http/, 'ws').replace(/\/$/, '')}/${processId}/${roomId}?sessionId=${sessionId}`;
    const socket = new WebSocket(address, {
      autoPong: options.autoPong ?? true,
      headers: options.forwardedFor ? { 'x-forwarded-for': options.forwardedFor } : {},
    });
    const raw = new RawSocket(socket);
    if (options.ack ?? true) {
      void raw.joined.then(() => socket.send(Buffer.from([JOIN_ROOM])));
    }
    await new Promise((resolve, reject) => socket.once('open', resolve).once('error', reject));
    return raw;
  }

  /** Sends `bytes` as one binary frame. */
  send(bytes: Buffer): void {
    this.socket.send(bytes);
  }

  close(): void {
    this.socket.terminate();
  }
}

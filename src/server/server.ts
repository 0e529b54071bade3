/**
 * The online game server: Colyseus (matchmaking and the rooms' WebSockets) and the built page, on one
 * port. `startServer` starts it from code (tests, benchmarks, main.ts).
 */
import { existsSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import { defineRoom, defineServer, type Server } from '@colyseus/core';
import { WebSocketTransport } from '@colyseus/ws-transport';
import { ROOM_NAME } from '../online/protocol.js';
import { diceRoom, type RoomConfig } from './DiceRoom.js';
import { serveSite } from './static-site.js';

/** Where `npm run build:app` puts the page. */
export const DEFAULT_STATIC_DIR = fileURLToPath(new URL('../../dist/app', import.meta.url));
export const DEFAULT_HOST = '127.0.0.1';
export const DEFAULT_PORT = 4173;
/** Largest WebSocket frame a client may send, bytes (a client message is at most 512 characters of JSON). */
const MAX_FRAME_BYTES = 16 * 1024;

export interface StartOptions extends Partial<RoomConfig> {
  /** Port to listen on; 0 takes a free one (read it from the result). 4173 by default. */
  port?: number;
  /** Address to listen on; 127.0.0.1 by default. */
  host?: string;
  /** The built page to serve (dist/app by default); null serves no page. */
  staticDir?: string | null;
}

export interface RunningServer {
  /** `http://host:port/`: the page, and the endpoint for @colyseus/sdk's `new Client(url)`. */
  url: string;
  host: string;
  port: number;
  /** Ends every room (clients are disconnected) and stops listening. */
  close(): Promise<void>;
}

let running: Server | undefined;

/**
 * Starts the game server and the page on one port. One per process (Colyseus's matchmaker is global);
 * another may start once the first is closed.
 * @throws Error if one is already running, or the port cannot be listened on
 */
export async function startServer(options: StartOptions = {}): Promise<RunningServer> {
  if (running) throw new Error('A game server is already running in this process');
  // Colyseus checks reconnecting sockets against the global WebSocket, which Node 20 does not have.
  globalThis.WebSocket ??= (await import('ws')).WebSocket as unknown as typeof globalThis.WebSocket;

  const { port = DEFAULT_PORT, host = DEFAULT_HOST, staticDir = DEFAULT_STATIC_DIR, ...config } = options;
  if (staticDir !== null && !existsSync(`${staticDir}/index.html`)) {
    console.warn(`No page at ${staticDir} (run npm run build:app): only the game server answers`);
  }
  const transport = new WebSocketTransport({ maxPayload: MAX_FRAME_BYTES });
  const server = defineServer({
    rooms: { [ROOM_NAME]: defineRoom(diceRoom(config)) },
    transport,
    greet: false,
    // main.ts handles the signals itself (close(), then exit).
    gracefullyShutdown: false,
    express: (app) => serveSite(app, staticDir),
  });
  running = server;
  try {
    await server.listen(port, host);
  } catch (error) {
    running = undefined;
    await server.gracefullyShutdown(false).catch(() => {});
    throw error;
  }
  const address = transport.server!.address() as AddressInfo;
  const shownHost = address.family === 'IPv6' ? `[${address.address}]` : address.address;
  let closing: Promise<void> | undefined;
  return {
    url: `http://${shownHost}:${address.port}/`,
    host: address.address,
    port: address.port,
    close: () =>
      (closing ??= server.gracefullyShutdown(false).finally(() => {
        if (running === server) running = undefined;
      })),
  };
}

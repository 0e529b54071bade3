/**
 * One room's failed save never fails or delays another's, end to end, on both databases: a game server
 * process (as `npm run serve` runs it) on the embedded database in a data folder of its own, and on a
 * PostgreSQL server this file starts itself (stopped by its pid). Before the server starts, the database
 * is given a trigger that refuses the record of any game under way with a seat named Kaarel (that
 * room's start can never be stored), and takes its time over one with a seat named Toomas (so that the
 * writes that come meanwhile gather into one batch: the refused room's and another room's move). The
 * refused room's players are told the server is saving and are shown nothing of its start; the other
 * room's move in the same batch, and every move after it, is stored and shown at once (its players are
 * never told 'saving'), though the refused room tries again all along.
 */
import { rmSync } from 'node:fs';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ROWS } from '../../src/engine/index.js';
import { openDatabase, RoomRecords } from './database/index.js';
import { startPostgres, type PostgresServer } from './database/test-postgres.js';
import { freshDataDir, spawnServer, type ServerProcess } from './processes.js';
import { storedBody } from './stored-body.js';
import { Player } from './test-player.js';

const GESTURE = { gesture: { dirX: 0.1, dirZ: -1, speed: 11 } };
/** Longest wait for a message, ms: a machine busy with other work may be slow, the database slower. */
const WAIT_MS = 30_000;
/**
 * Rounds the other room plays while the refused one waits, and a throw after them: 14 messages from its
 * host with the start, within the rate limit's burst (16).
 */
const ROUNDS = 6;
/**
 * How long the database takes over the slow room's write, seconds: the moves sent meanwhile reach the
 * server long before (were one late, it would be written in a batch of its own: the test would pass
 * without showing a batch shared with the refused room, never fail for it).
 */
const SLOW_SECONDS = 1.5;

type DatabaseEnv = { DATA_DIR: string } | { DATABASE_URL: string };

/** The embedded database's data folder, once made. */
let dataDir: string | undefined;
let postgres: PostgresServer | undefined;
const servers: ServerProcess[] = [];

// Ample: a process started here takes a minute to be ready with both cores busy.
beforeAll(async () => {
  postgres = await startPostgres({ fsync: 'off' });
}, 180_000);

afterEach(async () => {
  // Before the servers stop: their players would try to reconnect for a minute.
  Player.dropAll();
  for (const server of servers.splice(0)) await server.stop('SIGKILL');
});

afterAll(async () => {
  await postgres?.stop('immediate');
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
}, 60_000);

const BACKENDS: { name: string; env: () => Promise<DatabaseEnv> }[] = [
  // A copy of the database the tests' setup made: making one here would cost seconds of CPU more.
  { name: 'the embedded database (PGlite)', env: async () => ({ DATA_DIR: (dataDir = freshDataDir()) }) },
  {
    name: 'a PostgreSQL server',
    env: async () => ({ DATABASE_URL: await postgres!.createDatabase('failed_save') }),
  },
];

/**
 * Makes the database (migrated first) refuse every write of a room whose game is under way with a seat
 * named `refused` (a record the database does not take, whoever writes it), and take `slowSeconds` over
 * every write of one with a seat named `slow`.
 */
async function markRooms(
  env: DatabaseEnv,
  refused: string,
  slow: string,
  slowSeconds: number,
): Promise<void> {
  const db = await openDatabase(env);
  try {
    await db.query(`
      CREATE FUNCTION mark_rooms() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF NEW.phase = 'playing' AND NEW.record::text LIKE '%"name":"${refused}"%' THEN
          RAISE EXCEPTION 'this test refuses the record of room %', NEW.room_id;
        END IF;
        IF NEW.phase = 'playing' AND NEW.record::text LIKE '%"name":"${slow}"%' THEN
          PERFORM pg_sleep(${slowSeconds});
        END IF;
        RETURN NEW;
      END $$`);
    await db.query(`
      CREATE TRIGGER mark_rooms BEFORE INSERT OR UPDATE ON rooms
      FOR EACH ROW EXECUTE FUNCTION mark_rooms()`);
  } finally {
    await db.close();
  }
}

/** Two people at a new table, in its lobby. */
async function table(url: string, host: string, guest: string): Promise<[Player, Player, string]> {
  const first = await Player.create(url, host);
  const roomId = (await first.next('welcome', () => true, WAIT_MS)).view.roomId;
  const second = await Player.join(url, roomId, guest);
  await second.next('welcome', () => true, WAIT_MS);
  await first.next('view', (v) => v.seats.length === 2, WAIT_MS);
  return [first, second, roomId];
}

// Ample: a process started here takes a minute to be ready with both cores busy.
describe.each(BACKENDS)('a room whose record cannot be stored, on $name', { timeout: 300_000 }, (backend) => {
  it('waits and says it is saving, while another room’s every move is stored and shown at once', async () => {
    const env = await backend.env();
    await markRooms(env, 'Kaarel', 'Toomas', SLOW_SECONDS);
    // Many rooms and clients from this machine: loopback is not limited here.
    const server = await spawnServer('game server', { ...env, THROW_WORKERS: '1', LIMIT_LOOPBACK: '0' });
    servers.push(server);
    const [mari, kaarel, refusedId] = await table(server.url, 'Mari', 'Kaarel');
    const [anu, peeter, playedId] = await table(server.url, 'Anu', 'Peeter');
    const [liis] = await table(server.url, 'Liis', 'Toomas');
    anu.send('start', {});
    await peeter.next('view', (v) => v.phase === 'playing', WAIT_MS);
    const players = [anu, peeter];

    // While the slow room's start is being written, Mari and Kaarel's start and Anu's first throw come:
    // they are written together next. Mari and Kaarel's cannot be stored: they are told, and shown
    // nothing of it; Anu's throw is stored and shown to both at once.
    const before = kaarel.received.length;
    liis.send('start', {});
    mari.send('start', {});
    anu.send('throw', GESTURE);
    for (const player of players) {
      expect(await player.next('thrown', () => true, WAIT_MS)).toMatchObject({ seat: 0, number: 0 });
    }
    expect(await mari.next('saving', () => true, WAIT_MS)).toEqual({ waiting: true });
    expect(await kaarel.next('saving', () => true, WAIT_MS)).toEqual({ waiting: true });
    anu.send('score', { row: ROWS[0]! });

    // They play on meanwhile, each move shown to both as soon as it is stored: a throw and a score each,
    // round after round (each throw's 'thrown' comes after every change before it).
    let throws = 1;
    for (let round = 0; round <= ROUNDS; round++) {
      for (const [seat, mover] of players.entries()) {
        if (round === 0 && seat === 0) continue; // Anu's first turn, above
        mover.send('throw', GESTURE);
        for (const player of players) {
          expect(await player.next('thrown', () => true, WAIT_MS)).toMatchObject({ seat, number: throws });
        }
        throws++;
        if (round === ROUNDS) break;
        mover.send('score', { row: ROWS[round]! });
      }
    }
    for (const player of players) expect(player.received.map((r) => r.type)).not.toContain('saving');

    // All that while the refused room tried again, and showed nothing.
    expect(kaarel.since(before).map((r) => r.type)).toEqual(['saving']);
    expect(kaarel.view.phase).toBe('lobby');

    // What was shown is what is stored: every move of the game played, the refused one still in its lobby.
    await server.stop('SIGKILL');
    const db = await openDatabase(env);
    try {
      const rooms = new RoomRecords(db);
      const played = (await rooms.load(playedId))!;
      expect(storedBody(played.record, played.parts).table.game?.gestures).toHaveLength(throws);
      expect((await rooms.load(refusedId))?.phase).toBe('lobby');
    } finally {
      await db.close();
    }
  });
});

/**
 * The attack that once let a player choose her dice, run against a real server: read a throw's launch
 * (the first frame of its trajectory), search the seed that makes it, then predict the next throw.
 *
 * Against the old scheme (every throw seed the next output of the game's 32-bit generator) the same
 * search, run here over a game seed range small enough for a test, recovers the game and predicts the
 * next throw exactly: the attack is real and this test would see it work. Against the server, where
 * each throw's seed is HMAC-SHA-256(secret, n), the search does recover each throw's own seed (given a
 * window around it: the full 2^32 search only takes longer), but nothing found predicts the next one,
 * and the secret is in no message before the game ends.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  apply,
  freeRows,
  newGame,
  throwSeed as engineThrowSeed,
  MAX_HOLD_CHANGES,
  type Game,
} from '../../src/engine/index.js';
import { DiceWorld } from '../../src/physics/DiceWorld.js';
import { decodeTrajectory, recordThrow, type Trajectory } from '../../src/physics/trajectory.js';
import type { Gesture } from '../../src/physics/types.js';
import { gestureOf } from '../../src/online/fairness.js';
import { MESSAGES_PER_SECOND } from '../../src/online/protocol.js';
import { startServer, type RunningServer } from './server.js';
import { Player } from './test-player.js';
import { throwSeed } from './throw-secret.js';

const world = new DiceWorld();

/** The launch (first frame) the physics makes from this seed: what the attacker compares. */
function launchFrom(game: Game, seed: number, gesture: Gesture): Float32Array {
  world.place(game.dice, game.held);
  world.startThrow(seed, gesture, game.held);
  const frame = new Float32Array(35);
  const pose = { x: 0, y: 0, z: 0, qx: 0, qy: 0, qz: 0, qw: 1 };
  for (let i = 0; i < 5; i++) {
    world.pose(i, pose);
    frame.set([pose.x, pose.y, pose.z, pose.qx, pose.qy, pose.qz, pose.qw], i * 7);
  }
  return frame;
}

/** Whether a launch made here is the one seen (the wire keeps 1e-3 of a unit). */
function matches(seen: Trajectory, made: Float32Array): boolean {
  for (let i = 0; i < 35; i++) if (Math.abs(seen.poses[i]! - made[i]!) > 2e-3) return false;
  return true;
}

/** The seeds among `candidates` whose launch is the one seen: the attacker's search. */
function searchSeed(seen: Trajectory, game: Game, gesture: Gesture, candidates: Iterable<number>): number[] {
  const found: number[] = [];
  for (const seed of candidates) if (matches(seen, launchFrom(game, seed, gesture))) found.push(seed);
  return found;
}

function* range(from: number, to: number): Generator<number> {
  for (let n = Math.max(0, from); n < to; n++) yield n >>> 0;
}

const GAME_SEEDS = 1 << 13;
const gestureA = { dirX: 0.15, dirZ: -1, speed: 11 };
const gestureB = { dirX: -0.3, dirZ: -0.9, speed: 14 };

/** The throw the physics makes of `game`'s dice from this seed. */
function throwFrom(game: Game, seed: number, gesture: Gesture) {
  world.place(game.dice, game.held);
  return recordThrow(world, seed, gesture, game.held);
}

describe('the attack on the old scheme (a check that the attack works)', () => {
  it('recovers the game seed from the first launch and predicts the next throw exactly', () => {
    const players = ['Mari', 'Jüri'];
    const secretSeed = 5171; // the game's seed, unknown to the attacker, within the range searched
    let game = newGame({ players, seed: secretSeed });
    // The old server: a throw's seed was the engine's next draw.
    const first = throwFrom(game, engineThrowSeed(game), gestureA);
    // The attacker searches game seeds whose first throw seed launches as seen.
    const found = [...range(0, GAME_SEEDS)].filter((g) =>
      matches(first.trajectory, launchFrom(game, engineThrowSeed(newGame({ players, seed: g })), gestureA)),
    );
    expect(found).toEqual([secretSeed]);
    // ...and knows the next throw before it is made.
    const faces = first.result.faces;
    game = apply(game, { type: 'roll', faces });
    const copy = apply(newGame({ players, seed: found[0]! }), { type: 'roll', faces });
    const predicted = throwFrom(game, engineThrowSeed(copy), gestureB).result.faces;
    expect(predicted).toEqual(throwFrom(game, engineThrowSeed(game), gestureB).result.faces);
  });
});

let server: RunningServer;
beforeAll(async () => {
  server = await startServer({ port: 0, staticDir: null, botDelayMs: 0, throwWorkers: 0 });
});
afterAll(async () => {
  await server?.close();
});

describe('the attack on the server', { timeout: 60_000 }, () => {
  it('finds each throw’s own seed, yet predicts no next throw, and never sees the secret before the end', async () => {
    const host = await Player.create(server.url, 'Mari');
    await host.next('welcome');
    host.send('add-bot', { kind: 'easy' });
    await host.next('view', (v) => v.seats.length === 2);
    host.send('start', {});
    let view = await host.next('view', (v) => v.phase === 'playing');
    // The host throws once a turn and scores; the computer plays its own turns.
    while (view.phase === 'playing') {
      if (view.game!.current === 0 && view.game!.rollsUsed === 0) host.send('throw', { gesture: gestureA });
      else if (view.game!.current === 0) host.send('score', { row: freeRows(view.game!)[0]! });
      view = await host.next('view', (v) => v.phase === 'over' || v.game!.current === 0);
    }
    // After the last action, the whole view of the game's end, with its proof.
    view = await host.next('view', (v) => !!v.proof?.secret);
    const secret = view.proof!.secret!;
    const beforeEnd = host.received.filter((r) => !(r.type === 'view' && r.message.phase === 'over'));
    expect(JSON.stringify(beforeEnd)).not.toContain(secret);

    // Replay what the page saw, throw by throw.
    const thrown = host.received.flatMap((r) => (r.type === 'thrown' ? [r.message] : []));
    let game = newGame({ players: view.game!.players.map((p) => p.name), rules: view.game!.rules, seed: 0 });
    let predictedRight = 0;
    let searched = 0;
    for (const action of view.game!.log) {
      if (action.type === 'roll') {
        const t = thrown.find((m) => m.number === searched)!;
        const seen = decodeTrajectory(t.trajectory);
        const truth = throwSeed(secret, t.number);
        if (t.number < 6) {
          // The search finds the throw's seed (a window around it stands in for the full 2^32 search).
          expect(searchSeed(seen, game, gestureOf(t.gesture), range(truth - 2048, truth + 2048))).toEqual([
            truth,
          ]);
          // With it, the old attack's next step finds no game seed that made it...
          expect(
            [...range(0, GAME_SEEDS)].some(
              (g) => engineThrowSeed(newGame({ players: ['a'], seed: g })) === truth,
            ),
          ).toBe(false);
        }
        // ...and no rule of the old kind predicts the next throw's seed from this one.
        const next = thrown.find((m) => m.number === searched + 1);
        if (next) {
          const guesses = [
            engineThrowSeed({ ...game, rng: truth }),
            (truth + 0x6d2b79f5) >>> 0,
            (truth + 1) >>> 0,
          ];
          if (guesses.includes(throwSeed(secret, next.number))) predictedRight++;
        }
        searched++;
      }
      game = apply(game, action);
    }
    expect(searched).toBeGreaterThanOrEqual(26);
    expect(predictedRight).toBe(0);
  });
});

/** Waits as long as a client keeping to MESSAGES_PER_SECOND waits between two messages. */
const paced = () => new Promise((resolve) => setTimeout(resolve, 1000 / MESSAGES_PER_SECOND));

describe('a request that changes nothing', { timeout: 60_000 }, () => {
  it('is refused no-change and never logged, and a fidgeting player’s holds stop at the bound', async () => {
    const host = await Player.create(server.url, 'Mari');
    await host.next('welcome');
    host.send('add-bot', { kind: 'easy' });
    await host.next('view', (v) => v.seats.length === 2);
    host.send('start', {});
    await host.next('view', (v) => v.phase === 'playing');
    host.send('throw', { gesture: gestureA });
    await host.next('view', (v) => v.game!.rollsUsed === 1);
    host.send('hold', { index: 0, held: true });
    const held = await host.next('view', (v) => v.game!.held[0] === true);

    // The attack: the same hold again, as fast as the room takes messages.
    for (let i = 0; i < 6; i++) host.send('hold', { index: 0, held: true });
    for (let i = 0; i < 6; i++) expect((await host.next('refused')).code).toBe('no-change');
    expect(host.view.version).toBe(held.version);
    expect(host.view.game!.log).toEqual(held.game!.log);

    // Changes of mind are taken up to the bound, then refused: the turn's log cannot grow further.
    // (Sent no faster than the room's rate of messages, which the attack above used up.)
    let changes = 1;
    while (changes < MAX_HOLD_CHANGES) {
      await paced();
      host.send('hold', { index: 1, held: changes % 2 === 1 });
      await host.next('view', (v) => v.version === held.version + changes);
      changes++;
    }
    await paced();
    host.send('hold', { index: 2, held: true });
    expect((await host.next('refused')).code).toBe('too-many-holds');
    const last = host.view;
    expect(last.game!.log.filter((a) => a.type === 'hold')).toHaveLength(MAX_HOLD_CHANGES);
    // The throw goes on with what is held.
    await paced();
    host.send('throw', { gesture: gestureB });
    const after = await host.next('view', (v) => v.game!.rollsUsed === 2);
    expect(after.game!.dice[0]).toBe(last.game!.dice[0]);
    await host.leave();
  });
});

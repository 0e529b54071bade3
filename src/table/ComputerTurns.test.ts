/**
 * The one runner of computer seats (ComputerTurns), with the engine's bots as its policy and a clock the
 * test runs by hand: it plays a table of computers to the end, pauses and goes on, skips the pauses of a
 * turn, falls back to a legal action when its policy fails, and stops for good once disposed.
 */
import { describe, expect, it, vi } from 'vitest';
import { createBot, type Bot, type BotId } from '../engine/bots/index.js';
import { ROWS, type Action, type Game } from '../engine/index.js';
import {
  ComputerTurns,
  ENGINE_SEEDS,
  PAGE_HOLDER,
  RoomTable,
  Table,
  type ComputerPolicy,
  type ComputerTurnsOptions,
  type LocalSetup,
  type ThrowInput,
  type ThrowOutcome,
  type Thrower,
  type Timer,
} from './index.js';

/** Every die not held lands on a face that goes round 1..6, throw by throw: no physics. */
function roundFaces(): Thrower {
  let n = 0;
  return ({ dice, held }) => ({
    faces: dice.map((f, i) => (held[i] ? f : ((n++ * 7) % 6) + 1)),
    trajectory: 'AQA8AAEA',
    seconds: 1.5,
  });
}

/** The engine's bots, one per seat and kind. */
function enginePolicy(): ComputerPolicy {
  const bots = new Map<string, Bot>();
  return {
    next(kind: BotId, seat: number, game: Game): Action {
      const key = `${seat}:${kind}`;
      let bot = bots.get(key);
      if (!bot) bots.set(key, (bot = createBot(kind, { seed: seat + 1 })));
      return bot.next(game);
    },
  };
}

/** A clock run by hand: `later` only lists its timers; `runNext` runs the one due (there is one at most). */
interface HandTimer {
  callback: () => void;
  ms: number;
  cleared: boolean;
}

class HandClock {
  readonly timers: HandTimer[] = [];
  later = (callback: () => void, ms: number): Timer => {
    const timer: HandTimer = { callback, ms, cleared: false };
    this.timers.push(timer);
    return {
      clear: () => {
        timer.cleared = true;
      },
    };
  };

  /** The timers set and not cleared nor run yet. */
  get pending(): HandTimer[] {
    return this.timers.filter((t) => !t.cleared);
  }

  /** Runs the timer due, then lets what it started run to its end. */
  async runNext(): Promise<number> {
    const due = this.pending;
    expect(due).toHaveLength(1);
    const timer = due[0]!;
    timer.cleared = true;
    timer.callback();
    await settle();
    return timer.ms;
  }
}

/** Lets every promise started so far run to its end (the fake throws land at once). */
function settle(): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, 0));
}

const COMPUTERS: LocalSetup = {
  players: ['Easy', 'Good', 'Easy too'],
  kinds: ['easy', 'good', 'easy'],
  seed: 11,
};

/** A table of computers in the page; a RoomTable, so that tests may drop and bring back its people. */
function computersTable(setup: LocalSetup = COMPUTERS, thrower: Thrower = roundFaces()): RoomTable {
  return RoomTable.local({ roomId: 'local', thrower, seeds: ENGINE_SEEDS, timed: false }, setup);
}

function runner(table: Table, clock: HandClock, options: Partial<ComputerTurnsOptions> = {}): ComputerTurns {
  return new ComputerTurns({
    table,
    policy: enginePolicy(),
    delayMs: 700,
    seed: 5,
    later: clock.later,
    pauseAfter: (change) => (change.thrown ? change.thrown.seconds * 1000 : 0),
    ...options,
  });
}

/** The computer to act takes its next action, made here (not by a runner). */
async function actByHand(table: Table): Promise<void> {
  const turn = table.computerToAct()!;
  await table.computerAction(turn.seat, createBot('good').next(table.game!), { dirX: 0, dirZ: -1, speed: 9 });
}

/** Runs the hand clock until the game is over; the pauses it waited, in order. */
async function playOut(table: Table, clock: HandClock): Promise<number[]> {
  const pauses: number[] = [];
  for (let steps = 0; table.phase === 'playing'; steps++) {
    if (steps > 3000) throw new Error('The game does not end');
    pauses.push(await clock.runNext());
  }
  return pauses;
}

describe('the computers of a table', () => {
  it('play a table of computers to the end, one action a pause, a throw’s own time after it', async () => {
    const table = computersTable();
    const clock = new HandClock();
    const computers = runner(table, clock);
    expect(computers.active).toBe(true);
    const log: { thrown: boolean; version: number }[] = [];
    table.subscribe((change) => log.push({ thrown: !!change.thrown, version: table.version }));
    const pauses = await playOut(table, clock);
    expect(table.phase).toBe('over');
    for (const player of table.game!.players) expect(Object.keys(player.scores)).toHaveLength(ROWS.length);
    // One action per pause: the first after the plain pause, each after a throw's with its duration too.
    expect(pauses).toHaveLength(table.game!.log.length);
    expect(log).toHaveLength(table.game!.log.length);
    expect(pauses[0]).toBe(700);
    for (let i = 1; i < pauses.length; i++) expect(pauses[i]).toBe(log[i - 1]!.thrown ? 2200 : 700);
    expect(computers.active).toBe(false);
    expect(clock.pending).toHaveLength(0);
  });

  it('play at once with no pause (delay 0), on a real timer', async () => {
    const table = computersTable();
    const computers = new ComputerTurns({
      table,
      policy: enginePolicy(),
      delayMs: 0,
      seed: 1,
      later: (callback, ms) => {
        const id = setTimeout(callback, ms);
        return { clear: () => clearTimeout(id) };
      },
    });
    await vi.waitFor(() => expect(table.phase).toBe('over'), { timeout: 20_000, interval: 5 });
    computers.dispose();
  });

  it('wait for a person: a computer acts only on its own turn, and after the person’s action', async () => {
    const table = computersTable({ players: ['Mari', 'Arvuti'], kinds: ['human', 'good'], seed: 2 });
    const clock = new HandClock();
    runner(table, clock);
    expect(clock.pending).toHaveLength(0);
    await table.request(PAGE_HOLDER, 'throw', { gesture: { dirX: 0, dirZ: -1, speed: 10 } });
    expect(clock.pending).toHaveLength(0);
    await table.request(PAGE_HOLDER, 'score', { row: 'chance' });
    expect(clock.pending).toEqual([expect.objectContaining({ ms: 700 })]);
    while (table.game!.current === 1) await clock.runNext();
    expect(table.game!.players[1]!.scores).not.toEqual({});
    expect(clock.pending).toHaveLength(0);
  });

  it('stop on pause() and go on from where they were on resume()', async () => {
    const table = computersTable();
    const clock = new HandClock();
    const computers = runner(table, clock);
    for (let i = 0; i < 5; i++) await clock.runNext();
    const version = table.version;
    computers.pause();
    expect(clock.pending).toHaveLength(0);
    // Paused: nothing is planned, even after a change (here an action made for a computer by hand).
    await actByHand(table);
    await settle();
    expect(clock.pending).toHaveLength(0);
    expect(table.version).toBe(version + 1);
    computers.resume();
    expect(clock.pending).toHaveLength(1);
    await playOut(table, clock);
    expect(table.phase).toBe('over');
  });

  it('drop an action chosen while paused (the policy still thinking)', async () => {
    const table = computersTable();
    const clock = new HandClock();
    let answer: ((action: Action) => void) | undefined;
    const computers = runner(table, clock, {
      policy: { next: () => new Promise<Action>((resolve) => (answer = resolve)) },
    });
    await clock.runNext();
    expect(answer).toBeDefined();
    computers.pause();
    const version = table.version;
    answer!({ type: 'roll' });
    await settle();
    expect(table.version).toBe(version);
    expect(table.game!.rollsUsed).toBe(0);
  });

  it('skip(): the rest of the computer’s turn is played without pauses, the next turn with them again', async () => {
    const table = computersTable();
    const clock = new HandClock();
    const computers = runner(table, clock);
    await clock.runNext(); // the first throw of seat 0
    expect(table.game).toMatchObject({ current: 0, rollsUsed: 1 });
    expect(clock.pending).toEqual([expect.objectContaining({ ms: 2200 })]);
    computers.skip();
    // The plan is made again at once, with no pause.
    expect(clock.pending).toEqual([expect.objectContaining({ ms: 0 })]);
    const pauses: number[] = [];
    while (table.game!.current === 0) pauses.push(await clock.runNext());
    expect(pauses.every((ms) => ms === 0)).toBe(true);
    expect(table.game!.players[0]!.scores).not.toEqual({});
    // Seat 1's turn: pauses again.
    expect(clock.pending).toEqual([expect.objectContaining({ ms: 700 })]);
    // Nothing to skip on a person's turn, or once the game is over.
    await playOut(table, clock);
    computers.skip();
    expect(clock.pending).toHaveLength(0);
  });

  it('fall back to a legal action when the policy throws: the game still ends', async () => {
    const table = computersTable();
    const clock = new HandClock();
    const warn = vi.fn();
    runner(table, clock, {
      policy: {
        next: () => {
          throw new Error('no bot');
        },
      },
      warn,
    });
    await playOut(table, clock);
    expect(table.phase).toBe('over');
    expect(warn).toHaveBeenCalledWith('A computer player failed to choose:', expect.any(Error));
    // The fallback throws once and scores the best row.
    expect(table.game!.log.filter((a) => a.type === 'roll')).toHaveLength(ROWS.length * 3);
  });

  it('fall back to a legal action when the policy answers an illegal one (or a rejected promise)', async () => {
    const table = computersTable();
    const clock = new HandClock();
    const warn = vi.fn();
    const illegal: Action[] = [
      { type: 'score', row: 'ones' }, // before a throw, or filled
      { type: 'hold', index: 7, held: true },
      { type: 'roll' }, // past the third throw, or all held
    ];
    let n = 0;
    runner(table, clock, {
      policy: {
        next: (_kind, _seat, game) => {
          n++;
          if (n % 4 === 0) return Promise.reject(new Error('worker gone'));
          // Good moves now and then, so that the game reaches the rolls that are illegal.
          if (n % 3 === 0) return createBot('good').next(game);
          return game.rollsUsed === 3 ? illegal[2]! : illegal[n % 2]!;
        },
      },
      warn,
    });
    await playOut(table, clock);
    expect(table.phase).toBe('over');
    expect(warn).toHaveBeenCalledWith(expect.stringMatching(/was refused/), expect.anything());
    expect(warn).toHaveBeenCalledWith('A computer player failed to choose:', expect.any(Error));
    expect(warn).not.toHaveBeenCalledWith('A computer player is stuck:', expect.anything());
  });

  it('do nothing more once disposed', async () => {
    const table = computersTable();
    const clock = new HandClock();
    const computers = runner(table, clock);
    await clock.runNext();
    expect(clock.pending).toHaveLength(1);
    computers.dispose();
    expect(clock.pending).toHaveLength(0);
    expect(computers.active).toBe(false);
    const version = table.version;
    // A change no longer reaches it; resume() does not bring it back.
    await actByHand(table);
    computers.resume();
    computers.schedule();
    await settle();
    expect(clock.pending).toHaveLength(0);
    expect(table.version).toBe(version + 1);
  });

  it('drop an action chosen while disposed (the policy still thinking)', async () => {
    const table = computersTable();
    const clock = new HandClock();
    let answer: ((action: Action) => void) | undefined;
    const computers = runner(table, clock, {
      policy: { next: () => new Promise<Action>((resolve) => (answer = resolve)) },
    });
    await clock.runNext();
    computers.dispose();
    const version = table.version;
    answer!({ type: 'roll' });
    await settle();
    expect(table.version).toBe(version);
  });

  it('throw once where they mean to, though the table changes while their throw is in the air', async () => {
    const waiting: { input: ThrowInput; resolve(outcome: ThrowOutcome): void }[] = [];
    const thrower: Thrower = (input) =>
      new Promise<ThrowOutcome>((resolve) => waiting.push({ input, resolve }));
    const table = computersTable({ players: ['Arvuti', 'Mari'], kinds: ['good', 'human'], seed: 4 }, thrower);
    const clock = new HandClock();
    const warn = vi.fn();
    runner(table, clock, {
      delayMs: 0,
      warn,
      // Throws once a turn, then scores chance.
      policy: {
        next: (_kind, _seat, game) =>
          game.rollsUsed === 0 ? { type: 'roll' } : { type: 'score', row: 'chance' },
      },
    });
    await clock.runNext();
    expect(waiting).toHaveLength(1);
    // Mari's connection drops and comes back meanwhile: each a change the runner looks at.
    table.dropped(PAGE_HOLDER);
    while (clock.pending.length > 0) await clock.runNext();
    table.reconnected(PAGE_HOLDER);
    while (clock.pending.length > 0) await clock.runNext();
    const { input, resolve } = waiting.shift()!;
    resolve({ faces: input.dice.map(() => 4), trajectory: '', seconds: 0 });
    await settle();
    while (clock.pending.length > 0) await clock.runNext();
    expect(waiting).toHaveLength(0);
    expect(table.game!.log).toEqual([
      { type: 'roll', faces: [4, 4, 4, 4, 4] },
      { type: 'score', row: 'chance' },
    ]);
    expect(table.game!.current).toBe(1);
    expect(warn).not.toHaveBeenCalled();
  });

  it('never make an action chosen for dice a throw in the air is about to change', async () => {
    // A stand-in plays the rest of Mari's turn while her throw is in the air (she left meanwhile).
    const waiting: { input: ThrowInput; resolve(outcome: ThrowOutcome): void }[] = [];
    const thrower: Thrower = (input) =>
      new Promise<ThrowOutcome>((resolve) => waiting.push({ input, resolve }));
    const land = (face: number): void => {
      const { input, resolve } = waiting.shift()!;
      resolve({ faces: input.dice.map((f, i) => (input.held[i] ? f : face)), trajectory: '', seconds: 0 });
    };
    const table = computersTable({ players: ['Mari', 'Arvuti'], kinds: ['human', 'easy'], seed: 4 }, thrower);
    const clock = new HandClock();
    const chosen: { rollsUsed: number; action: Action }[] = [];
    runner(table, clock, {
      delayMs: 0,
      policy: {
        // Throws once a turn, then scores chance (or the first free row).
        next: (_kind, _seat, game) => {
          const action: Action =
            game.rollsUsed === 0
              ? { type: 'roll' }
              : {
                  type: 'score',
                  row: game.players[game.current]!.scores.chance === undefined ? 'chance' : 'ones',
                };
          chosen.push({ rollsUsed: game.rollsUsed, action });
          return action;
        },
      },
    });
    const thrown = table.request(PAGE_HOLDER, 'throw', { gesture: { dirX: 0, dirZ: -1, speed: 10 } });
    await settle();
    expect(waiting).toHaveLength(1);
    table.left(PAGE_HOLDER); // a stand-in plays Mari's seat now
    expect(table.computerToAct()).toEqual({ seat: 0, kind: expect.any(String) });
    // The runner looks at the table as it is (the throw not landed yet).
    while (clock.pending.length > 0) await clock.runNext();
    land(3);
    await thrown;
    await settle();
    while (clock.pending.length > 0 && table.game!.current === 0) {
      await clock.runNext();
      while (waiting.length > 0) {
        land(2);
        await settle();
      }
    }
    // Mari's turn: her one throw and the stand-in's score of it, nothing thrown on dice it never saw.
    const mine = table.game!.log.slice(0, 2);
    expect(mine).toEqual([
      { type: 'roll', faces: [3, 3, 3, 3, 3] },
      { type: 'score', row: 'chance' },
    ]);
    expect(table.game!.current).toBe(1);
  });
});

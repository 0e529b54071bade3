/**
 * The table's authority as the page and the server share it, tested once in Node with plain ports (no
 * seat keys, names as given, the engine's own seeds): a game on one screen from start to end, the turn
 * gate, requests made while a throw is in the air, changes told once each, refusals that change nothing,
 * seeded games that replay, and a saved game played on.
 */
import { describe, expect, it } from 'vitest';
import { createBot } from '../engine/bots/index.js';
import { apply, freeRows, newGame, replay, ROWS, setupOf, type Action, type Game } from '../engine/index.js';
import { parseClientMessage, publicGame } from '../online/protocol.js';
import type { Gesture } from '../physics/types.js';
import {
  createThrower,
  ENGINE_SEEDS,
  PAGE_HOLDER,
  Table,
  type Change,
  type LocalSetup,
  type TablePorts,
  type ThrowInput,
  type ThrowOutcome,
  type Thrower,
} from './index.js';
import { personMayAct } from './turn-gate.js';

const GESTURE: Gesture = { dirX: 0, dirZ: -1, speed: 10 };

/** The turn gate (personMayAct) asked of the table's view for the seats `holder` holds. */
function mayAct(t: Table, holder: string): boolean {
  return personMayAct(t.view(), (seat) => t.seats[seat]!.holder === holder);
}

/** Every die not held lands on `face`: no physics. */
function landsOn(face: number): Thrower {
  return ({ dice, held }) => ({
    faces: dice.map((f, i) => (held[i] ? f : face)),
    trajectory: 'AQA8AAEA',
    seconds: 1,
  });
}

/** A thrower whose throws land only when the test says so (`land`), each as `landsOn(face)` would. */
function heldThrower(): {
  thrower: Thrower;
  /** The throws asked for and not landed yet. */
  pending: ThrowInput[];
  /** Lands the oldest throw in the air on `face` (or fails it with `error`). */
  land(face: number): void;
  fail(error: unknown): void;
} {
  const waiting: { input: ThrowInput; resolve(outcome: ThrowOutcome): void; reject(e: unknown): void }[] = [];
  const pending: ThrowInput[] = [];
  return {
    pending,
    thrower: (input) =>
      new Promise<ThrowOutcome>((resolve, reject) => {
        waiting.push({ input, resolve, reject });
        pending.push(input);
      }),
    land(face) {
      const next = waiting.shift()!;
      pending.shift();
      next.resolve(landsOn(face)(next.input) as ThrowOutcome);
    },
    fail(error) {
      const next = waiting.shift()!;
      pending.shift();
      next.reject(error);
    },
  };
}

/**
 * Plain ports: the page's (no keys, names as given, the engine's seeds, no clock), with every message
 * checked as the server checks it, so that what is refused here is refused in both places.
 */
function ports(thrower: Thrower = landsOn(6)): TablePorts {
  return { roomId: 'local', thrower, seeds: ENGINE_SEEDS, timed: false, parse: parseClientMessage };
}

const TWO_AND_A_COMPUTER: LocalSetup = {
  players: ['Mari', 'Jüri', 'Arvuti'],
  kinds: ['human', 'human', 'good'],
  seed: 7,
};

/** Lets every request queued so far run up to a throw in the air (or to its end). */
function settle(): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, 0));
}

async function codeOf(call: () => unknown): Promise<string | undefined> {
  try {
    await call();
  } catch (error) {
    return (error as { code?: string }).code ?? 'not coded';
  }
  return undefined;
}

/** Everything the table shows and keeps, to compare before and after. */
function snapshot(t: Table): string {
  return JSON.stringify({ view: t.view(), game: t.game, version: t.version });
}

/** The page's simple player for a person: throws once, holds nothing, scores the first free row. */
function personAction(game: Game): Action {
  return game.rollsUsed === 0 ? { type: 'roll' } : { type: 'score', row: freeRows(game)[0]! };
}

/** Plays `t` to its end: people as `personAction`, computers as their bots, each throw with `gesture(k)`. */
async function playToEnd(t: Table, gesture: (k: number) => Gesture = () => GESTURE): Promise<void> {
  const bot = createBot('good');
  let k = 0;
  for (let steps = 0; t.phase === 'playing'; steps++) {
    if (steps > 2000) throw new Error('The game does not end');
    const game = t.game!;
    const turn = t.computerToAct();
    const action = turn ? bot.next(game) : personAction(game);
    if (turn) {
      await t.computerAction(turn.seat, action, gesture(k));
    } else if (action.type === 'roll') {
      expect(mayAct(t, PAGE_HOLDER)).toBe(true);
      await t.request(PAGE_HOLDER, 'throw', { gesture: gesture(k) });
    } else if (action.type === 'score') {
      await t.request(PAGE_HOLDER, 'score', { row: action.row });
    } else if (action.type === 'hold') {
      await t.request(PAGE_HOLDER, 'hold', { index: action.index, held: action.held });
    }
    if (action.type === 'roll') k++;
  }
}

describe('a table in the page', () => {
  it('plays a whole game of two people and a computer, with physics dice', async () => {
    const t = Table.local(ports(createThrower()), TWO_AND_A_COMPUTER);
    expect(t.phase).toBe('playing');
    expect(t.seats.map((s) => [s.name, s.kind, s.holder])).toEqual([
      ['Mari', 'human', PAGE_HOLDER],
      ['Jüri', 'human', PAGE_HOLDER],
      ['Arvuti', 'good', null],
    ]);
    const told: Change[] = [];
    t.subscribe((change) => told.push(change));
    const version = t.version;
    await playToEnd(t);
    expect(t.phase).toBe('over');
    expect(t.game!.over).toBe(true);
    expect(mayAct(t, PAGE_HOLDER)).toBe(false);
    expect(t.computerToAct()).toBeNull();
    // Every seat's sheet is full, each throw was told with its faces, each action made one change.
    for (const player of t.game!.players) expect(Object.keys(player.scores)).toHaveLength(ROWS.length);
    const rolls = t.game!.log.filter((a) => a.type === 'roll');
    expect(told.filter((c) => c.thrown)).toHaveLength(rolls.length);
    expect(told.filter((c) => c.thrown).map((c) => c.thrown!.faces)).toEqual(
      rolls.map((a) => (a as { faces: number[] }).faces),
    );
    expect(told).toHaveLength(t.game!.log.length);
    expect(t.version).toBe(version + t.game!.log.length);
    // Nothing to prove, and no clock: no one to hide the seeds from, and the page waits for its people.
    expect(t.view().proof).toBeNull();
    expect(t.view().clock.left).toBeNull();
    // The seeds are the engine's: the game replays from its setup and log.
    expect(replay(setupOf(t.game!), t.game!.log)).toEqual(t.game);
    expect(await codeOf(() => t.request(PAGE_HOLDER, 'throw', { gesture: GESTURE }))).toBe('game-over');
  }, 60_000);

  it('refuses a setup the engine refuses', () => {
    expect(() => Table.local(ports(), { players: [], kinds: [] })).toThrow(
      expect.objectContaining({ code: 'bad-player-count' }),
    );
  });

  it('takes none of a room’s requests: no one joins it, it has no host, no lobby', async () => {
    const t = Table.local(ports(), TWO_AND_A_COMPUTER);
    const before = snapshot(t);
    for (const [type, message] of [
      ['add-bot', { kind: 'easy' }],
      ['start', {}],
      ['nudge', {}],
      ['rematch', {}],
    ] as const) {
      expect(await codeOf(() => t.request(PAGE_HOLDER, type, message))).toBe('bad-message');
    }
    expect(snapshot(t)).toBe(before);
  });
});

describe('the turn gate', () => {
  it('lets the page act on a person’s turn only: not another session, not a computer’s turn, not mid-throw', async () => {
    const dice = heldThrower();
    const t = Table.local(ports(dice.thrower), {
      players: ['Mari', 'Arvuti', 'Jüri'],
      kinds: ['human', 'easy', 'human'],
      seed: 1,
    });
    expect(mayAct(t, PAGE_HOLDER)).toBe(true);
    expect(mayAct(t, 'someone')).toBe(false);
    expect(await codeOf(() => t.request('someone', 'throw', { gesture: GESTURE }))).toBe('not-your-turn');
    // A throw in the air: no one may act until it lands.
    const thrown = t.request(PAGE_HOLDER, 'throw', { gesture: GESTURE });
    await settle();
    expect(dice.pending).toHaveLength(1);
    dice.land(3);
    await thrown;
    expect(mayAct(t, PAGE_HOLDER)).toBe(true);
    await t.request(PAGE_HOLDER, 'score', { row: 'threes' });
    // The computer's turn: the page may not act, its requests are refused.
    expect(t.computerToAct()).toEqual({ seat: 1, kind: 'easy' });
    expect(mayAct(t, PAGE_HOLDER)).toBe(false);
    expect(await codeOf(() => t.request(PAGE_HOLDER, 'throw', { gesture: GESTURE }))).toBe('not-your-turn');
    const computer = t.computerAction(1, { type: 'roll' }, GESTURE);
    await settle();
    dice.land(2);
    await computer;
    await t.computerAction(1, { type: 'score', row: 'twos' }, GESTURE);
    // The next person's turn is the page's again (it holds every person's seat).
    expect(t.game!.current).toBe(2);
    expect(mayAct(t, PAGE_HOLDER)).toBe(true);
    // A computer may not act on a person's turn.
    expect(await codeOf(() => t.computerAction(2, { type: 'roll' }, GESTURE))).toBe('not-your-turn');
  });
});

describe('requests made while a throw is in the air', () => {
  it('wait for it and are judged against the game it leaves: a hold applies to the new dice', async () => {
    const dice = heldThrower();
    const t = Table.local(ports(dice.thrower), { players: ['Mari', 'Jüri'], kinds: ['human', 'human'] });
    const first = t.request(PAGE_HOLDER, 'throw', { gesture: GESTURE });
    await settle();
    // Before the throw a hold would be refused (no throw yet); sent now, it waits.
    const hold = t.request(PAGE_HOLDER, 'hold', { index: 0, held: true });
    const second = t.request(PAGE_HOLDER, 'throw', { gesture: GESTURE });
    await settle();
    expect(t.game!.rollsUsed).toBe(0);
    expect(dice.pending).toHaveLength(1);
    dice.land(4);
    await first;
    await hold;
    expect(t.game!.dice).toEqual([4, 4, 4, 4, 4]);
    expect(t.game!.held).toEqual([true, false, false, false, false]);
    // The second throw was judged after the hold: a second throw of the turn, die 0 kept.
    await settle();
    expect(dice.pending).toHaveLength(1);
    expect(dice.pending[0]!.held).toEqual([true, false, false, false, false]);
    dice.land(1);
    await second;
    expect(t.game!.rollsUsed).toBe(2);
    expect(t.game!.dice).toEqual([4, 1, 1, 1, 1]);
  });

  it('refuses a throw sent mid-throw when the throw before it used the last of the turn', async () => {
    const dice = heldThrower();
    const t = Table.local(ports(dice.thrower), { players: ['Mari', 'Jüri'], kinds: ['human', 'human'] });
    const throws = [0, 1, 2, 3].map(() => t.request(PAGE_HOLDER, 'throw', { gesture: GESTURE }));
    const fourth = codeOf(() => throws[3]);
    for (const face of [1, 2, 3]) {
      await settle();
      expect(dice.pending).toHaveLength(1);
      dice.land(face);
    }
    await Promise.all(throws.slice(0, 3));
    expect(await fourth).toBe('no-rolls-left');
    expect(dice.pending).toHaveLength(0);
    expect(t.game!.rollsUsed).toBe(3);
    expect(t.game!.dice).toEqual([3, 3, 3, 3, 3]);
    // A score sent after is still the same person's, on the dice as they lie.
    await t.request(PAGE_HOLDER, 'score', { row: 'threes' });
    expect(t.game!.players[0]!.scores.threes).toBe(15);
  });

  it('a score sent mid-throw scores the dice the throw leaves; a throw after it is the next person’s', async () => {
    const dice = heldThrower();
    const t = Table.local(ports(dice.thrower), { players: ['Mari', 'Jüri'], kinds: ['human', 'human'] });
    const first = t.request(PAGE_HOLDER, 'throw', { gesture: GESTURE });
    const score = t.request(PAGE_HOLDER, 'score', { row: 'fives' });
    const next = t.request(PAGE_HOLDER, 'throw', { gesture: GESTURE });
    await settle();
    dice.land(5);
    await first;
    await score;
    expect(t.game!.players[0]!.scores.fives).toBe(25);
    expect(t.game!.current).toBe(1);
    await settle();
    dice.land(2);
    await next;
    expect(t.game!.current).toBe(1);
    expect(t.game!.dice).toEqual([2, 2, 2, 2, 2]);
  });

  it('a throw that fails changes nothing; the requests after it go on', async () => {
    const dice = heldThrower();
    const t = Table.local(ports(dice.thrower), { players: ['Mari', 'Jüri'], kinds: ['human', 'human'] });
    const before = snapshot(t);
    const failed = codeOf(() => t.request(PAGE_HOLDER, 'throw', { gesture: GESTURE }));
    const again = t.request(PAGE_HOLDER, 'throw', { gesture: GESTURE });
    await settle();
    dice.fail(new Error('no physics'));
    expect(await failed).toBe('not coded');
    expect(snapshot(t)).toBe(before);
    await settle();
    dice.land(6);
    await again;
    expect(t.game!.rollsUsed).toBe(1);
    expect(mayAct(t, PAGE_HOLDER)).toBe(true);
  });
});

describe('changes', () => {
  it('are told once each, in order, the version one more each time; a listener stopped hears no more', async () => {
    const t = Table.local(ports(), TWO_AND_A_COMPUTER);
    const heard: { version: number; change: Change }[] = [];
    const stop = t.subscribe((change) => heard.push({ version: t.version, change }));
    const other: number[] = [];
    t.subscribe(() => other.push(t.version));
    const start = t.version;
    await t.request(PAGE_HOLDER, 'throw', { gesture: GESTURE });
    await t.request(PAGE_HOLDER, 'hold', { index: 2, held: true });
    await t.request(PAGE_HOLDER, 'hold', { index: 2, held: false });
    expect(await codeOf(() => t.request(PAGE_HOLDER, 'hold', { index: 9, held: true }))).toBe(
      'bad-die-index',
    );
    // Several sent at once, a throw among them: each told once, in order.
    await Promise.all([
      t.request(PAGE_HOLDER, 'throw', { gesture: GESTURE }),
      t.request(PAGE_HOLDER, 'hold', { index: 0, held: true }),
      t.request(PAGE_HOLDER, 'score', { row: 'sixes' }),
    ]);
    expect(heard.map((h) => h.version)).toEqual([1, 2, 3, 4, 5, 6].map((n) => start + n));
    expect(other).toEqual(heard.map((h) => h.version));
    expect(heard.map((h) => !!h.change.thrown)).toEqual([true, false, false, true, false, false]);
    expect(heard[0]!.change.thrown).toMatchObject({ seat: 0, number: 0, faces: [6, 6, 6, 6, 6] });
    expect(heard[3]!.change.thrown).toMatchObject({ seat: 0, number: 1 });
    stop();
    await t.request(PAGE_HOLDER, 'throw', { gesture: GESTURE });
    expect(heard).toHaveLength(6);
    expect(other).toHaveLength(7);
    expect(t.version).toBe(start + 7);
  });

  it('each says the action it is, by which seat, a throw with its faces and its recording', async () => {
    const t = Table.local(ports(), { players: ['Mari', 'Jüri'], kinds: ['human', 'human'] });
    const heard: Change[] = [];
    t.subscribe((change) => heard.push(change));
    await t.request(PAGE_HOLDER, 'throw', { gesture: GESTURE });
    await t.request(PAGE_HOLDER, 'hold', { index: 1, held: true });
    await t.request(PAGE_HOLDER, 'score', { row: 'sixes' });
    expect(heard.map((change) => change.acted)).toEqual([
      { seat: 0, action: { type: 'roll', faces: [6, 6, 6, 6, 6] } },
      { seat: 0, action: { type: 'hold', index: 1, held: true } },
      { seat: 0, action: { type: 'score', row: 'sixes' } },
    ]);
    expect(heard[0]!.thrown).toMatchObject({
      seat: 0,
      faces: [6, 6, 6, 6, 6],
      trajectory: expect.any(String),
    });
    expect(t.game!.log).toEqual(heard.map((change) => change.acted!.action));
  });

  it('none is made by a refused request: the version and the view stay as they were', async () => {
    const t = Table.local(ports(), { players: ['Mari', 'Jüri'], kinds: ['human', 'human'] });
    // Each scores sixes; Mari's second turn is under way, one throw made.
    for (let i = 0; i < 2; i++) {
      await t.request(PAGE_HOLDER, 'throw', { gesture: GESTURE });
      await t.request(PAGE_HOLDER, 'score', { row: 'sixes' });
    }
    await t.request(PAGE_HOLDER, 'throw', { gesture: GESTURE });
    expect(t.game).toMatchObject({ current: 0, rollsUsed: 1 });
    const heard: Change[] = [];
    t.subscribe((change) => heard.push(change));
    const before = snapshot(t);
    const refused: [string, unknown, string][] = [
      ['score', { row: 'sixes' }, 'row-filled'],
      ['score', { row: 'nope' }, 'unknown-row'],
      ['hold', { index: 5, held: true }, 'bad-die-index'],
      ['hold', { index: 0 }, 'bad-message'],
      ['throw', { gesture: { dirX: 0, dirZ: -1, speed: Number.NaN } }, 'bad-message'],
      ['throw', null, 'bad-message'],
      // A table in the page takes none of a room's requests.
      ['start', {}, 'bad-message'],
      ['add-bot', { kind: 'easy' }, 'bad-message'],
      ['rules', { rules: 'classic' }, 'bad-message'],
      ['remove-seat', { seat: 2 }, 'bad-message'],
      ['clock', { seconds: 60 }, 'bad-message'],
      ['answer-claim', { seat: 1, admit: true }, 'bad-message'],
      ['dance', {}, 'bad-message'],
    ];
    for (const [type, message, code] of refused) {
      expect(await codeOf(() => t.request(PAGE_HOLDER, type, message)), type).toBe(code);
      expect(snapshot(t), type).toBe(before);
    }
    expect(await codeOf(() => t.request('someone', 'score', { row: 'ones' }))).toBe('not-your-turn');
    expect(await codeOf(() => t.computerAction(2, { type: 'roll' }, GESTURE))).toBe('not-your-turn');
    expect(await codeOf(() => t.computerAction(1, { type: 'score', row: 'ones' }, GESTURE))).toBe(
      'not-your-turn',
    );
    expect(snapshot(t)).toBe(before);
    expect(heard).toEqual([]);
    // All held: the throw is refused by the rules, before any dice are thrown.
    const thrower: { calls: number } = { calls: 0 };
    const counted = Table.local(
      ports((input) => {
        thrower.calls++;
        return landsOn(1)(input);
      }),
      { players: ['Mari'], kinds: ['human'] },
    );
    await counted.request(PAGE_HOLDER, 'throw', { gesture: GESTURE });
    for (let i = 0; i < 5; i++) await counted.request(PAGE_HOLDER, 'hold', { index: i, held: true });
    const held = snapshot(counted);
    expect(await codeOf(() => counted.request(PAGE_HOLDER, 'throw', { gesture: GESTURE }))).toBe('all-held');
    expect(snapshot(counted)).toBe(held);
    expect(thrower.calls).toBe(1);
  });
});

describe('a seeded game in the page', () => {
  it('plays the same throws every time: the same seed and gestures give the same faces', async () => {
    const gesture = (k: number): Gesture => ({ dirX: Math.sin(k) * 0.4, dirZ: -1, speed: 7 + (k % 6) });
    const play = async (seed: number): Promise<{ faces: number[][]; game: Game }> => {
      const t = Table.local(ports(createThrower()), {
        players: ['Mari', 'Arvuti'],
        kinds: ['human', 'good'],
        seed,
      });
      const faces: number[][] = [];
      t.subscribe((change) => {
        if (change.thrown) faces.push(change.thrown.faces);
      });
      // Four turns each is enough to tell.
      while (t.game!.turn < 4) {
        const game = t.game!;
        const turn = t.computerToAct();
        if (turn) await t.computerAction(turn.seat, createBot('good').next(game), gesture(faces.length));
        else if (game.rollsUsed < 2)
          await t.request(PAGE_HOLDER, 'throw', { gesture: gesture(faces.length) });
        else await t.request(PAGE_HOLDER, 'score', { row: freeRows(game)[0]! });
      }
      return { faces, game: t.game! };
    };
    const one = await play(42);
    const two = await play(42);
    expect(one.faces.length).toBeGreaterThan(8);
    expect(two.faces).toEqual(one.faces);
    expect(two.game).toEqual(one.game);
    const other = await play(43);
    expect(other.faces).not.toEqual(one.faces);
  }, 60_000);
});

describe('a saved game played on (Table.ofGame)', () => {
  it('resumes mid-turn: the same dice, holds and throws left, the page to act', async () => {
    let game = newGame({ players: ['Mari', 'Jüri', 'Arvuti'], seed: 5 });
    game = apply(game, { type: 'roll', faces: [2, 2, 5, 1, 2] });
    game = apply(game, { type: 'hold', index: 0, held: true });
    game = apply(game, { type: 'hold', index: 1, held: true });
    const t = Table.ofGame(ports(landsOn(2)), game, ['human', 'human', 'easy']);
    expect(t.phase).toBe('playing');
    expect(t.view().game).toEqual(publicGame(game));
    expect(mayAct(t, PAGE_HOLDER)).toBe(true);
    expect(t.computerToAct()).toBeNull();
    await t.request(PAGE_HOLDER, 'throw', { gesture: GESTURE });
    expect(t.game!.rollsUsed).toBe(2);
    expect(t.game!.dice).toEqual([2, 2, 2, 2, 2]);
    expect(t.game!.log).toEqual([...game.log, { type: 'roll', faces: [2, 2, 2, 2, 2] }]);
    await t.request(PAGE_HOLDER, 'score', { row: 'twos' });
    expect(t.game!.players[0]!.scores.twos).toBe(10);
    expect(t.game!.current).toBe(1);
    expect(mayAct(t, PAGE_HOLDER)).toBe(true);
  });

  it('seats people by default, a computer where told; a game on a computer’s turn is the computer’s', () => {
    let game = newGame({ players: ['Mari', 'Arvuti'], seed: 5 });
    game = apply(game, { type: 'roll', faces: [6, 6, 6, 6, 6] });
    game = apply(game, { type: 'score', row: 'sixes' });
    expect(Table.ofGame(ports(), game).seats.map((s) => s.kind)).toEqual(['human', 'human']);
    const t = Table.ofGame(ports(), game, ['human', 'optimal']);
    expect(t.computerToAct()).toEqual({ seat: 1, kind: 'optimal' });
    expect(mayAct(t, PAGE_HOLDER)).toBe(false);
  });

  it('shows a game that is over as over', async () => {
    const done = Table.local(ports(), { players: ['Mari'], kinds: ['human'], seed: 3 });
    await playToEnd(done);
    const t = Table.ofGame(ports(), done.game!);
    expect(t.phase).toBe('over');
    expect(mayAct(t, PAGE_HOLDER)).toBe(false);
    expect(t.view().game).toEqual(publicGame(done.game!));
    expect(await codeOf(() => t.request(PAGE_HOLDER, 'score', { row: 'ones' }))).toBe('game-over');
  });
});

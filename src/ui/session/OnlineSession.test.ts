/**
 * The page's mirror of an online room, against a fake link: views taken in order (an older one
 * ignored), a throw played before the view after it, the seat's key kept from its welcome, an ask for a
 * seat, a refusal that lets the page go, a dropped and closed connection, and the finished game's record.
 */
import { describe, expect, it } from 'vitest';
import { apply, newGame, type Game } from '../../engine/index.js';
import type { ClientMessages, RoomView, ServerMessages } from '../../online/protocol.js';
import { encodeTrajectory } from '../../physics/trajectory.js';
import { OnlineSession, type TableLink } from './OnlineSession.js';

/** A link whose server messages the test sends, recording what the page sends. */
class FakeLink implements TableLink {
  readonly roomId = 'room1';
  readonly sent: { type: string; message: unknown }[] = [];
  private readonly handlers = new Map<string, (message: never) => void>();
  private connection: ((state: 'dropped' | 'back' | 'closed') => void) | undefined;

  send<K extends keyof ClientMessages>(type: K, message: ClientMessages[K]): void {
    this.sent.push({ type, message });
  }
  on<K extends keyof ServerMessages>(type: K, handler: (message: ServerMessages[K]) => void): void {
    this.handlers.set(type, handler as (message: never) => void);
  }
  onConnection(handler: (state: 'dropped' | 'back' | 'closed') => void): void {
    this.connection = handler;
  }
  async leave(): Promise<void> {}

  /** The server sends `message`. */
  serve<K extends keyof ServerMessages>(type: K, message: ServerMessages[K]): void {
    (this.handlers.get(type) as ((message: ServerMessages[K]) => void) | undefined)?.(message);
  }
  connectionIs(state: 'dropped' | 'back' | 'closed'): void {
    this.connection?.(state);
  }
}

const person = (name: string) => ({ name, kind: 'human' as const, connected: true, standIn: false });

function view(version: number, game: Game | null, extra: Partial<RoomView> = {}): RoomView {
  return {
    roomId: 'room1',
    phase: game ? (game.over ? 'over' : 'playing') : 'lobby',
    host: 0,
    seats: [person('Mari'), person('Jüri')],
    rules: 'seed',
    game,
    proof: game ? { commitment: 'c'.repeat(64), secret: null, gestures: null } : null,
    claims: [],
    rematch: [],
    clock: {
      seconds: 90,
      pace: 'live',
      left: null,
      endsAt: null,
      ranOut: null,
      nudgedBy: null,
      timeUp: 'stand-in',
    },
    version,
    ...extra,
  };
}

/** A trajectory of one frame, the dice where they lie (enough to play back). */
const TRAJECTORY = encodeTrajectory({ fps: 30, frames: 1, dice: 5, poses: new Float32Array(35) });

/** Lets the session's queue of messages run. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

function setUp() {
  const link = new FakeLink();
  const played: number[][] = [];
  let finish: () => void = () => {};
  const session = new OnlineSession(link, async (_t, faces) => {
    played.push([...faces]);
    await new Promise<void>((resolve) => (finish = resolve));
  });
  const told: string[] = [];
  session.subscribe((change) => told.push(change.type));
  return { link, session, played, told, finishThrow: () => finish() };
}

describe('OnlineSession', () => {
  it('keeps the seat and its key from the welcome, and ignores a view older than the one it has', async () => {
    const { link, session } = setUp();
    link.serve('welcome', { seat: 1, view: view(3, null), key: 'k'.repeat(22) });
    await settle();
    expect(session.online).toMatchObject({ seat: 1, host: false });
    expect(session.key).toBe('k'.repeat(22));
    link.serve('view', view(5, null, { host: 1 }));
    link.serve('view', view(4, null, { host: 0 }));
    await settle();
    expect(session.room?.version).toBe(5);
    expect(session.online?.host).toBe(true);
  });

  it('plays a throw before it takes the view after it, and tells the throw once', async () => {
    const { link, session, played, told, finishThrow } = setUp();
    const game = newGame({ players: ['Mari', 'Jüri'], seed: 0 });
    link.serve('welcome', { seat: 0, view: view(1, game) });
    await settle();
    const thrown = apply(game, { type: 'roll', faces: [6, 6, 5, 4, 1] });
    const throwing = session.throw({ dirX: 0, dirZ: -1, speed: 10 });
    expect(link.sent).toEqual([{ type: 'throw', message: { gesture: { dirX: 0, dirZ: -1, speed: 10 } } }]);
    link.serve('thrown', {
      seat: 0,
      number: 0,
      gesture: [0, -1, 10],
      trajectory: TRAJECTORY,
      faces: [6, 6, 5, 4, 1],
      held: [false, false, false, false, false],
    });
    link.serve('acted', {
      seat: 0,
      action: { type: 'roll', faces: [6, 6, 5, 4, 1] },
      version: 2,
      clock: view(2, null).clock,
    });
    await settle();
    // The action waits for the dice to land.
    expect(played).toEqual([[6, 6, 5, 4, 1]]);
    expect(session.inFlight).toMatchObject({ player: 0 });
    expect(session.game?.rollsUsed).toBe(0);
    finishThrow();
    expect(await throwing).toEqual([6, 6, 5, 4, 1]);
    expect(session.game).toEqual({ ...thrown, rng: 0 });
    expect(session.room?.version).toBe(2);
    expect(told.filter((t) => t === 'thrown')).toHaveLength(1);
  });

  it('applies each action once, as it comes: a hold and a score settle once the game shows them', async () => {
    const { link, session, told } = setUp();
    const rolled = apply(newGame({ players: ['Mari', 'Jüri'], seed: 0 }), {
      type: 'roll',
      faces: [3, 3, 3, 2, 1],
    });
    link.serve('welcome', { seat: 0, view: view(4, { ...rolled, rng: 0 }) });
    await settle();
    const clock = view(4, null).clock;
    let held = false;
    const holding = session.toggleHold(0).then(() => (held = true));
    expect(link.sent.at(-1)).toEqual({ type: 'hold', message: { index: 0, held: true } });
    await settle();
    // Not yet: the room has not taken it.
    expect(held).toBe(false);
    expect(session.game?.held[0]).toBe(false);
    link.serve('acted', { seat: 0, action: { type: 'hold', index: 0, held: true }, version: 5, clock });
    await holding;
    expect(session.game?.held[0]).toBe(true);
    // The same action again (an old copy) is not applied twice.
    link.serve('acted', { seat: 0, action: { type: 'hold', index: 0, held: true }, version: 5, clock });
    await settle();
    expect(session.game?.log.filter((a) => a.type === 'hold')).toHaveLength(1);
    const scoring = session.score('threeOfAKind');
    link.serve('acted', { seat: 0, action: { type: 'score', row: 'threeOfAKind' }, version: 6, clock });
    expect(await scoring).toBe(12);
    expect(session.game?.current).toBe(1);
    expect(told.filter((t) => t === 'held' || t === 'scored')).toEqual(['held', 'scored']);
    // A hold the room refuses rejects with its code; the game is as it was.
    link.serve('welcome', { seat: 1, view: session.room! });
    await settle();
    await expect(session.toggleHold(0)).rejects.toMatchObject({ code: 'no-roll-yet' });
  });

  it('rejects a score the room refused: the game is as it was', async () => {
    const { link, session } = setUp();
    const rolled = apply(newGame({ players: ['Mari', 'Jüri'], seed: 0 }), {
      type: 'roll',
      faces: [3, 3, 3, 2, 1],
    });
    link.serve('welcome', { seat: 0, view: view(4, { ...rolled, rng: 0 }) });
    await settle();
    const scoring = session.score('chance');
    link.serve('refused', { code: 'not-your-turn', message: 'Your time ran out', request: 'score' });
    await expect(scoring).rejects.toMatchObject({ code: 'not-your-turn' });
    expect(session.game?.current).toBe(0);
  });

  it('refuses out of turn without sending, and rejects a throw the room refused', async () => {
    const { link, session } = setUp();
    const game = newGame({ players: ['Mari', 'Jüri'], seed: 0 });
    link.serve('welcome', { seat: 1, view: view(1, game) });
    await settle();
    await expect(session.toggleHold(0)).rejects.toMatchObject({ code: 'not-your-turn' });
    await expect(session.throw({ dirX: 0, dirZ: -1, speed: 10 })).rejects.toMatchObject({
      code: 'not-your-turn',
    });
    expect(link.sent).toEqual([]);
    link.serve('welcome', { seat: 0, view: view(2, game) });
    await settle();
    const throwing = session.throw({ dirX: 0, dirZ: -1, speed: 10 });
    link.serve('refused', { code: 'too-many-messages', message: 'Too many messages', request: 'throw' });
    await expect(throwing).rejects.toMatchObject({ code: 'too-many-messages' });
  });

  it('asks for a seat by name: no seat, the seat it asks for; let in, it has the seat and a new key', async () => {
    const { link, session } = setUp();
    link.serve('welcome', { seat: -1, view: view(1, null), claiming: 1 });
    await settle();
    expect(session.claiming).toBe(1);
    expect(session.key).toBeNull();
    link.serve('welcome', { seat: 1, view: view(2, null), key: 'n'.repeat(22) });
    await settle();
    expect(session.claiming).toBeNull();
    expect(session.online?.seat).toBe(1);
    expect(session.key).toBe('n'.repeat(22));
  });

  it('is let go when its seat opens elsewhere: says so once, and a throw waiting is rejected', async () => {
    const { link, session, told } = setUp();
    const game = newGame({ players: ['Mari', 'Jüri'], seed: 0 });
    link.serve('welcome', { seat: 0, view: view(1, game) });
    await settle();
    const throwing = session.throw({ dirX: 0, dirZ: -1, speed: 10 });
    link.serve('refused', { code: 'moved-elsewhere', message: 'Your seat was opened elsewhere' });
    await expect(throwing).rejects.toMatchObject({ code: 'moved-elsewhere' });
    expect(session.letGo).toBe('moved-elsewhere');
    expect(told.at(-1)).toBe('room');
  });

  it('tells a dropped, a restored and a closed connection', async () => {
    const { link, session } = setUp();
    link.serve('welcome', { seat: 0, view: view(1, null) });
    await settle();
    link.connectionIs('dropped');
    expect(session.online?.connected[0]).toBe(false);
    link.connectionIs('back');
    expect(session.online?.connected[0]).toBe(true);
    link.connectionIs('closed');
    expect(session.closed).toBe(true);
  });

  it('takes nothing while the server is saving, and plays on once it is stored', async () => {
    const { link, session, told } = setUp();
    const game = newGame({ players: ['Mari', 'Jüri'], seed: 1 });
    link.serve('welcome', { seat: 0, view: view(1, game) });
    await settle();
    expect(session.mayAct).toBe(true);
    link.serve('saving', { waiting: true });
    expect(session.saving).toBe(true);
    expect(session.mayAct).toBe(false);
    expect(told.at(-1)).toBe('room');
    // Nothing is sent that the room could not yet take.
    await expect(session.throw({ dirX: 0, dirZ: -1, speed: 10 })).rejects.toMatchObject({
      code: 'server-unavailable',
    });
    expect(link.sent).toEqual([]);
    link.serve('saving', { waiting: false });
    expect(session.saving).toBe(false);
    expect(session.mayAct).toBe(true);
  });

  it('watches with no seat: it plays no part, and every request is refused here first', async () => {
    const { link, session } = setUp();
    const game = newGame({ players: ['Mari', 'Jüri'], seed: 1 });
    link.serve('welcome', { seat: -1, view: view(1, game), watching: true });
    await settle();
    expect(session.watching).toBe(true);
    expect(session.name).toBeNull();
    expect(session.mayAct).toBe(false);
    await expect(session.toggleHold(0)).rejects.toMatchObject({ code: 'not-your-turn' });
    expect(link.sent).toEqual([]);
  });

  it('has no game record while the game is played, nor for a game first seen over', async () => {
    const { link, session } = setUp();
    let game = newGame({ players: ['Mari'], seed: 0 });
    link.serve('welcome', { seat: 0, view: view(1, game) });
    await settle();
    expect(session.gameRecord).toBeNull();
    game = { ...game, over: true };
    const proof = { commitment: 'd'.repeat(64), secret: 'e'.repeat(64), gestures: [] };
    link.serve('view', view(2, game, { proof }));
    await settle();
    // The commitment it was shown in play was another: no record to vouch for.
    expect(session.gameRecord).toBeNull();
  });
});

import { describe, expect, it, vi } from 'vitest';
import { freeRows, type RowId } from '../../src/engine/index.js';
import { solveTable } from '../../src/engine/solver/index.js';
import {
  CLAIM_SECONDS,
  MAX_SEATS,
  MOVE_LINK_SECONDS,
  parseClientMessage,
  ProtocolError,
} from '../../src/online/protocol.js';
import {
  computerName,
  computerSeat,
  personSeat,
  RoomTable,
  uniqueName,
  type Change,
  type TablePorts,
  type Thrower,
} from '../../src/table/index.js';
import { secretSeeds } from './game-secret.js';
import { SERVER_NAMES } from './name-key.js';
import { seatKeyHash } from './seat-keys.js';
import { solvedTable, whereSolved } from './solver-tables.js';
import { commitment } from './throw-secret.js';

/** Every die not held lands on 6: no physics needed to test the table. */
const sixes: Thrower = ({ dice, held }) => ({
  faces: dice.map((face, i) => (held[i] ? face : 6)),
  trajectory: 'AQA8AAEA',
  seconds: 1,
});

const SECRET = 'ab'.repeat(32);

let keys = 0;
/** Seat keys in the server's shape (22 characters), numbered. */
const newKey = () => `key${String(++keys).padStart(19, '0')}`;

/** A table's ports, the server's but for the dice, the secret and the keys: the time from `now` when given. */
function options(roomId = 'room1', now?: () => number): TablePorts {
  return {
    roomId,
    thrower: sixes,
    seeds: secretSeeds(() => SECRET),
    keys: { newKey, hash: seatKeyHash },
    names: SERVER_NAMES,
    parse: parseClientMessage,
    ...(now ? { now } : {}),
  };
}

function table(now?: () => number): RoomTable {
  return new RoomTable(options('room1', now));
}

/** The code of the error `call` throws or rejects with; undefined if it does neither. */
async function codeOf(call: () => unknown): Promise<string | undefined> {
  try {
    await call();
  } catch (error) {
    return (error as ProtocolError).code;
  }
  return undefined;
}

/** Makes `call` (a request, or another change) and gives the last change the table told meanwhile. */
async function changeOf(t: RoomTable, call: () => unknown): Promise<Change | undefined> {
  let last: Change | undefined;
  const stop = t.subscribe((change) => {
    last = change;
  });
  try {
    await call();
  } finally {
    stop();
  }
  return last;
}

describe('seat names', () => {
  it('keeps names unique at a table, case ignored, within the length limit', () => {
    const seats = [personSeat('Mari', 'a'), computerSeat('Computer 1', 'easy')];
    expect(uniqueName(seats, 'Jüri', SERVER_NAMES)).toBe('Jüri');
    expect(uniqueName(seats, 'mari', SERVER_NAMES)).toBe('mari 2');
    expect(uniqueName([...seats, personSeat('Mari 2', 'b')], 'Mari', SERVER_NAMES)).toBe('Mari 3');
    const long = 'x'.repeat(29);
    expect(uniqueName([personSeat(long, 'c')], long, SERVER_NAMES)).toBe(`${'x'.repeat(27)} 2`);
    expect(computerName(seats, SERVER_NAMES)).toBe('Computer 2');
  });
});

const GESTURE = { dirX: 0, dirZ: -1, speed: 10 };

describe('the table', () => {
  it('seats people in order, the first as host, and refuses a seventh', async () => {
    const t = table();
    for (let i = 0; i < MAX_SEATS; i++) expect(t.join(`s${i}`, { name: `P${i}` }).seat).toBe(i);
    expect(t.host).toBe(0);
    expect(await codeOf(() => t.checkJoin({ name: 'Late' }))).toBe('room-full');
    expect(await codeOf(() => t.join('s9', { name: 'Late' }))).toBe('room-full');
    expect(t.version).toBe(MAX_SEATS);
  });

  it('welcomes each who joins in the change it tells, with their new key', async () => {
    const t = table();
    const told: Change[] = [];
    t.subscribe((change) => told.push(change));
    const joined = t.join('a', { name: 'Mari' });
    expect(joined.change).toEqual({ welcome: { holder: 'a', key: joined.key } });
    expect(told).toEqual([joined.change]);
    expect(await changeOf(t, () => t.dropped('a'))).toEqual({});
    expect(await changeOf(t, () => t.reconnected('a'))).toEqual({ welcome: { holder: 'a' } });
    expect(t.version).toBe(3);
  });

  it('refuses host requests from others, lobby requests once started, and leaves the table unchanged', async () => {
    const t = table();
    t.join('a', { name: 'Mari' });
    t.join('b', { name: 'Jüri' });
    const version = t.version;
    expect(await codeOf(() => t.request('b', 'add-bot', { kind: 'easy' }))).toBe('not-host');
    expect(await codeOf(() => t.request('b', 'rules', { rules: 'classic' }))).toBe('not-host');
    expect(await codeOf(() => t.request('b', 'start', {}))).toBe('not-host');
    expect(await codeOf(() => t.request('a', 'remove-seat', { seat: 0 }))).toBe('bad-message');
    expect(await codeOf(() => t.request('a', 'remove-seat', { seat: 4 }))).toBe('bad-message');
    expect(await codeOf(() => t.request('a', 'throw', { gesture: { dirX: 0, dirZ: -1, speed: 5 } }))).toBe(
      'not-your-turn',
    );
    expect(t.version).toBe(version);
    await t.request('a', 'start', {});
    expect(t.phase).toBe('playing');
    // The commitment from the start; the secret and the gestures only once the game is over.
    expect(t.view().proof).toEqual({ commitment: commitment(SECRET), secret: null, gestures: null });
    for (const [type, message] of [
      ['add-bot', { kind: 'easy' }],
      ['rules', { rules: 'classic' }],
      ['remove-seat', { seat: 1 }],
      ['start', {}],
    ] as const) {
      expect(await codeOf(() => t.request('a', type, message))).toBe('game-started');
    }
    expect(await codeOf(() => t.checkJoin({ name: 'Kati' }))).toBe('game-started');
    expect(t.version).toBe(version + 1);
  });

  it('empties a computer seat or a dropped person’s in the lobby; the seats after it move up', async () => {
    const t = table();
    t.join('a', { name: 'Mari' });
    await t.request('a', 'add-bot', { kind: 'optimal' });
    t.join('b', { name: 'Jüri' });
    t.join('c', { name: 'Kati' });
    expect(await changeOf(t, () => t.request('a', 'remove-seat', { seat: 1 }))).toEqual({
      moved: ['b', 'c'],
    });
    expect(t.view().seats.map((s) => s.name)).toEqual(['Mari', 'Jüri', 'Kati']);
    t.dropped('b');
    expect(await changeOf(t, () => t.request('a', 'remove-seat', { seat: 1 }))).toEqual({
      moved: ['c'],
      evicted: 'b',
    });
    expect(t.seatOf('c')).toBe(1);
  });

  it('passes the host on to the next connected person when the host is gone for good, not while dropped', async () => {
    const t = table();
    t.join('a', { name: 'Mari' });
    t.join('b', { name: 'Jüri' });
    t.join('c', { name: 'Kati' });
    await t.request('a', 'start', {});
    t.dropped('a');
    expect(t.host).toBe(0);
    t.dropped('b');
    expect(t.left('a')).toBe(true);
    expect(t.host).toBe(2);
    expect(t.view().seats[0]).toEqual({ name: 'Mari', kind: 'good', connected: false, standIn: true });
    expect(t.computerToAct()).toEqual({ seat: 0, kind: 'good' });
    expect(t.left('a')).toBe(false);
  });

  it('gives a seat back to whoever shows its key: a stand-in’s, or a dropped one’s (whose old session loses it)', async () => {
    const t = table();
    t.join('a', { name: 'Mari' });
    const { key } = t.join('b', { name: 'Jüri' });
    expect(key).toMatch(/^[A-Za-z0-9_-]{22}$/);
    await t.request('a', 'start', {});
    t.left('b');
    expect(t.join('b2', { name: 'JÜRI', key: key })).toEqual({
      seat: 1,
      change: { welcome: { holder: 'b2' } },
    });
    expect(t.view().seats[1]).toEqual({ name: 'Jüri', kind: 'human', connected: true, standIn: false });
    t.dropped('b2');
    expect(t.join('b3', { name: 'Jüri', key: key })).toEqual({
      seat: 1,
      change: { welcome: { holder: 'b3' }, evicted: 'b2' },
    });
    expect(t.seatOf('b2')).toBe(-1);
    // With the key, a connected owner is moved, and told (never evicted unawares).
    expect(t.join('b4', { name: 'Jüri', key: key })).toEqual({
      seat: 1,
      change: { welcome: { holder: 'b4' }, displaced: 'b3' },
    });
    expect(await codeOf(() => t.join('x', { name: 'Mari' }))).toBe('seat-needs-key');
    expect(await codeOf(() => t.join('x', { name: 'Kati' }))).toBe('game-started');
  });

  it('never gives a started game’s seat for its name: the opponent’s second client cannot take a dropped host’s seat', async () => {
    const t = table();
    const { key: hostKey } = t.join('a', { name: 'Mari' });
    t.join('b', { name: 'Jüri' });
    await t.request('a', 'start', {});
    t.dropped('a');
    const version = t.version;
    // The attack: the opponent's second client joins with the host's name; she alone is there to answer.
    expect(await codeOf(() => t.join('b-again', { name: 'Mari' }))).toBe('seat-needs-key');
    expect(await codeOf(() => t.checkJoin({ name: 'MARI' }))).toBe('seat-needs-key');
    expect(await codeOf(() => t.request('b', 'answer-claim', { seat: 0, admit: true }))).toBe('not-host');
    expect(t.version).toBe(version);
    expect(t.view().claims).toEqual([]);
    // The host's key still takes her seat, from any device.
    expect(t.join('a2', { name: 'Mari', key: hostKey }).seat).toBe(0);
    expect(t.host).toBe(0);
  });

  it('in the lobby, lets in one who asks for a seat by its name only when the host agrees, with a new key', async () => {
    const t = table();
    t.join('a', { name: 'Mari' });
    const { key: oldKey } = t.join('b', { name: 'Jüri' });
    t.join('c', { name: 'Kati' });
    t.dropped('b');
    const version = t.version;
    expect(t.join('b2', { name: 'jüri' })).toEqual({
      seat: -1,
      claiming: 1,
      change: { welcome: { holder: 'b2', claiming: 1 } },
    });
    expect(t.version).toBe(version + 1);
    expect(t.view().claims).toEqual([1]);
    expect(await codeOf(() => t.join('eve', { name: 'Jüri' }))).toBe('seat-claimed');
    expect(await codeOf(() => t.request('b2', 'answer-claim', { seat: 1, admit: true }))).toBe('not-host');
    // Only the host answers: not another player, not even while the host is away.
    expect(await codeOf(() => t.request('c', 'answer-claim', { seat: 1, admit: true }))).toBe('not-host');
    t.dropped('a');
    expect(await codeOf(() => t.request('c', 'answer-claim', { seat: 1, admit: true }))).toBe('not-host');
    t.reconnected('a');
    const change = (await changeOf(t, () => t.request('a', 'answer-claim', { seat: 1, admit: true })))!;
    expect(change.admitted).toMatchObject({ holder: 'b2', seat: 1 });
    expect(change.admitted!.key).not.toBe(oldKey);
    expect(t.seatOf('b2')).toBe(1);
    // The old key no longer takes the seat (in the lobby it makes a new seat), the new one does.
    t.dropped('b2');
    expect(t.join('b3', { name: 'Jüri', key: oldKey })).toMatchObject({ seat: -1, claiming: 1 });
    expect(await changeOf(t, () => t.request('a', 'answer-claim', { seat: 1, admit: false }))).toEqual({
      claimRefused: ['b3'],
    });
    expect(t.join('b4', { name: 'Jüri', key: change.admitted!.key })).toMatchObject({ seat: 1 });
  });

  it('lets an ask for a seat lapse unanswered after CLAIM_SECONDS (the asker told), and refuses those waiting when the game starts', async () => {
    let now = 1_000_000;
    const t = table(() => now);
    t.join('a', { name: 'Mari' });
    const { key } = t.join('b', { name: 'Jüri' });
    t.dropped('b');
    t.join('eve', { name: 'Jüri' });
    expect(t.deadline).toBe(now + CLAIM_SECONDS * 1000);
    now += CLAIM_SECONDS * 1000 - 1;
    expect(t.expire()).toBe(false);
    expect(await codeOf(() => t.join('b2', { name: 'Jüri' }))).toBe('seat-claimed');
    now += 1;
    // Lapsed: the seat may be asked for again at once (even before the room's timer rings)...
    expect(t.join('b2', { name: 'Jüri' })).toMatchObject({ claiming: 1, change: { claimLapsed: ['eve'] } });
    now += CLAIM_SECONDS * 1000;
    // ...and the timer lets the ask go when it rings.
    expect(await changeOf(t, () => expect(t.expire()).toBe(true))).toEqual({ claimLapsed: ['b2'] });
    expect(t.view().claims).toEqual([]);
    expect(t.deadline).toBeNull();
    expect(await codeOf(() => t.request('a', 'answer-claim', { seat: 1, admit: true }))).toBe('bad-message');
    // One still asking when the game starts is told no; the seat's key takes it then.
    t.join('eve2', { name: 'Jüri' });
    await t.request('a', 'add-bot', { kind: 'easy' });
    expect(await changeOf(t, () => t.request('a', 'start', {}))).toEqual({
      newGame: true,
      claimRefused: ['eve2'],
    });
    expect(t.view().claims).toEqual([]);
    expect(t.join('b3', { name: 'Jüri', key }).seat).toBe(1);
  });

  it('lets the host remove anyone from the lobby (one connected is told, and let go), but not themselves', async () => {
    const t = table();
    t.join('a', { name: 'Mari' });
    for (const stranger of ['x1', 'x2', 'x3']) t.join(stranger, { name: `Võõras ${stranger}` });
    expect(await codeOf(() => t.request('x1', 'remove-seat', { seat: 2 }))).toBe('not-host');
    expect(await changeOf(t, () => t.request('a', 'remove-seat', { seat: 1 }))).toEqual({
      evicted: 'x1',
      removed: 'x1',
      moved: ['x2', 'x3'],
    });
    expect(t.seatOf('x1')).toBe(-1);
    expect(t.view().seats.map((seat) => seat.name)).toEqual(['Mari', 'Võõras x2', 'Võõras x3']);
    expect(await codeOf(() => t.request('a', 'remove-seat', { seat: 0 }))).toBe('bad-message');
    await t.request('a', 'start', {});
    expect(await codeOf(() => t.request('a', 'remove-seat', { seat: 1 }))).toBe('game-started');
  });

  it('moves a seat to another device by a link its person alone gets: good once, for MOVE_LINK_SECONDS', async () => {
    let now = 5_000_000;
    const t = table(() => now);
    const { key: oldKey } = t.join('a', { name: 'Mari' });
    t.join('b', { name: 'Jüri' });
    await t.request('a', 'start', {});
    expect(await codeOf(() => t.request('nobody', 'move-link', {}))).toBe('not-your-turn');
    const change = (await changeOf(t, () => t.request('a', 'move-link', {})))!;
    expect(change.moveLink).toEqual({
      holder: 'a',
      key: expect.stringMatching(/^.{22}$/),
      until: now + MOVE_LINK_SECONDS * 1000,
    });
    const link = change.moveLink!.key;
    // Nobody sees it in the view or the record but a hash.
    expect(JSON.stringify(t.view())).not.toContain(link);
    expect(JSON.stringify(t.record())).not.toContain(link);
    // Not a seat key: joining with it as one does not take the seat.
    expect(await codeOf(() => t.join('phone', { name: 'Mari', key: link }))).toBe('seat-needs-key');
    // As a move link: the seat moves (the old connection told), with a new key; the old key no longer works.
    const moved = t.join('phone', { name: 'Player', key: link, move: true });
    expect(moved.seat).toBe(0);
    expect(moved.change).toMatchObject({ displaced: 'a', welcome: { holder: 'phone' } });
    expect(moved.key).toMatch(/^.{22}$/);
    expect(moved.key).not.toBe(oldKey);
    expect(t.view().seats[0]!.name).toBe('Mari');
    expect(await codeOf(() => t.join('thief', { name: 'Mari', key: link, move: true }))).toBe(
      'move-link-used',
    );
    expect(await codeOf(() => t.join('old', { name: 'Mari', key: oldKey }))).toBe('seat-needs-key');
    expect(t.join('phone2', { name: 'Mari', key: moved.key! }).seat).toBe(0);
    // A link lapses unused.
    const later = (await changeOf(t, () => t.request('phone2', 'move-link', {})))!.moveLink!.key;
    now += MOVE_LINK_SECONDS * 1000;
    expect(await codeOf(() => t.join('tablet', { name: 'Mari', key: later, move: true }))).toBe(
      'move-link-used',
    );
    // A restart keeps a link that works.
    const fresh = (await changeOf(t, () => t.request('phone2', 'move-link', {})))!.moveLink!.key;
    const back = RoomTable.restore(
      JSON.parse(JSON.stringify(t.record())),
      options('room2', () => now),
    );
    expect(back.join('tablet', { name: 'Mari', key: fresh, move: true }).seat).toBe(0);
  });

  it('reserves the computers’ names and takes look-alike names for the same', async () => {
    const t = table();
    t.join('a', { name: 'Mari' });
    expect(await codeOf(() => t.join('x', { name: 'Computer 1' }))).toBe('bad-name');
    expect(await codeOf(() => t.join('y', { name: 'arvuti 2' }))).toBe('bad-name');
    // "Mari" with a Cyrillic а is Mari: in the lobby, seated under another name.
    expect(t.join('z', { name: 'M\u0430ri' }).seat).toBe(1);
    expect(t.view().seats[1]!.name).not.toBe('M\u0430ri');
  });

  it('gives a person a clock for their turn; past it a stand-in plays that turn, and says whose', async () => {
    let now = 1_000_000;
    const t = table(() => now);
    t.join('a', { name: 'Mari' });
    t.join('b', { name: 'Jüri' });
    expect(await codeOf(() => t.request('b', 'clock', { seconds: 30 }))).toBe('not-host');
    expect(await codeOf(() => t.request('a', 'clock', { seconds: 31 }))).toBe('bad-message');
    await t.request('a', 'clock', { seconds: 60 });
    await t.request('a', 'start', {});
    expect(await codeOf(() => t.request('a', 'clock', { seconds: 30 }))).toBe('game-started');
    expect(t.view().clock).toEqual({
      seconds: 60,
      pace: 'live',
      left: 60_000,
      endsAt: now + 60_000,
      ranOut: null,
      nudgedBy: null,
      timeUp: 'stand-in',
    });
    await t.request('a', 'throw', { gesture: GESTURE });
    now += 59_999;
    expect(t.expire()).toBe(false);
    expect(t.view().clock.left).toBe(1);
    now += 1;
    expect(await changeOf(t, () => expect(t.expire()).toBe(true))).toEqual({});
    expect(t.view().clock).toEqual({
      seconds: 60,
      pace: 'live',
      left: null,
      endsAt: null,
      ranOut: 0,
      nudgedBy: null,
      timeUp: 'stand-in',
    });
    expect(t.computerToAct()).toEqual({ seat: 0, kind: 'good' });
    expect(await codeOf(() => t.request('a', 'score', { row: 'chance' }))).toBe('not-your-turn');
    await t.computerAction(0, { type: 'score', row: 'chance' }, GESTURE);
    // The next person's turn has its own clock; Mari plays her next turn herself.
    expect(t.view().clock).toMatchObject({ seconds: 60, left: 60_000, ranOut: null });
    expect(t.computerToAct()).toBeNull();
  });

  it('plays a turn and a game to the end; a new game may start from the end with the same seats', async () => {
    const t = table();
    t.join('a', { name: 'Mari' });
    await t.request('a', 'add-bot', { kind: 'easy' });
    await t.request('a', 'start', {});
    const change = await changeOf(t, () => t.request('a', 'throw', { gesture: GESTURE }));
    expect(change?.thrown).toMatchObject({
      seat: 0,
      faces: [6, 6, 6, 6, 6],
      held: [false, false, false, false, false],
    });
    expect(await codeOf(() => t.computerAction(1, { type: 'roll' }, GESTURE))).toBe('not-your-turn');
    await t.request('a', 'score', { row: 'fiveOfAKind' });
    expect(t.computerToAct()).toEqual({ seat: 1, kind: 'easy' });
    while (t.phase === 'playing') {
      const turn = t.computerToAct();
      const game = t.game!;
      if (turn) {
        await t.computerAction(
          turn.seat,
          game.rollsUsed === 0 ? { type: 'roll' } : { type: 'score', row: free(t) },
          GESTURE,
        );
      } else if (game.rollsUsed === 0) {
        await t.request('a', 'throw', { gesture: GESTURE });
      } else {
        await t.request('a', 'score', { row: free(t) });
      }
    }
    expect(t.phase).toBe('over');
    const proof = t.view().proof!;
    expect(proof.secret).toBe(SECRET);
    expect(proof.gestures).toHaveLength(t.game!.log.filter((a) => a.type === 'roll').length);
    expect(await codeOf(() => t.request('a', 'throw', { gesture: GESTURE }))).toBe('game-over');
    await t.request('a', 'start', {});
    expect(t.phase).toBe('playing');
    expect(t.game?.log).toEqual([]);
  });
});

describe('a rematch', () => {
  /** Mari (host), Jüri and a computer, their game played to its end by the API. */
  async function finished(): Promise<{ t: RoomTable; keys: string[] }> {
    const t = table();
    const keys = [t.join('a', { name: 'Mari' }).key!, t.join('b', { name: 'Jüri' }).key!];
    await t.request('a', 'add-bot', { kind: 'easy' });
    await t.request('a', 'start', {});
    while (t.phase === 'playing') {
      const game = t.game!;
      const turn = t.computerToAct();
      const holder = game.current === 0 ? 'a' : 'b';
      if (turn) {
        await t.computerAction(
          turn.seat,
          game.rollsUsed === 0 ? { type: 'roll' } : { type: 'score', row: free(t) },
          GESTURE,
        );
      } else if (game.rollsUsed === 0) await t.request(holder, 'throw', { gesture: GESTURE });
      else await t.request(holder, 'score', { row: free(t) });
    }
    return { t, keys };
  }

  it('starts once every person has asked, the computers never waited for; not before the game is over', async () => {
    const t = table();
    t.join('a', { name: 'Mari' });
    t.join('b', { name: 'Jüri' });
    expect(await codeOf(() => t.request('a', 'rematch', {}))).toBe('not-over');
    await t.request('a', 'start', {});
    expect(await codeOf(() => t.request('b', 'rematch', {}))).toBe('not-over');

    const { t: over, keys } = await finished();
    const secret = over.view().proof!.secret;
    expect(await codeOf(() => over.request('a', 'rematch', { now: true }))).toBe('bad-message');
    expect(await codeOf(() => over.request('x', 'rematch', {}))).toBe('not-your-turn');
    await over.request('b', 'rematch', {});
    expect(over.view()).toMatchObject({ phase: 'over', rematch: [1] });
    // Asked again, nothing new; kept through a restart.
    await over.request('b', 'rematch', {});
    const back = RoomTable.restore(
      JSON.parse(JSON.stringify(over.record())) as ReturnType<RoomTable['record']>,
      options('room1'),
    );
    expect(back.view().rematch).toEqual([1]);
    expect(back.join('a2', { name: 'Mari', key: keys[0] }).seat).toBe(0);
    // Mari agrees: a new game, the same seats and rules, its secret hidden; no one waits for a rematch now.
    await back.request('a2', 'rematch', {});
    expect(back.view()).toMatchObject({ phase: 'playing', rematch: [] });
    expect(back.game!.log).toEqual([]);
    expect(back.game!.players.map((p) => p.name)).toEqual(['Mari', 'Jüri', 'Computer 1']);
    expect(back.view().proof!.secret).toBeNull();
    expect(secret).toMatch(/^[0-9a-f]{64}$/);
  });
});

function free(t: RoomTable): RowId {
  return freeRows(t.game!)[0]!;
}

describe('the optimal player’s tables', () => {
  it('are solved in a worker thread, once per rule set', async () => {
    const warn = vi.spyOn(console, 'warn');
    const first = solvedTable('seed');
    expect(solvedTable('seed')).toBe(first);
    const table = await first;
    expect(warn).not.toHaveBeenCalled();
    warn.mockRestore();
    expect(whereSolved('seed')).toBe('worker');
    expect(table.rules).toBe('seed');
    expect(Array.from(table.values)).toEqual(Array.from(solveTable('seed').values));
  }, 30_000);
});

describe('a table played at one’s own pace', () => {
  const DAY = 24 * 3600;

  /** Mari (host) and Jüri at their own pace, a day a turn, Mari's turn under way; the time is `clock.now`. */
  async function ownPace(clock: { now: number }): Promise<{ t: RoomTable; keys: string[] }> {
    const t = table(() => clock.now);
    const keys = [t.join('a', { name: 'Mari' }).key!, t.join('b', { name: 'Jüri' }).key!];
    await t.request('a', 'clock', { seconds: DAY, pace: 'own-pace' });
    await t.request('a', 'start', {});
    return { t, keys };
  }

  it('is set by the host with a clock of hours or days; live clocks and others are refused', async () => {
    const t = table();
    t.join('a', { name: 'Mari' });
    t.join('b', { name: 'Jüri' });
    expect(await codeOf(() => t.request('a', 'clock', { seconds: 90, pace: 'own-pace' }))).toBe(
      'bad-message',
    );
    expect(await codeOf(() => t.request('a', 'clock', { seconds: DAY }))).toBe('bad-message');
    expect(await codeOf(() => t.request('a', 'clock', { seconds: DAY, pace: 'slow' }))).toBe('bad-message');
    expect(await codeOf(() => t.request('b', 'clock', { seconds: DAY, pace: 'own-pace' }))).toBe('not-host');
    expect(t.pace).toBe('live');
    await t.request('a', 'clock', { seconds: 3 * DAY, pace: 'own-pace' });
    expect(t.view().clock).toMatchObject({ seconds: 3 * DAY, pace: 'own-pace' });
    // Back to live: the pace is live unless given.
    await t.request('a', 'clock', { seconds: 60 });
    expect(t.view().clock).toMatchObject({ seconds: 60, pace: 'live' });
  });

  it('keeps the seat of one who leaves for them: no stand-in plays it, their turn waits for them', async () => {
    const clock = { now: 5_000_000 };
    const { t, keys } = await ownPace(clock);
    t.left('a');
    expect(t.view().seats[0]).toEqual({ name: 'Mari', kind: 'human', connected: false, standIn: false });
    expect(t.computerToAct()).toBeNull();
    expect(t.giveUpWaiting()).toBe(false);
    expect(t.view().clock.endsAt).toBe(5_000_000 + DAY * 1000);
    clock.now += 5 * 3600_000;
    expect(t.join('c', { name: 'Mari', key: keys[0] }).seat).toBe(0);
    await t.request('c', 'throw', { gesture: GESTURE });
    expect(t.game?.rollsUsed).toBe(1);
  });

  it('keeps its turn’s deadline through a restart, run out meanwhile or not: a stand-in plays a turn run out', async () => {
    const clock = { now: 5_000_000 };
    const { t, keys } = await ownPace(clock);
    await t.request('a', 'throw', { gesture: GESTURE });
    const endsAt = 5_000_000 + DAY * 1000;
    const record = JSON.parse(JSON.stringify(t.record())) as ReturnType<RoomTable['record']>;
    expect(record).toMatchObject({ pace: 'own-pace', clock: { turn: '0:0', endsAt } });
    // Back an hour later: the same deadline, not a new day.
    clock.now += 3600_000;
    const back = RoomTable.restore(
      record,
      options('room1', () => clock.now),
    );
    expect(back.view().clock.endsAt).toBe(endsAt);
    expect(back.view().clock).toMatchObject({ pace: 'own-pace', endsAt, left: DAY * 1000 - 3600_000 });
    // Back after the deadline: the turn has run out, and a stand-in plays it.
    clock.now = endsAt + 60_000;
    const late = RoomTable.restore(
      record,
      options('room1', () => clock.now),
    );
    expect(late.expire()).toBe(true);
    expect(late.computerToAct()).toEqual({ seat: 0, kind: 'good' });
    await late.computerAction(0, { type: 'score', row: 'chance' }, GESTURE);
    // Jüri's turn has a day of its own from now; Mari's seat is still hers.
    expect(late.view().clock.endsAt).toBe(clock.now + DAY * 1000);
    expect(late.view().seats[0]).toMatchObject({ kind: 'human', standIn: false });
    expect(late.join('x', { name: 'Mari', key: keys[0] }).seat).toBe(0);
  });

  it('forfeits a turn run out where the host chose so: the person is out, the others play on, and it is kept', async () => {
    const clock = { now: 5_000_000 };
    const t = table(() => clock.now);
    t.join('a', { name: 'Mari' });
    t.join('b', { name: 'Jüri' });
    t.join('c', { name: 'Liis' });
    // Live, no one forfeits; at one's own pace the host may choose it.
    expect(await codeOf(() => t.request('a', 'clock', { seconds: 90, timeUp: 'forfeit' }))).toBe(
      'bad-message',
    );
    expect(
      await codeOf(() => t.request('a', 'clock', { seconds: DAY, pace: 'own-pace', timeUp: 'out' })),
    ).toBe('bad-message');
    await t.request('a', 'clock', { seconds: DAY, pace: 'own-pace', timeUp: 'forfeit' });
    expect(t.view().clock.timeUp).toBe('forfeit');
    await t.request('a', 'start', {});
    await t.request('a', 'throw', { gesture: GESTURE });
    clock.now += DAY * 1000;
    const change = await changeOf(t, () => expect(t.expire()).toBe(true));
    expect(change).toEqual({ acted: { seat: 0, action: { type: 'forfeit' } } });
    expect(t.game!.players[0]!.out).toBe(true);
    // No stand-in: Jüri's turn, with a day of his own.
    expect(t.computerToAct()).toBeNull();
    expect(t.game!.current).toBe(1);
    expect(t.view().clock.endsAt).toBe(clock.now + DAY * 1000);
    // Kept through a restart: the choice and who is out.
    const back = RoomTable.restore(
      JSON.parse(JSON.stringify(t.record())) as ReturnType<RoomTable['record']>,
      options('room1', () => clock.now),
    );
    expect(back.view().clock.timeUp).toBe('forfeit');
    expect(back.game!.players[0]!.out).toBe(true);
    // Jüri runs out too: Liis alone is left, and wins.
    clock.now += DAY * 1000;
    expect(back.expire()).toBe(true);
    expect(back.phase).toBe('over');
    expect(back.game!.over).toBe(true);
  });

  it('lets another player nudge the person whose turn it is once a turn, the nudge kept through a restart', async () => {
    const clock = { now: 5_000_000 };
    const { t, keys } = await ownPace(clock);
    // Mari's own turn is not hers to nudge; a holder with no seat nudges no one.
    expect(await codeOf(() => t.request('a', 'nudge', {}))).toBe('nothing-to-nudge');
    expect(await codeOf(() => t.request('w', 'nudge', {}))).toBe('nothing-to-nudge');
    expect(await codeOf(() => t.request('b', 'nudge', { loud: true }))).toBe('bad-message');
    const version = t.version;
    await t.request('b', 'nudge', {});
    expect(t.view().clock.nudgedBy).toBe(1);
    expect(t.version).toBe(version + 1);
    // Once a turn: a second is refused and changes nothing, even after a restart.
    expect(await codeOf(() => t.request('b', 'nudge', {}))).toBe('already-nudged');
    const back = RoomTable.restore(
      JSON.parse(JSON.stringify(t.record())) as ReturnType<RoomTable['record']>,
      options('room1', () => clock.now),
    );
    expect(back.view().clock.nudgedBy).toBe(1);
    expect(back.join('b2', { name: 'Jüri', key: keys[1]! }).seat).toBe(1);
    expect(await codeOf(() => back.request('b2', 'nudge', {}))).toBe('already-nudged');
    // Mari plays her turn: Jüri's turn, and Mari may nudge him in it.
    await t.request('a', 'throw', { gesture: GESTURE });
    await t.request('a', 'score', { row: 'chance' });
    expect(t.view().clock.nudgedBy).toBeNull();
    await t.request('a', 'nudge', {});
    expect(t.view().clock.nudgedBy).toBe(0);
  });
});

describe('a table kept outside the process', () => {
  /** A started table of two people and a computer, the host's turn under way (a throw, a hold). */
  const playedKeys: Record<string, string> = {};
  async function played(): Promise<RoomTable> {
    const t = table();
    playedKeys.a = t.join('a', { name: 'Mari' }).key!;
    playedKeys.b = t.join('b', { name: 'Jüri' }).key!;
    await t.request('a', 'add-bot', { kind: 'easy' });
    await t.request('a', 'start', {});
    await t.request('a', 'throw', { gesture: GESTURE });
    await t.request('a', 'hold', { index: 1, held: true });
    return t;
  }

  it('is rebuilt from its record: the same game (replayed from its log), the seats waiting for their keys', async () => {
    const t = await played();
    const record = JSON.parse(JSON.stringify(t.record())) as ReturnType<RoomTable['record']>;
    const back = RoomTable.restore(record, options('room2'));
    expect(back.game).toEqual(t.game);
    expect(back.phase).toBe('playing');
    expect(back.rules).toBe(t.rules);
    expect(back.version).toBe(t.version + 1);
    expect(back.view().roomId).toBe('room2');
    expect(back.view().seats).toEqual([
      { name: 'Mari', kind: 'human', connected: false, standIn: false },
      { name: 'Jüri', kind: 'human', connected: false, standIn: false },
      { name: 'Computer 1', kind: 'easy', connected: true, standIn: false },
    ]);
    // The game waits for its people: no computer plays their seats.
    expect(back.computerToAct()).toBeNull();
    // Each comes back to their seat with its key, the host first or not; by name alone, no one.
    expect(await codeOf(() => back.join('w', { name: 'jüri' }))).toBe('seat-needs-key');
    expect(back.join('y', { name: 'jüri', key: playedKeys.b }).seat).toBe(1);
    expect(back.host).toBe(0);
    expect(back.join('x', { name: 'Mari', key: playedKeys.a }).seat).toBe(0);
    await back.request('x', 'throw', { gesture: GESTURE });
    expect(back.game?.rollsUsed).toBe(2);
    expect(back.game?.held[1]).toBe(true);
  });

  it('gives up the seats whose people did not come back: a stand-in plays them, the next person is host', async () => {
    const t = await played();
    const back = RoomTable.restore(t.record(), options('room2'));
    back.join('y', { name: 'Jüri', key: playedKeys.b });
    const version = back.version;
    expect(await changeOf(back, () => expect(back.giveUpWaiting()).toBe(true))).toEqual({});
    expect(back.version).toBe(version + 1);
    expect(back.view().seats[0]).toEqual({ name: 'Mari', kind: 'good', connected: false, standIn: true });
    expect(back.host).toBe(1);
    expect(back.computerToAct()).toEqual({ seat: 0, kind: 'good' });
    expect(await changeOf(back, () => expect(back.giveUpWaiting()).toBe(false))).toBeUndefined();
    expect(back.version).toBe(version + 1);
  });

  it('in the lobby, gives up a waiting seat by emptying it', () => {
    const t = table();
    t.join('a', { name: 'Mari' });
    const { key } = t.join('b', { name: 'Jüri' });
    const back = RoomTable.restore(t.record(), options('room2'));
    back.join('y', { name: 'Jüri', key: key });
    back.giveUpWaiting();
    expect(back.view().seats.map((s) => s.name)).toEqual(['Jüri']);
    expect(back.host).toBe(0);
    expect(back.seatOf('y')).toBe(0);
  });
});

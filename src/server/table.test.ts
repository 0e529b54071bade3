import { describe, expect, it, vi } from 'vitest';
import { freeRows, type RowId } from '../engine/index.js';
import { solveTable } from '../engine/solver/index.js';
import { MAX_SEATS, ProtocolError } from '../online/protocol.js';
import type { Thrower } from './dice-thrower.js';
import { computerName, uniqueName, computerSeat, personSeat } from './seats.js';
import { solvedTable } from './solver-tables.js';
import { Table } from './table.js';
import { commitment } from './throw-secret.js';

/** Every die not held lands on 6: no physics needed to test the table. */
const sixes: Thrower = ({ dice, held }) => ({
  faces: dice.map((face, i) => (held[i] ? face : 6)),
  trajectory: 'AQA8AAEA',
  seconds: 1,
});

const SECRET = 'ab'.repeat(32);

function table(): Table {
  return new Table({ roomId: 'room1', thrower: sixes, newSecret: () => SECRET });
}

function codeOf(call: () => unknown): string | undefined {
  try {
    call();
  } catch (error) {
    return (error as ProtocolError).code;
  }
  return undefined;
}

describe('seat names', () => {
  it('keeps names unique at a table, case ignored, within the length limit', () => {
    const seats = [personSeat('Mari', 'a'), computerSeat('Computer 1', 'easy')];
    expect(uniqueName(seats, 'Jüri')).toBe('Jüri');
    expect(uniqueName(seats, 'mari')).toBe('mari 2');
    expect(uniqueName([...seats, personSeat('Mari 2', 'b')], 'Mari')).toBe('Mari 3');
    const long = 'x'.repeat(29);
    expect(uniqueName([personSeat(long, 'c')], long)).toBe(`${'x'.repeat(27)} 2`);
    expect(computerName(seats)).toBe('Computer 2');
  });
});

describe('the table', () => {
  it('seats people in order, the first as host, and refuses a seventh', () => {
    const t = table();
    for (let i = 0; i < MAX_SEATS; i++) expect(t.join(`s${i}`, `P${i}`).seat).toBe(i);
    expect(t.host).toBe(0);
    expect(codeOf(() => t.checkJoin('Late'))).toBe('room-full');
    expect(codeOf(() => t.join('s9', 'Late'))).toBe('room-full');
    expect(t.version).toBe(MAX_SEATS);
  });

  it('refuses host requests from others, lobby requests once started, and leaves the table unchanged', () => {
    const t = table();
    t.join('a', 'Mari');
    t.join('b', 'Jüri');
    const version = t.version;
    expect(codeOf(() => t.request('b', 'add-bot', { kind: 'easy' }))).toBe('not-host');
    expect(codeOf(() => t.request('b', 'rules', { rules: 'classic' }))).toBe('not-host');
    expect(codeOf(() => t.request('b', 'start', {}))).toBe('not-host');
    expect(codeOf(() => t.request('a', 'remove-seat', { seat: 1 }))).toBe('bad-message');
    expect(codeOf(() => t.request('a', 'remove-seat', { seat: 4 }))).toBe('bad-message');
    expect(codeOf(() => t.request('a', 'throw', { gesture: { dirX: 0, dirZ: -1, speed: 5 } }))).toBe(
      'not-your-turn',
    );
    expect(t.version).toBe(version);
    t.request('a', 'start', {});
    expect(t.phase).toBe('playing');
    // The commitment from the start; the secret and the gestures only once the game is over.
    expect(t.view().proof).toEqual({ commitment: commitment(SECRET), secret: null, gestures: null });
    for (const [type, message] of [
      ['add-bot', { kind: 'easy' }],
      ['rules', { rules: 'classic' }],
      ['remove-seat', { seat: 1 }],
      ['start', {}],
    ] as const) {
      expect(codeOf(() => t.request('a', type, message))).toBe('game-started');
    }
    expect(codeOf(() => t.checkJoin('Kati'))).toBe('game-started');
    expect(t.version).toBe(version + 1);
  });

  it('empties a computer seat or a dropped person’s in the lobby; the seats after it move up', () => {
    const t = table();
    t.join('a', 'Mari');
    t.request('a', 'add-bot', { kind: 'optimal' });
    t.join('b', 'Jüri');
    t.join('c', 'Kati');
    expect(t.request('a', 'remove-seat', { seat: 1 })).toEqual({ moved: ['b', 'c'] });
    expect(t.view().seats.map((s) => s.name)).toEqual(['Mari', 'Jüri', 'Kati']);
    t.dropped('b');
    expect(t.request('a', 'remove-seat', { seat: 1 })).toEqual({ moved: ['c'], evicted: 'b' });
    expect(t.seatOf('c')).toBe(1);
  });

  it('passes the host on to the next connected person when the host is gone for good, not while dropped', () => {
    const t = table();
    t.join('a', 'Mari');
    t.join('b', 'Jüri');
    t.join('c', 'Kati');
    t.request('a', 'start', {});
    t.dropped('a');
    expect(t.host).toBe(0);
    t.dropped('b');
    t.left('a');
    expect(t.host).toBe(2);
    expect(t.view().seats[0]).toEqual({ name: 'Mari', kind: 'good', connected: false, standIn: true });
    expect(t.computerToAct()).toEqual({ seat: 0, kind: 'good' });
  });

  it('gives a seat back to its person by name: a stand-in’s, or a dropped one’s (whose old session loses it)', () => {
    const t = table();
    t.join('a', 'Mari');
    t.join('b', 'Jüri');
    t.request('a', 'start', {});
    t.left('b');
    expect(t.join('b2', 'JÜRI')).toEqual({ seat: 1, change: {} });
    expect(t.view().seats[1]).toEqual({ name: 'Jüri', kind: 'human', connected: true, standIn: false });
    t.dropped('b2');
    expect(t.join('b3', 'Jüri')).toEqual({ seat: 1, change: { evicted: 'b2' } });
    expect(t.seatOf('b2')).toBe(-1);
    expect(codeOf(() => t.join('x', 'Mari'))).toBe('game-started');
  });

  it('plays a turn and a game to the end; a new game may start from the end with the same seats', () => {
    const t = table();
    t.join('a', 'Mari');
    t.request('a', 'add-bot', { kind: 'easy' });
    t.request('a', 'start', {});
    const change = t.request('a', 'throw', { gesture: { dirX: 0, dirZ: -1, speed: 10 } });
    expect(change.thrown).toMatchObject({
      seat: 0,
      faces: [6, 6, 6, 6, 6],
      held: [false, false, false, false, false],
    });
    expect(codeOf(() => t.computerAction(1, { type: 'roll' }, { dirX: 0, dirZ: -1, speed: 10 }))).toBe(
      'not-your-turn',
    );
    t.request('a', 'score', { row: 'fiveOfAKind' });
    expect(t.computerToAct()).toEqual({ seat: 1, kind: 'easy' });
    while (t.phase === 'playing') {
      const turn = t.computerToAct();
      const game = t.game!;
      if (turn) {
        t.computerAction(
          turn.seat,
          game.rollsUsed === 0 ? { type: 'roll' } : { type: 'score', row: free(t) },
          {
            dirX: 0,
            dirZ: -1,
            speed: 10,
          },
        );
      } else if (game.rollsUsed === 0) {
        t.request('a', 'throw', { gesture: { dirX: 0, dirZ: -1, speed: 10 } });
      } else {
        t.request('a', 'score', { row: free(t) });
      }
    }
    expect(t.phase).toBe('over');
    const proof = t.view().proof!;
    expect(proof.secret).toBe(SECRET);
    expect(proof.gestures).toHaveLength(t.game!.log.filter((a) => a.type === 'roll').length);
    expect(codeOf(() => t.request('a', 'throw', { gesture: { dirX: 0, dirZ: -1, speed: 10 } }))).toBe(
      'game-over',
    );
    t.request('a', 'start', {});
    expect(t.phase).toBe('playing');
    expect(t.game?.log).toEqual([]);
  });
});

function free(t: Table): RowId {
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
    expect(table.rules).toBe('seed');
    expect(Array.from(table.values)).toEqual(Array.from(solveTable('seed').values));
  }, 30_000);
});

describe('a table kept outside the process', () => {
  /** A started table of two people and a computer, the host's turn under way (a throw, a hold). */
  function played(): Table {
    const t = table();
    t.join('a', 'Mari');
    t.join('b', 'Jüri');
    t.request('a', 'add-bot', { kind: 'easy' });
    t.request('a', 'start', {});
    t.request('a', 'throw', { gesture: { dirX: 0, dirZ: -1, speed: 10 } });
    t.request('a', 'hold', { index: 1, held: true });
    return t;
  }

  it('is rebuilt from its record: the same game (replayed from its log), the people waiting by name', () => {
    const t = played();
    const record = JSON.parse(JSON.stringify(t.record())) as ReturnType<Table['record']>;
    const back = Table.restore(record, { roomId: 'room2', thrower: sixes, newSecret: () => SECRET });
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
    // Each comes back to their seat by name, the host first or not.
    expect(back.join('y', 'jüri').seat).toBe(1);
    expect(back.host).toBe(0);
    expect(back.join('x', 'Mari').seat).toBe(0);
    back.request('x', 'throw', { gesture: { dirX: 0, dirZ: -1, speed: 10 } });
    expect(back.game?.rollsUsed).toBe(2);
    expect(back.game?.held[1]).toBe(true);
  });

  it('gives up the seats whose people did not come back: a stand-in plays them, the next person is host', () => {
    const t = played();
    const back = Table.restore(t.record(), { roomId: 'room2', thrower: sixes, newSecret: () => SECRET });
    back.join('y', 'Jüri');
    const version = back.version;
    expect(back.giveUpWaiting()).toEqual({});
    expect(back.version).toBe(version + 1);
    expect(back.view().seats[0]).toEqual({ name: 'Mari', kind: 'good', connected: false, standIn: true });
    expect(back.host).toBe(1);
    expect(back.computerToAct()).toEqual({ seat: 0, kind: 'good' });
    expect(back.giveUpWaiting()).toBeNull();
  });

  it('in the lobby, gives up a waiting seat by emptying it', () => {
    const t = table();
    t.join('a', 'Mari');
    t.join('b', 'Jüri');
    const back = Table.restore(t.record(), { roomId: 'room2', thrower: sixes, newSecret: () => SECRET });
    back.join('y', 'Jüri');
    back.giveUpWaiting();
    expect(back.view().seats.map((s) => s.name)).toEqual(['Jüri']);
    expect(back.host).toBe(0);
    expect(back.seatOf('y')).toBe(0);
  });
});

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Action } from '../../src/engine/index.js';
import type { ProofGesture } from '../../src/online/fairness.js';
import type { TableRecord } from '../../src/table/index.js';
import {
  bodyToSave,
  PARTS_BEFORE_WHOLE,
  storedBody,
  type PartsWritten,
  type StoredBody,
} from './stored-body.js';

/** A table record with a game of `log` and `gestures` (what matters here: the rest is carried as it is). */
function body(secret: string, log: Action[], gestures: ProofGesture[], closing = false): StoredBody {
  const table = {
    phase: 'playing',
    host: 0,
    rules: 'seed',
    version: log.length,
    seats: [{ name: 'Mari', kind: 'human', standIn: false, keyHash: null }],
    game: { setup: { players: 1, seed: 7, rules: 'seed' }, log, secret, gestures },
  } as unknown as TableRecord;
  return { table, ...(closing ? { closing } : {}) };
}

/** What RoomRecords keeps of a save's parts: the first `from` stored, then the values. */
function keep(stored: Record<string, unknown>[], parts: { from: number; values: string[] }) {
  return [
    ...stored.slice(0, parts.from),
    ...parts.values.map((text) => JSON.parse(text) as Record<string, unknown>),
  ];
}

const roll: Action = { type: 'roll' };
const hold: Action = { type: 'hold', index: 2, held: true };
const score: Action = { type: 'score', row: 'chance' };
const gesture: ProofGesture = [0.1, -1, 11];

describe('a room record kept as a head and parts', () => {
  it('writes a game whole first, then only what its log gained, and the head alone when it gained nothing', () => {
    const first = bodyToSave(body('aa', [roll], [gesture]), undefined);
    expect(JSON.parse(first.record)).toMatchObject({
      table: { game: { log: [], gestures: [], secret: 'aa' } },
    });
    expect(first.parts).toEqual({ from: 0, values: [JSON.stringify({ log: [roll], gestures: [gesture] })] });

    const log = [roll, hold];
    const second = bodyToSave(body('aa', log, [gesture]), first.written);
    expect(second.parts).toEqual({ from: 1, values: [JSON.stringify({ log: [hold], gestures: [] })] });

    const third = bodyToSave(body('aa', log, [gesture], true), second.written);
    expect(third.parts).toEqual({ from: 2, values: [] });
    expect(JSON.parse(third.record)).toMatchObject({ closing: true });
  });

  it('starts again whole for a new game, a log that is not the one stored, nothing known, or many parts', () => {
    const written = bodyToSave(body('aa', [roll, hold], [gesture]), undefined).written!;
    // A rematch: a new secret.
    expect(bodyToSave(body('bb', [roll, hold, score], [gesture]), written).parts.from).toBe(0);
    // The same length, other actions (not the objects stored).
    expect(bodyToSave(body('aa', [{ ...roll }, { ...hold }, score], [gesture]), written).parts.from).toBe(0);
    // Shorter.
    expect(bodyToSave(body('aa', [roll], []), written).parts.from).toBe(0);
    expect(bodyToSave(body('aa', [roll, hold, score], [gesture]), undefined).parts.from).toBe(0);
    const many: PartsWritten = { ...written, parts: PARTS_BEFORE_WHOLE };
    const whole = bodyToSave(body('aa', [roll, hold, score], [gesture]), many);
    expect(whole.parts.from).toBe(0);
    expect(whole.written?.parts).toBe(1);
    // No game (a lobby): the record whole, no parts, nothing to go on from.
    const lobby: StoredBody = { table: { ...body('aa', [], []).table, game: null } };
    expect(bodyToSave(lobby, written)).toEqual({
      record: JSON.stringify(lobby),
      parts: { from: 0, values: [] },
      written: undefined,
    });
  });

  it('reads back a record written whole before parts were kept (its log in the head)', () => {
    const old = body('aa', [roll, hold], [gesture]);
    expect(storedBody(JSON.parse(JSON.stringify(old)), [])).toEqual(old);
  });

  it('reads back, after any run of changes, new games and writes not taken, the body last stored', () => {
    type Step = { kind: 'act'; gestures: number } | { kind: 'rematch' } | { kind: 'lost' } | { kind: 'idle' };
    const step: fc.Arbitrary<Step> = fc.oneof(
      {
        weight: 8,
        arbitrary: fc.record({ kind: fc.constant('act' as const), gestures: fc.integer({ min: 0, max: 2 }) }),
      },
      { weight: 1, arbitrary: fc.constant({ kind: 'rematch' as const }) },
      { weight: 1, arbitrary: fc.constant({ kind: 'lost' as const }) },
      { weight: 1, arbitrary: fc.constant({ kind: 'idle' as const }) },
    );
    fc.assert(
      fc.property(fc.array(step, { maxLength: 3 * PARTS_BEFORE_WHOLE }), (steps) => {
        let games = 0;
        let log: Action[] = [];
        let gestures: ProofGesture[] = [];
        let head: Record<string, unknown>;
        let parts: Record<string, unknown>[] = [];
        let written: PartsWritten | undefined;
        for (const [i, next] of steps.entries()) {
          if (next.kind === 'rematch') [games, log, gestures] = [games + 1, [], []];
          if (next.kind === 'act') {
            log = [...log, { type: 'hold', index: i % 5, held: i % 2 === 0 }];
            gestures = [
              ...gestures,
              ...Array.from({ length: next.gestures }, (): ProofGesture => [i, -i, 10]),
            ];
          }
          const now = body(`game-${games}`, log, gestures);
          const save = bodyToSave(now, written);
          if (next.kind === 'lost') {
            written = undefined; // not stored: the process knows nothing of what is
            continue;
          }
          head = JSON.parse(save.record) as Record<string, unknown>;
          parts = keep(parts, save.parts);
          written = save.written;
          expect(storedBody(head, parts)).toEqual(JSON.parse(JSON.stringify(now)));
          expect(parts.length).toBeLessThanOrEqual(PARTS_BEFORE_WHOLE + 1);
        }
      }),
    );
  });
});

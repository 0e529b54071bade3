import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { GameHistory } from './GameHistory.js';
import { MemoryStorage } from './MemoryStorage.js';
import { parseGameRecord, type GameRecord } from './game-record.js';
import { checksumOf, decodeHistoryFile, encodeHistoryFile, HistoryFileError } from './history-file.js';

function record(over: Partial<GameRecord> = {}): GameRecord {
  const date = over.date ?? '2026-12-01T20:00:00.000Z';
  const seat = over.seat ?? 0;
  return {
    id: `${date}/${seat}`,
    date,
    rules: 'seed',
    players: 2,
    seat,
    name: 'Mari',
    online: false,
    score: 231,
    place: 1,
    pointsLost: 12.345,
    winLost: 0.081,
    luck: -3.5,
    average: 245.871,
    ...over,
  };
}

/** Any record this page could have written. */
const records: fc.Arbitrary<GameRecord> = fc
  .record({
    time: fc.integer({ min: Date.UTC(2024, 0, 1), max: Date.UTC(2030, 0, 1) }),
    players: fc.integer({ min: 1, max: 6 }),
    seatShare: fc.double({ min: 0, max: 0.999, noNaN: true }),
    name: fc.constantFrom('Mari', 'Jüri', 'Õie Õun', 'A "quoted" name', 'back\\slash', '🎲 Dice'),
    rules: fc.constantFrom('seed' as const, 'classic' as const),
    online: fc.boolean(),
    score: fc.integer({ min: 0, max: 400 }),
    review: fc.option(
      fc.record({
        lost: fc.integer({ min: 0, max: 90_000 }),
        win: fc.integer({ min: 0, max: 3000 }),
        luck: fc.integer({ min: -90_000, max: 90_000 }),
      }),
    ),
  })
  .map(({ time, players, seatShare, name, rules, online, score, review }) => {
    const seat = Math.floor(seatShare * players);
    const date = new Date(time).toISOString();
    return {
      id: `${date}/${seat}`,
      date,
      rules,
      players,
      seat,
      name,
      online,
      score,
      place: 1 + (score % players),
      pointsLost: review ? review.lost / 1000 : null,
      winLost: review && players > 1 ? review.win / 1000 : null,
      luck: review ? review.luck / 1000 : null,
      average: review ? (rules === 'seed' ? 245.871 : 254.589) : null,
    };
  });

const histories = fc.uniqueArray(records, { selector: (r) => r.id, maxLength: 12 });

function store(games: readonly GameRecord[] = []) {
  const storage = new MemoryStorage();
  const history = new GameHistory({ storage });
  if (games.length) history.add(games);
  return { storage, history };
}

describe('GameHistory', () => {
  it('keeps the games added, oldest first, each once, and under its own key', () => {
    const { history, storage } = store();
    const late = record({ date: '2026-12-02T10:00:00.000Z' });
    const early = record({ date: '2026-11-30T10:00:00.000Z', seat: 1, name: 'Jaan', place: 2 });
    history.add([late]);
    history.add([early, late]);
    expect(history.list()).toEqual([early, late]);
    expect(storage.getItem('dice-poker:default:history')).toContain('"version":1');
    expect(new GameHistory({ storage, storageKey: 'other' }).list()).toEqual([]);
  });

  it('drops what is not a record it would write, and reads another version as empty', () => {
    const storage = new MemoryStorage();
    const good = record();
    const games = [good, { ...record({ seat: 1 }), score: -1 }, { ...record({ seat: 1 }), extra: 1 }, 'x'];
    storage.setItem('dice-poker:default:history', JSON.stringify({ version: 1, games }));
    expect(new GameHistory({ storage }).list()).toEqual([good]);
    storage.setItem('dice-poker:default:history', JSON.stringify({ version: 2, games: [good] }));
    expect(new GameHistory({ storage }).list()).toEqual([]);
    storage.setItem('dice-poker:default:history', '{not json');
    expect(new GameHistory({ storage }).list()).toEqual([]);
  });

  it('reports a storage that refuses, and never throws', () => {
    const history = new GameHistory({ storage: null });
    expect(history.add([record()]).saved.ok).toBe(false);
    expect(history.list()).toEqual([]);
  });

  it('exports to a file and imports it back into another device, equal', () => {
    const { history } = store([record(), record({ date: '2026-12-03T08:00:00.000Z', luck: null })]);
    const file = history.exportFile(new Date('2026-12-04T00:00:00.000Z'));
    const other = store([record({ date: '2026-10-01T08:00:00.000Z', name: 'Jaan' })]).history;
    const result = other.importFile(file);
    expect(result).toMatchObject({ ok: true, added: 2 });
    expect(other.list().slice(1)).toEqual(history.list());
    // A second import adds nothing.
    expect(other.importFile(file)).toMatchObject({ ok: true, added: 0 });
  });

  const valid = encodeHistoryFile([record()], new Date('2026-12-04T00:00:00.000Z'));
  const file = JSON.parse(valid) as Record<string, unknown>;
  const withGames = (games: unknown[]) =>
    JSON.stringify({
      ...file,
      games,
      checksum: checksumOf(JSON.stringify(games.map((g) => Object.values(g as object)))),
    });
  it.each([
    ['not-json', 'a text file'],
    ['not-json', ''],
    ['not-history', '{"games": []}'],
    ['not-history', JSON.stringify({ ...file, format: 'something-else' })],
    ['not-history', JSON.stringify({ ...file, more: 1 })],
    ['not-history', JSON.stringify({ ...file, games: {} })],
    ['version', JSON.stringify({ ...file, version: 2 })],
    ['damaged', JSON.stringify({ ...file, checksum: '00000000000000' })],
    ['damaged', valid.replace('"score": 231', '"score": 331')],
    ['bad-game', withGames([{ ...record(), score: 1.5 }])],
    ['bad-game', withGames([{ ...record(), id: 'x' }])],
    ['bad-game', withGames([{ ...record(), seat: 2 }])],
    ['bad-game', withGames([record(), record()])],
    ['too-large', ' '.repeat(5 * 1024 * 1024)],
  ] as const)('refuses %s (%#) and changes nothing', (code, text) => {
    const { history, storage } = store([record({ date: '2026-01-01T00:00:00.000Z' })]);
    const before = storage.getItem(history.key);
    const result = history.importFile(text);
    expect(result.ok).toBe(false);
    if (!result.ok) {
      expect(result.error).toBeInstanceOf(HistoryFileError);
      expect(result.error.code).toBe(code);
    }
    expect(storage.getItem(history.key)).toBe(before);
    expect(() => decodeHistoryFile(text)).toThrow(HistoryFileError);
  });

  it('export then import gives the same games (any history)', () => {
    fc.assert(
      fc.property(histories, (games) => {
        const { history } = store(games);
        const fresh = store().history;
        const result = fresh.importFile(history.exportFile());
        expect(result.ok).toBe(true);
        expect(fresh.list()).toEqual(history.list());
        expect(history.list()).toEqual(
          games
            .map((g) => parseGameRecord(g))
            .sort((a, b) => a!.date.localeCompare(b!.date) || a!.seat - b!.seat),
        );
      }),
      { numRuns: 100 },
    );
  });

  it('any change to a valid file imports the same games or is refused and changes nothing', () => {
    const mutation = fc.oneof(
      fc.record({
        kind: fc.constant('replace' as const),
        at: fc.nat(),
        char: fc.string({ minLength: 1, maxLength: 1, unit: 'binary' }),
      }),
      fc.record({ kind: fc.constant('delete' as const), at: fc.nat(), char: fc.constant('') }),
      fc.record({
        kind: fc.constant('insert' as const),
        at: fc.nat(),
        char: fc.constantFrom(' ', '\n', '0', '1', '"', ',', '}', ']', '-', 'e', '.', 'x', '\\'),
      }),
    );
    fc.assert(
      fc.property(histories, histories, mutation, (mine, theirs, change) => {
        const file = store(theirs).history.exportFile();
        const at = change.at % (file.length + (change.kind === 'insert' ? 1 : 0));
        const end = change.kind === 'insert' ? at : at + 1;
        const changed = file.slice(0, at) + change.char + file.slice(end);
        const { history, storage } = store(mine);
        const before = storage.getItem(history.key);
        // What the unchanged file gives, on a copy of the same store.
        const expected = store(mine).history;
        expected.importFile(file);
        const result = history.importFile(changed);
        if (result.ok) expect(history.list()).toEqual(expected.list());
        else {
          expect(result.error).toBeInstanceOf(HistoryFileError);
          expect(storage.getItem(history.key)).toBe(before);
        }
      }),
      { numRuns: 400 },
    );
  });
});

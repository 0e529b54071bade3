/**
 * A finished online game's record, made by the server's own table and physics and seen as a page sees
 * it (GameRecorder): for the tests of "Verify this game" in Node and in other browsers' engines.
 */
import { parseClientMessage } from '../../src/online/protocol.js';
import { freeRows } from '../../src/engine/index.js';
import { GameRecorder, parseGameRecord, type OnlineGameRecord } from '../../src/online/game-record.js';
import { createThrower, RoomTable } from '../../src/table/index.js';
import { secretSeeds } from '../../server/src/game-secret.js';
import { SERVER_NAMES } from '../../server/src/name-key.js';
import { wireThrow } from '../../server/src/room-fanout.js';
import { SERVER_SEAT_KEYS } from '../../server/src/seat-keys.js';

/** A whole game of two people at the server's table, each throwing twice a turn, seen as a page sees it. */
export async function playedRecord(): Promise<OnlineGameRecord> {
  const table = new RoomTable({
    roomId: 'room1',
    thrower: createThrower(),
    seeds: secretSeeds(),
    keys: SERVER_SEAT_KEYS,
    names: SERVER_NAMES,
    parse: parseClientMessage,
  });
  const recorder = new GameRecorder();
  // Every change as a page sees it: a throw's 'thrown' as the wire carries it, then the view.
  table.subscribe((change) => {
    if (change.thrown) recorder.seeThrow(wireThrow(change.thrown));
    recorder.seeView(table.view());
  });
  table.join('a', { name: 'Mari' });
  table.join('b', { name: 'Jüri' });
  await table.request('a', 'start', {});
  let k = 0;
  while (!table.game!.over) {
    const game = table.game!;
    const who = game.current === 0 ? 'a' : 'b';
    if (game.rollsUsed < 2) {
      const gesture = { dirX: Math.sin(k) * 0.5, dirZ: -1, speed: 6 + (k % 10) };
      await table.request(who, 'throw', { gesture });
      k++;
    } else {
      await table.request(who, 'score', { row: freeRows(game)[0]! });
    }
  }
  return parseGameRecord(JSON.parse(JSON.stringify(recorder.record())));
}

/**
 * A finished online game's record, made by the server's own table and physics and seen as a page sees
 * it (GameRecorder): for the tests of "Verify this game" in Node and in other browsers' engines.
 */
import { freeRows } from '../../src/engine/index.js';
import { GameRecorder, parseGameRecord, type OnlineGameRecord } from '../../src/online/game-record.js';
import { createThrower } from '../../server/src/dice-thrower.js';
import { newSeatKey } from '../../server/src/seat-keys.js';
import { Table } from '../../server/src/table.js';
import { newSecret } from '../../server/src/throw-secret.js';

/** A whole game of two people at the server's table, each throwing twice a turn, seen as a page sees it. */
export function playedRecord(): OnlineGameRecord {
  const table = new Table({ roomId: 'room1', thrower: createThrower(), newSecret, newKey: newSeatKey });
  table.join('a', 'Mari');
  table.join('b', 'Jüri');
  table.request('a', 'start', {});
  const recorder = new GameRecorder();
  recorder.seeView(table.view());
  let k = 0;
  while (!table.game!.over) {
    const game = table.game!;
    const who = game.current === 0 ? 'a' : 'b';
    let change;
    if (game.rollsUsed < 2) {
      const gesture = { dirX: Math.sin(k) * 0.5, dirZ: -1, speed: 6 + (k % 10) };
      change = table.request(who, 'throw', { gesture });
      k++;
    } else {
      change = table.request(who, 'score', { row: freeRows(game)[0]! });
    }
    if (change.thrown) recorder.seeThrow(change.thrown);
    recorder.seeView(table.view());
  }
  return parseGameRecord(JSON.parse(JSON.stringify(recorder.record())));
}

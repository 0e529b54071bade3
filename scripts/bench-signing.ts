/**
 * `npm run bench:signing [-- --games N]`: what signing a finished game's record costs the server
 * (server/src/record-signing.ts: the record in canonical form, then Ed25519), in CPU time per game, for
 * a game of two as people play it and for the largest record the rules allow (six players, every turn
 * three throws and as many changes of held dice as the rules take between them). The bound is
 * 1 ms of CPU a game.
 */
import { parseArgs } from 'node:util';
import { apply, freeRows, MAX_HOLD_CHANGES, newGame, type Game } from '../src/engine/index.js';
import type { ProofGesture } from '../src/online/fairness.js';
import type { RoomView } from '../src/online/protocol.js';
import { RecordSigner, RecordStamps } from '../server/src/record-signing.js';
import { commitment, newSecret } from '../server/src/throw-secret.js';

const { values } = parseArgs({ options: { games: { type: 'string' } } });
const GAMES = Number(values.games ?? 2000);

/**
 * A finished game: `players` players, each turn three throws with `holds` changes of held dice before
 * each of the last two.
 */
function finishedGame(players: number, holds: number): Game {
  let game = newGame({ players: Array.from({ length: players }, (_, i) => `Player ${i + 1}`), seed: 1 });
  let k = 0;
  while (!game.over) {
    for (let roll = 0; roll < 3; roll++) {
      if (roll > 0) {
        // Dice 0 and 1 by turns: an odd number of changes leaves one held, the others free to throw.
        for (let h = 0; h < holds; h++) {
          const index = h % 2;
          game = apply(game, { type: 'hold', index, held: !game.held[index] });
        }
      }
      game = apply(game, { type: 'roll', faces: [1 + (k % 6), 2, 3, 4, 5 - (k++ % 3)] });
    }
    game = apply(game, { type: 'score', row: freeRows(game)[0]! });
  }
  return game;
}

function finalView(game: Game): RoomView {
  const secret = newSecret();
  const rolls = game.log.filter((a) => a.type === 'roll').length;
  const gestures = Array.from({ length: rolls }, (_, n): ProofGesture => [
    Math.sin(n) * 0.5,
    -1,
    6 + (n % 10),
  ]);
  return {
    roomId: 'AbCdEf123',
    phase: 'over',
    host: 0,
    seats: game.players.map((p) => ({ name: p.name, kind: 'human', connected: true, standIn: false })),
    rules: game.rules,
    game,
    proof: { commitment: commitment(secret), secret, gestures },
    claims: [],
    rematch: [],
    clock: {
      seconds: 60,
      pace: 'live',
      left: null,
      endsAt: null,
      ranOut: null,
      nudgedBy: null,
      timeUp: 'stand-in',
    },
    version: 1,
  } as RoomView;
}

const signer = RecordSigner.ephemeral();
for (const [name, game] of [
  ['a game of two, one throw a turn', finishedGame(2, 0)],
  ['the largest record: six players, every hold change the rules take', finishedGame(6, MAX_HOLD_CHANGES)],
] as const) {
  const view = finalView(game);
  const bytes = JSON.stringify(new RecordStamps(signer).stamp(view)).length;
  for (let i = 0; i < 50; i++) new RecordStamps(signer).stamp(view); // warm up
  const start = process.cpuUsage();
  for (let i = 0; i < GAMES; i++) new RecordStamps(signer).stamp(view);
  const used = process.cpuUsage(start);
  const perGame = (used.user + used.system) / GAMES / 1000;
  console.log(
    `${name}: ${game.log.length} actions, record ${(bytes / 1000).toFixed(1)} kB: ` +
      `${perGame.toFixed(3)} ms CPU a game to sign (${GAMES} games)`,
  );
}

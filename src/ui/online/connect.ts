/**
 * Coming into an online room, all of it in the chunk that online play loads: the room over the
 * Colyseus SDK, the session that plays it, and the wait for the room's welcome.
 */
import { roomIdFrom, type JoinOptions } from '../../online/protocol.js';
import { DicePokerError } from '../errors.js';
import type { ThrowPlayer } from '../session/game-session.js';
import { OnlineSession } from '../session/OnlineSession.js';
import { GameRecorder } from '../../online/game-record.js';
import { openRoom, type Entry } from './colyseus-link.js';

/** How long a room has to welcome a page that came in, ms. */
const WELCOME_MS = 10_000;

/** How a page comes into a room: by creating one, by a room id or an invite link, or back to its seat. */
export type Way = Entry | { invite: string; options: JoinOptions };

/** Opens the room and resolves once it has welcomed this page (its seat and the room are known). */
export async function connect(server: string, way: Way, player: ThrowPlayer): Promise<OnlineSession> {
  let entry: Entry;
  if ('invite' in way) {
    const roomId = typeof way.invite === 'string' ? roomIdFrom(way.invite) : null;
    if (!roomId) throw new DicePokerError('bad-room-id', 'That is not a room id or an invite link');
    entry = { join: roomId, options: way.options };
  } else entry = way;
  const session = new OnlineSession(await openRoom(server, entry), player, new GameRecorder());
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => {
      stop();
      reject(new DicePokerError('server-unavailable', 'The room did not answer'));
    }, WELCOME_MS);
    const stop = session.subscribe(() => {
      if (!session.room) return;
      clearTimeout(timer);
      stop();
      resolve();
    });
  });
  return session;
}

/**
 * Asks the game server which of this browser's online games are where (src/online/my-games.ts), by the
 * seat keys it keeps. A server that does not keep games (one on Redis) or cannot be reached answers
 * nothing: the list is then not shown.
 */
import { MAX_MY_GAMES_KEYS, MY_GAMES_PATH, type MyGame } from '../../online/my-games.js';

/** My games on the server at `serverUrl` (http(s)), or null when it cannot tell. */
export async function fetchMyGames(serverUrl: string, keys: readonly string[]): Promise<MyGame[] | null> {
  if (keys.length === 0) return [];
  try {
    const res = await fetch(new URL(MY_GAMES_PATH, serverUrl), {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ keys: keys.slice(0, MAX_MY_GAMES_KEYS) }),
    });
    if (!res.ok) return null;
    const games = ((await res.json()) as { games?: unknown }).games;
    return Array.isArray(games) ? (games as MyGame[]) : null;
  } catch {
    return null;
  }
}

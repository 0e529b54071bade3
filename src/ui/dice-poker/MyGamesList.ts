/**
 * "My games" for online play: every online game this browser keeps a seat in (SeatStore), as the game
 * server tells them (src/online/my-games.ts), made into the rows <dp-my-games> shows, those waiting on
 * me first. Read when the start panel opens, and again every 15 s while it stays open.
 */
import type { MyGame } from '../../online/my-games.js';
import type { MyGameRow, MyGamesView } from '../components/dp-my-games/dp-my-games.js';
import '../components/dp-my-games/dp-my-games.js';
import { stringsFor, type Lang } from '../i18n/index.js';
import { onlineStringsFor } from '../i18n/online-strings.js';
import { fetchMyGames } from '../online/my-games-client.js';
import type { SeatStore } from '../online/SeatStore.js';
import { shownName } from '../shown-names.js';
import { Observable } from './Observable.js';

/** How often the list is read again while it is shown, ms. */
const READ_EVERY_MS = 15_000;

/** Whether it is `game`'s seat of mine to act. */
export function waitsOnMe(game: MyGame): boolean {
  return game.phase === 'playing' && game.current === game.seat;
}

/** The rows of the list in `lang`, those waiting on me first, then the last changed; the time is `now`. */
export function myGameRows(games: readonly MyGame[], lang: Lang, now: number): MyGameRow[] {
  const o = onlineStringsFor(lang);
  // No person may sit online under a computer seat's name, so every such name is a computer's.
  const shown = (name: string) => shownName(name, true, stringsFor(lang));
  const order = (g: MyGame) => (waitsOnMe(g) ? 0 : g.phase === 'playing' ? 1 : g.phase === 'lobby' ? 2 : 3);
  return [...games]
    .sort((a, b) => order(a) - order(b) || b.changedAt - a.changedAt)
    .map((game) => {
      const mine = waitsOnMe(game);
      const others = game.players.filter((_, i) => i !== game.seat).map(shown);
      let status =
        game.phase === 'lobby'
          ? o.inLobby
          : game.phase === 'over' || game.current === null
            ? o.finished
            : mine
              ? game.nudged
                ? `${o.yourTurn} · ${o.nudgedMark}`
                : o.yourTurn
              : o.turnOf(shown(game.players[game.current] ?? ''));
      if (game.endsAt !== null && game.phase === 'playing') {
        status += ` · ${o.leftOfTurn(o.longLeft(Math.max(0, (game.endsAt - now) / 1000)))}`;
      }
      return {
        roomId: game.roomId,
        players: o.withYou(others),
        status,
        detail: o.lastMove(o.longLeft(Math.max(60, (now - game.changedAt) / 1000))),
        mine,
      };
    });
}

export class MyGamesList extends Observable {
  private games: MyGame[] | null = null;
  private timer: ReturnType<typeof setInterval> | undefined;
  private reading = false;

  constructor(
    private readonly seats: () => SeatStore,
    private readonly serverUrl: () => string,
  ) {
    super();
  }

  /** Reads the list now, and every READ_EVERY_MS until `stop`. */
  start(): void {
    void this.read();
    this.timer ??= setInterval(() => void this.read(), READ_EVERY_MS);
  }

  stop(): void {
    clearInterval(this.timer);
    this.timer = undefined;
  }

  /** How many of my games wait on me (as last read). */
  get waiting(): number {
    return this.games?.filter(waitsOnMe).length ?? 0;
  }

  /** What <dp-my-games> shows (but the game this page is in, `current`), or null when there is nothing to show. */
  view(lang: Lang, current: string | null, now = Date.now()): MyGamesView | null {
    const games = (this.games ?? []).filter((game) => game.roomId !== current);
    if (games.length === 0) return null;
    const o = onlineStringsFor(lang);
    const waiting = games.filter(waitsOnMe).length;
    return {
      title: o.myGames,
      waiting: waiting > 0 ? o.waitingOnYou(waiting) : '',
      open: o.open,
      rows: myGameRows(games, lang, now),
    };
  }

  private async read(): Promise<void> {
    if (this.reading) return;
    const keys = this.seats()
      .rooms()
      .map(({ seat }) => seat.key);
    if (keys.length === 0) return;
    this.reading = true;
    try {
      const games = await fetchMyGames(this.serverUrl(), keys);
      if (games) this.games = games;
    } finally {
      this.reading = false;
    }
    this.changed();
  }
}

import type { Game } from '../../engine/index.js';
import type { Lang } from '../i18n/index.js';
import { onlineStringsFor } from '../i18n/online-strings.js';
import type { OnlineSession } from '../session/OnlineSession.js';
import type { OnlineView } from './dice-poker.view-model.js';
import type { GameProofCheck } from './GameProofCheck.js';
import type { MyGamesList } from './MyGamesList.js';
import { onlineBarView, roomNotice } from './online-bar.js';
import { rematchView } from './room-asks.js';
import { inviteUrl, watchUrl } from './room-links.js';
import type { RoomRejoin } from './RoomRejoin.js';
import type { SeatMove } from './SeatMove.js';
import type { TurnSignal } from './TurnSignal.js';

/** What online play's view is made of: OnlinePlay's state. */
export interface OnlinePlayState {
  readonly session: OnlineSession | null;
  /** The room an invite named, until this page joins it or goes back. */
  readonly invitedTo: string | null;
  readonly invitedBy: string;
  /** A join is on its way. */
  readonly joining: boolean;
  readonly lastName: string;
  /** The invite is to another game than the one this browser holds a seat in, which is kept meanwhile. */
  readonly keptElsewhere: boolean;
  readonly rejoin: RoomRejoin;
  readonly proof: GameProofCheck;
  readonly myGames: MyGamesList;
  readonly seatMove: SeatMove;
  readonly turn: TurnSignal;
}

/**
 * What the view shows of online play, with `game` the game shown; the turn signal follows it (the page's
 * title and a notification say when it becomes my turn).
 */
export function onlinePlayView(play: OnlinePlayState, lang: Lang, game: Game | null): OnlineView {
  const { session } = play;
  const room = session?.room ?? null;
  const playing = room?.phase === 'playing' && !!game && !game.over;
  const away = playing
    ? room.seats
        .filter((s, i) => s.kind === 'human' && !s.connected && !game.players[i]?.out)
        .map((s) => s.name)
    : [];
  const claiming = session?.claiming ?? null;
  const seat = session?.online?.seat ?? -1;
  const watching = session?.watching ?? false;
  const seated = seat >= 0 && claiming === null;
  const nudgedBy = room?.clock.nudgedBy ?? null;
  play.turn.follow(
    playing && claiming === null && game.current === seat,
    lang,
    room?.roomId ?? '',
    game?.players.filter((_, i) => i !== seat).map((p) => p.name) ?? [],
    nudgedBy !== null ? (game?.players[nudgedBy]?.name ?? '') : '',
  );
  const record = session?.gameRecord ?? null;
  const words = onlineStringsFor(lang);
  return {
    lobby: room?.phase === 'lobby' && claiming === null ? room : null,
    seat,
    invite: room ? inviteUrl(room.roomId, room.seats[room.host]?.name) : '',
    invitedBy: play.invitedBy,
    joining: (play.invitedTo !== null && !session) || claiming !== null,
    busy: play.joining,
    notice: roomNotice(words, room, {
      awaySince: play.rejoin.awaySince,
      moving: play.rejoin.active || !!session?.closing,
      saving: session?.saving ?? false,
      away,
    }),
    claiming: claiming !== null ? (room?.seats[claiming]?.name ?? '') : null,
    bar: room
      ? onlineBarView(words, room, seat, playing && claiming === null ? game : null, {
          turnEndsAt: session?.turnEndsAt ?? null,
          watching,
          notifying: play.turn.notifying,
          notifyOfferable: play.turn.offerable,
        })
      : null,
    proof: record ? play.proof.view(lang, record) : play.proof.openedView(lang),
    myGames: play.myGames.view(lang, session?.roomId ?? null),
    playerName: play.lastName,
    keptElsewhere: play.keptElsewhere && play.invitedTo !== null && !session,
    rematch: room?.phase === 'over' && seated ? rematchView(words, room, seat) : null,
    watching,
    saving: session?.saving ?? false,
    watchLink: room ? watchUrl(room.roomId) : '',
    move:
      room && seated && !watching ? { label: words.moveSeat, link: play.seatMove.shown(room.roomId) } : null,
  };
}

import type { Game, RowId, RuleSetId } from '../../engine/index.js';
import type { SolverClient } from '../coach/SolverClient.js';
import type { SeatKind } from '../coach/seats.js';
import type { HighScore } from '../persistence/index.js';
import type { Strings } from '../i18n/index.js';
import type { NewGameOptions } from '../new-game-options.js';
import type { BotId } from '../../engine/bots/index.js';
import type { RoomPace, RoomView, TimeUp } from '../../online/protocol.js';
import type { ClaimView, NudgeView } from '../components/dp-online-bar/dp-online-bar.component.js';
import type { MyGamesView } from '../components/dp-my-games/dp-my-games.component.js';
import type { GameProofWords } from '../components/dp-game-proof/dp-game-proof.component.js';
import type { PlayHistory } from './PlayHistory.js';

// What <dice-poker> shows, as data: the view (dice-poker.view.ts) renders it, the element and its
// controllers make it.

/** Online play as the view shows it. */
export interface OnlineView {
  /** The room while it waits for its game (the lobby), else null. */
  lobby: RoomView | null;
  /** This page's seat in the room (-1 when not in one). */
  seat: number;
  /** The room's invite link. */
  invite: string;
  /** Who invited this page, as the invite link names them ('' when it does not). */
  invitedBy: string;
  /** The page was opened from an invite and has not joined yet: the join panel shows. */
  joining: boolean;
  /** A join is on its way. */
  busy: boolean;
  /** A word on the room: its server going or gone (the game goes on in a moment), or who is away. */
  notice: string;
  /** The name of the seat this page asks for without its key (waiting for the host), or null. */
  claiming: string | null;
  /** The bar over the table (turn clock, asks for a seat), or null when it has nothing to show. */
  bar: OnlineBarView | null;
  /** "Verify this game" after an online game, or null. */
  proof: GameProofView | null;
  /** My games, under the start panel, or null. */
  myGames: MyGamesView | null;
  /** The name this page last played online under ('' before any): offered when no game is shown. */
  playerName: string;
  /** The join panel is for an invite to another game than the one this browser holds a seat in (kept). */
  keptElsewhere: boolean;
  /** After an online game, the rematch (see RematchView), or null. */
  rematch: RematchView | null;
  /** This page watches the room (a watch link): no seat, no part in the game. */
  watching: boolean;
  /** The room's last change waits to be stored (its server's database away a moment). */
  saving: boolean;
  /** The room's watch link ('' when not in a room). */
  watchLink: string;
  /**
   * For a person seated online: the top bar's button that makes a link to play the seat on another
   * device, and that link while its panel is open (see <dp-move-link>); null otherwise.
   */
  move: { label: string; link: { url: string; until: number } | null } | null;
}

/** A rematch after an online game: the button (spent once this page asked), and who asks or is waited for. */
export interface RematchView {
  label: string;
  asked: boolean;
  /** Who asks for one, or whom it waits for ('' when no one has asked). */
  note: string;
}

/** What <dp-online-bar> shows (see it). */
export interface OnlineBarView {
  clockEndsAt: number | null;
  clockLabel: string;
  /** At one's own pace, how the time left is written (the clock is shown all the turn); else null. */
  longLeft: ((seconds: number) => string) | null;
  /** At one's own pace, the switch for notifications of my turn (null where it cannot be had). */
  notify: { on: boolean; label: string } | null;
  /** At one's own pace, the nudge of the person whose turn it is (see <dp-online-bar>), or null. */
  nudge: NudgeView | null;
  /** For one who watches: whom (`label`), and the button that stops (`leave`); else null. */
  watching: { label: string; leave: string } | null;
  claims: ClaimView[];
  letIn: string;
  refuse: string;
}

/** What <dp-game-proof> shows (see it). */
export interface GameProofView {
  words: GameProofWords;
  result: string;
  busy: boolean;
  failed: boolean;
  /** After this room's game (Verify and Save it); false for a saved record opened from the start panel. */
  roomGame: boolean;
}

/** What <dice-poker> shows, and where the player's requests go: the element's template as data. */
export interface DicePokerView {
  strings: Strings;
  language: 'et' | 'en';
  game: Game | null;
  seats: SeatKind[];
  rules: RuleSetId;
  busy: boolean;
  settingUp: boolean;
  botTurn: boolean;
  /** Online, another seat is playing now (this page only watches). */
  othersTurn: boolean;
  hintsOn: boolean;
  /** The name the player last played under, kept between visits ('' before any): offered where a name is asked. */
  lastName: string;
  /** "How to play": open now (over everything, the rest inert), and offered at all (not `no-guide`). */
  guide: { open: boolean; offered: boolean };
  showReview: boolean;
  muted: boolean;
  noWebgl: boolean;
  /** A lasting word to the player (e.g. a saved game that could not be resumed). */
  notice: string;
  message: string;
  announcement: string;
  solver: SolverClient | null;
  history: HighScore[];
  /** The finished games with their reviews, and whether the History panel is open. */
  playHistory: Pick<PlayHistory, 'open' | 'games' | 'note'>;
  online: OnlineView;
  on: {
    roll(): void;
    hold(index: number): void;
    score(row: RowId): void;
    start(options: NewGameOptions): void;
    setUp(open: boolean): void;
    /** "New game" in the top bar: the new-game panel, once no dice are in the air. */
    newGame(): void;
    toggleLang(): void;
    toggleHints(): void;
    openGuide(): void;
    closeGuide(): void;
    toggleMute(): void;
    showReview(): void;
    skipBot(): void;
    clearHistory(): void;
    openHistory(): void;
    closeHistory(): void;
    importHistory(text: string): void;
    host(name: string): void;
    join(name: string): void;
    startOnline(): void;
    addBot(kind: BotId): void;
    removeSeat(seat: number): void;
    leave(): void;
    answerClaim(seat: number, admit: boolean): void;
    setClock(seconds: number, pace: RoomPace, timeUp?: TimeUp): void;
    setRoomRules(rules: RuleSetId): void;
    openGame(roomId: string): void;
    notifyTurn(on: boolean): void;
    nudge(): void;
    rematch(): void;
    moveLink(): void;
    closeMoveLink(): void;
    checkRecord(): void;
    verify(): void;
    saveRecord(): void;
  };
}

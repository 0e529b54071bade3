import type { BotId } from '../../engine/bots/bot.js';
import type { OnlineErrorCode } from '../../online/protocol.js';
import { en } from './online-en.js';
import { et } from './online-et.js';
import type { Lang } from './strings.js';

/**
 * The words of online play's panel (joining, the room before the game): they load with that panel,
 * a chunk of its own, not with the table.
 */
export interface OnlineStrings {
  join: string;
  joinTitle: string;
  yourName: string;
  invite: string;
  inviteHelp: string;
  copy: string;
  copied: string;
  seats: string;
  host: string;
  you: string;
  away: string;
  addComputer: string;
  computer: Partial<Record<BotId, string>>;
  remove: (name: string) => string;
  start: string;
  waitingForHost: string;
  needTwo: string;
  leave: string;
  back: string;
  joining: string;
  /** The players whose connection dropped, named. */
  playersAway: (names: string) => string;
  /** The room's server is going or gone; the game goes on in a moment through another. */
  serverMoving: string;
  /** The game server cannot be reached, tried again and again for `seconds`: the game is kept. */
  serverAway: (seconds: number) => string;
  /** The server cannot store the game's last change yet (its database is away): it goes on once stored. */
  serverSaving: string;
  /** The game server stayed away: what the player can do (the game is kept with the room). */
  serverGone: string;
  /** The server no longer has the game (it ended, or was never kept): what the player can do. */
  gameGone: string;
  /** An invite to another game was opened while this browser has a seat in one: that one is kept. */
  otherGameKept: string;
  /** A person left the table for good. */
  playerLeft: (name: string) => string;
  /** Who is host now, after the host left. */
  hostNow: (name: string) => string;
  youAreHostNow: string;
  /** A person's time for the turn ran out: a computer plays the rest of it. */
  timeRanOut: (name: string) => string;
  /** The turn clock's label: whose turn, and that the time is running out. */
  timeLeft: (name: string) => string;
  yourTimeLeft: string;
  /** Hours or days left of a turn at one's own pace: `2 d 3 h`, `5 h 12 min`. */
  longLeft: (seconds: number) => string;
  /** The host's choice of how the room is played and how long a turn may take. */
  turnClock: string;
  /** A time for a turn: seconds or minutes live, hours or days at one's own pace. */
  duration: (seconds: number) => string;
  live: string;
  ownPace: string;
  /** What each way of playing means. */
  liveHelp: string;
  /** What playing at one's own pace means; `forfeit`: a turn run out puts its player out of the game. */
  ownPaceHelp: (duration: string, forfeit: boolean) => string;
  /** The host's choice of what a turn run out does, and its two answers. */
  whenTimeIsUp: string;
  timeUpStandIn: string;
  timeUpForfeit: string;
  /** Those whose time ran out and who are out of the game (they forfeited). */
  outOfGame: (names: string) => string;
  /** My games: the list of this browser's online games. */
  myGames: string;
  waitingOnYou: (count: number) => string;
  open: string;
  /** Who plays: the others by name, and me. */
  withYou: (others: string[]) => string;
  yourTurn: string;
  /** A notification's title: my turn in an online game. */
  yourTurnNotice: string;
  /** The bar's switch for notifications of my turn. */
  notifyTurn: string;
  notifyingTurn: string;
  turnOf: (name: string) => string;
  /** A turn's time left at one's own pace (`longLeft`'s words). */
  leftOfTurn: (left: string) => string;
  inLobby: string;
  finished: string;
  lastMove: (ago: string) => string;
  /** One asks to take a seat by its name, without its key. */
  claimAsks: (name: string) => string;
  letIn: string;
  refuse: string;
  /** This page asks for a seat by name and waits for the host. */
  claimWaiting: (name: string) => string;
  /** On the join panel: who sent the invite. */
  invitedBy: (name: string) => string;
  /** The bar's button that reminds the person whose turn it is. */
  nudge: (name: string) => string;
  /** After a nudge this turn: who nudged whom (`you` when it is me). */
  nudged: (by: string, whom: string) => string;
  /** I was nudged: it is my turn, someone is waiting. */
  nudgedYou: (by: string) => string;
  /** In My games: I was nudged in this game. */
  nudgedMark: string;
  /** After an online game: ask for a rematch; agree to one others asked for; asked already. */
  rematch: string;
  rematchAgree: string;
  rematchAskedByYou: string;
  /** Others ask for a rematch. */
  rematchAsked: (names: string[]) => string;
  /** I asked: whom the rematch waits for. */
  rematchWaiting: (names: string[]) => string;
  /** The link that lets anyone watch the game (no seat), and what it does. */
  watchLink: string;
  watchHelp: string;
  /** The top bar's button that makes a link to play this seat on another device. */
  moveSeat: string;
  moveTitle: string;
  /** What the link does, and that it works once, for `minutes`. */
  moveHelp: (minutes: number) => string;
  /** Until when the link works (a time of day). */
  moveUntil: (time: string) => string;
  share: string;
  close: string;
  /** The bar of one who watches: whom they watch, and the way out. */
  watchingGame: (names: string[]) => string;
  stopWatching: string;
  /** The panel of one who watches, before the game. */
  watchingTitle: string;
  /** Why the room refused a request. */
  errors: Record<OnlineErrorCode, string>;
}

const TABLES: Record<Lang, OnlineStrings> = { et, en };

/** Online play's words in a language. */
export function onlineStringsFor(lang: Lang): OnlineStrings {
  return TABLES[lang];
}

import type { BotId } from '../../engine/bots/bot.js';
import type { OnlineErrorCode } from '../../online/protocol.js';
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

/** Days and hours, or hours and minutes, or minutes left, with the language's units (day, hour, minute). */
function longLeft(seconds: number, [day, hour, minute]: readonly [string, string, string]): string {
  const minutes = Math.max(0, Math.ceil(seconds / 60));
  const d = Math.floor(minutes / 1440);
  const h = Math.floor((minutes % 1440) / 60);
  const m = minutes % 60;
  if (d > 0) return h > 0 ? `${d} ${day} ${h} ${hour}` : `${d} ${day}`;
  if (h > 0) return m > 0 ? `${h} ${hour} ${m} ${minute}` : `${h} ${hour}`;
  return `${m} ${minute}`;
}

const en: OnlineStrings = {
  serverMoving: 'The game server is restarting: your game goes on in a moment…',
  serverAway: (seconds) => `No game server for ${seconds} s: trying again, your game is kept…`,
  serverSaving: 'The server is saving your game: it goes on as soon as it is stored…',
  serverGone:
    'The game server cannot be reached. Your game is kept: open its invite link again later to go on.',
  gameGone:
    'This game is no longer on the server (it has ended). Start a new game here, or ask for a new invite link.',
  otherGameKept: 'Your other game is kept: open it again from My games.',
  playerLeft: (name) => `${name} left the game.`,
  hostNow: (name) => `${name} is the host now.`,
  youAreHostNow: 'You are the host now.',
  timeRanOut: (name) => `Time is up for ${name}: a computer plays this turn.`,
  timeLeft: (name) => `Time left for ${name}`,
  yourTimeLeft: 'Your time left',
  longLeft: (s) => longLeft(s, ['d', 'h', 'min']),
  myGames: 'My games',
  waitingOnYou: (n) => `${n} waiting on you`,
  open: 'Open',
  withYou: (others) => (others.length > 0 ? `${others.join(', ')} and you` : 'You'),
  yourTurn: 'Your turn',
  yourTurnNotice: 'Your turn in Täringupokker',
  notifyTurn: 'Notify me of my turn',
  notifyingTurn: 'Notifying you of your turn',
  turnOf: (name) => `${name}’s turn`,
  leftOfTurn: (left) => `${left} left`,
  inLobby: 'Waiting to start',
  finished: 'Game over',
  lastMove: (ago) => `Last move ${ago} ago`,
  turnClock: 'Time for a turn',
  duration: (n) =>
    n >= 86_400
      ? `${n / 86_400} ${n === 86_400 ? 'day' : 'days'}`
      : n >= 3600
        ? `${n / 3600} ${n === 3600 ? 'hour' : 'hours'}`
        : n % 60 === 0
          ? `${n / 60} min`
          : `${n} s`,
  live: 'Live',
  ownPace: 'At your own pace',
  liveHelp:
    'Everyone is at the table together, taking turns, each turn timed. A computer plays for anyone who leaves.',
  ownPaceHelp: (duration, forfeit) =>
    `Take your turns when you like: each has ${duration}. Seats wait for their players; ${forfeit ? 'a player whose time is up is out of the game.' : 'when time is up a computer plays that turn.'}`,
  whenTimeIsUp: 'When time is up',
  timeUpStandIn: 'a computer plays the turn',
  timeUpForfeit: 'the player is out',
  outOfGame: (names) => `Out of the game, their time up: ${names}.`,
  claimAsks: (name) =>
    `Someone asks to come back as ${name} without ${name}’s seat key. Let them in only if it is really ${name}.`,
  letIn: 'Let in',
  refuse: 'Refuse',
  invitedBy: (name) => `${name} invites you to a game of dice poker.`,
  claimWaiting: (name) =>
    `A player called ${name} is at this table already: the host has been asked to let you in as ${name}. Waiting for an answer…`,
  playersAway: (names) => `Connection lost: ${names}. Waiting for them to come back…`,
  errors: {
    'not-your-turn': 'It is another player’s turn.',
    'not-host': 'Only the host can do that.',
    'bad-message': 'The game server did not understand that.',
    'too-many-messages': 'Too fast: wait a moment.',
    'room-full': 'That game is full.',
    'game-started': 'That game has already started.',
    'bad-room-id': 'That is not an invite link.',
    'room-not-found': 'There is no such game (it may have ended).',
    'not-enough-players': 'A game online needs at least 2 players.',
    offline: 'Not connected to the game.',
    'server-unavailable': 'The game server cannot be reached.',
    'too-many-rooms': 'Too many games opened from here: wait a minute and try again.',
    'seat-claimed': 'Someone is already asking to take that seat.',
    'claim-refused': 'You were not let in to that seat.',
    'moved-elsewhere': 'This game was opened in another tab or on another device.',
    'nothing-to-nudge': 'There is no one to nudge: it is no other player’s turn.',
    'already-nudged': 'They were nudged this turn already.',
    'not-over': 'A rematch is asked for once the game is over.',
    watching: 'You are watching this game: only its players play.',
    'too-many-watchers': 'As many people are watching that game as it takes: try again later.',
    'seat-needs-key':
      'That seat is taken in a game under way. To play it here, press “Another device” on the device that has it, and open its link here.',
    'move-link-used':
      'That link was used already or has lapsed. Make a new one with “Another device” on the device that has the seat.',
    removed: 'The host removed you from the table.',
    'claim-lapsed': 'No one answered your ask for that seat in time. You can ask again.',
  },
  watchLink: 'Link to watch',
  watchHelp: 'Anyone with this link sees the game live, without a seat.',
  moveSeat: 'Another device',
  moveTitle: 'Play on another device',
  moveHelp: (minutes) =>
    `Open this link on your other device to play your seat there; this one then stops. It works once, for ${minutes} minutes. Keep it to yourself: whoever opens it takes your seat.`,
  moveUntil: (time) => `Works until ${time}.`,
  share: 'Share',
  close: 'Close',
  watchingGame: (names) => `Watching ${names.join(', ')}`,
  stopWatching: 'Stop watching',
  watchingTitle: 'Watching a game',
  nudge: (name) => `Nudge ${name}`,
  nudged: (by, whom) => `${by} nudged ${whom}`,
  nudgedYou: (by) => `${by} nudges you: it is your turn.`,
  nudgedMark: 'nudged',
  rematch: 'Rematch',
  rematchAgree: 'Yes, rematch',
  rematchAskedByYou: 'Rematch asked for',
  rematchAsked: (names) => `${names.join(', ')} ${names.length > 1 ? 'ask' : 'asks'} for a rematch.`,
  rematchWaiting: (names) => `Rematch: waiting for ${names.join(', ')} to agree…`,
  join: 'Join',
  joinTitle: 'Join a game online',
  yourName: 'Your name',
  invite: 'Invite link',
  inviteHelp: 'Send this link to your friends: it opens this game for them.',
  copy: 'Copy',
  copied: 'Copied',
  seats: 'At the table',
  host: 'host',
  you: 'you',
  away: 'away',
  addComputer: 'Add a computer',
  computer: { winner: 'plays to win', optimal: 'optimal', good: 'good', easy: 'beginner' },
  remove: (name) => `Remove ${name}`,
  start: 'Start the game',
  waitingForHost: 'Waiting for the host to start…',
  needTwo: 'A game online needs at least 2 players.',
  leave: 'Leave',
  back: 'Back',
  joining: 'Connecting…',
};

const et: OnlineStrings = {
  serverMoving: 'Mänguserver taaskäivitub: mäng jätkub hetke pärast…',
  serverAway: (seconds) => `Mänguserver pole ${seconds} s kättesaadav: proovin uuesti, mäng on alles…`,
  serverSaving: 'Server salvestab mängu: see jätkub kohe, kui on salvestatud…',
  serverGone: 'Mänguserverit ei saa kätte. Mäng on alles: ava selle kutselink hiljem uuesti, et jätkata.',
  gameGone: 'Seda mängu serveris enam pole (see on lõppenud). Alusta siin uut mängu või küsi uus kutselink.',
  otherGameKept: 'Sinu teine mäng on alles: ava see uuesti jaotisest „Minu mängud“.',
  playerLeft: (name) => `${name} lahkus mängust.`,
  hostNow: (name) => `Nüüd on võõrustaja ${name}.`,
  youAreHostNow: 'Nüüd oled võõrustaja sina.',
  timeRanOut: (name) => `${name} aeg sai otsa: selle käigu mängib arvuti.`,
  timeLeft: (name) => `${name} aega jäänud`,
  yourTimeLeft: 'Sinu aega jäänud',
  longLeft: (s) => longLeft(s, ['p', 't', 'min']),
  myGames: 'Minu mängud',
  waitingOnYou: (n) => `${n} ootab sind`,
  open: 'Ava',
  withYou: (others) => (others.length > 0 ? `${others.join(', ')} ja sina` : 'Sina'),
  yourTurn: 'Sinu käik',
  yourTurnNotice: 'Sinu käik täringupokkeris',
  notifyTurn: 'Teavita mind minu käigust',
  notifyingTurn: 'Teavitan sind sinu käigust',
  turnOf: (name) => `${name} käik`,
  leftOfTurn: (left) => `${left} jäänud`,
  inLobby: 'Ootab algust',
  finished: 'Mäng läbi',
  lastMove: (ago) => `Viimane käik ${ago} tagasi`,
  turnClock: 'Aega käigu kohta',
  duration: (n) =>
    n >= 86_400
      ? `${n / 86_400} ${n === 86_400 ? 'päev' : 'päeva'}`
      : n >= 3600
        ? `${n / 3600} ${n === 3600 ? 'tund' : 'tundi'}`
        : n % 60 === 0
          ? `${n / 60} min`
          : `${n} s`,
  live: 'Otse',
  ownPace: 'Omas tempos',
  liveHelp:
    'Kõik on korraga laua taga ja käivad kordamööda, iga käik on ajastatud. Lahkunu eest mängib arvuti.',
  ownPaceHelp: (duration, forfeit) =>
    `Tee oma käik, millal soovid: igaühel on ${duration}. Kohad ootavad oma mängijaid; ${forfeit ? 'kelle aeg saab täis, langeb mängust välja.' : 'kui aeg saab täis, mängib selle käigu arvuti.'}`,
  whenTimeIsUp: 'Kui aeg saab täis',
  timeUpStandIn: 'käigu mängib arvuti',
  timeUpForfeit: 'mängija langeb välja',
  outOfGame: (names) => `Aeg sai täis, mängust väljas: ${names}.`,
  claimAsks: (name) =>
    `Keegi palub naasta kui ${name}, ilma selle koha võtmeta. Lase sisse ainult siis, kui see on tõesti ${name}.`,
  letIn: 'Lase sisse',
  refuse: 'Keeldu',
  invitedBy: (name) => `${name} kutsub sind täringupokkerit mängima.`,
  claimWaiting: (name) =>
    `Mängija nimega ${name} on juba selles mängus: võõrustajalt küsiti, kas lasta sind sisse kui ${name}. Ootan vastust…`,
  playersAway: (names) => `Ühendus katkes: ${names}. Ootan, kuni nad naasevad…`,
  errors: {
    'not-your-turn': 'Praegu on teise mängija käik.',
    'not-host': 'Seda saab teha ainult võõrustaja.',
    'bad-message': 'Mänguserver ei saanud sellest aru.',
    'too-many-messages': 'Liiga kiiresti: oota hetk.',
    'room-full': 'See mäng on täis.',
    'game-started': 'See mäng on juba alanud.',
    'bad-room-id': 'See ei ole kutselink.',
    'room-not-found': 'Sellist mängu pole (see võis lõppeda).',
    'not-enough-players': 'Võrgumängus peab olema vähemalt 2 mängijat.',
    offline: 'Mänguga pole ühendust.',
    'server-unavailable': 'Mänguserverit ei saa kätte.',
    'too-many-rooms': 'Siit on avatud liiga palju mänge: oota minut ja proovi uuesti.',
    'seat-claimed': 'Seda kohta juba palutakse.',
    'claim-refused': 'Sind ei lastud sellele kohale.',
    'moved-elsewhere': 'See mäng avati teisel vahelehel või teises seadmes.',
    'nothing-to-nudge': 'Kedagi pole meelde tuletada: praegu pole teise mängija käik.',
    'already-nudged': 'Talle on sel käigul juba meelde tuletatud.',
    'not-over': 'Kordusmängu saab küsida, kui mäng on läbi.',
    watching: 'Sa vaatad seda mängu: mängivad ainult selle mängijad.',
    'too-many-watchers': 'Seda mängu vaatab juba nii palju inimesi, kui see lubab: proovi hiljem uuesti.',
    'seat-needs-key':
      'See koht on pooleli mängus võetud. Et seda siin mängida, vajuta „Teine seade” seadmes, kus koht on, ja ava selle link siin.',
    'move-link-used':
      'Seda linki on juba kasutatud või see on aegunud. Tee uus nupuga „Teine seade” seadmes, kus koht on.',
    removed: 'Võõrustaja eemaldas sind laua tagant.',
    'claim-lapsed': 'Keegi ei vastanud õigel ajal sinu palvele selle koha järele. Võid uuesti paluda.',
  },
  watchLink: 'Vaatamislink',
  watchHelp: 'Selle lingiga näeb igaüks mängu otse, ilma kohata laua taga.',
  moveSeat: 'Teine seade',
  moveTitle: 'Mängi teises seadmes',
  moveHelp: (minutes) =>
    `Ava see link oma teises seadmes, et oma kohta seal mängida; see seade jääb siis kõrvale. Link töötab ühe korra, ${minutes} minutit. Hoia see endale: kes selle avab, võtab sinu koha.`,
  moveUntil: (time) => `Kehtib kuni ${time}.`,
  share: 'Jaga',
  close: 'Sulge',
  watchingGame: (names) => `Vaatad: ${names.join(', ')}`,
  stopWatching: 'Lõpeta vaatamine',
  watchingTitle: 'Vaatad mängu',
  nudge: (name) => `Tuleta meelde: ${name}`,
  nudged: (by, whom) => `${by} tuletas meelde: ${whom} käik`,
  nudgedYou: (by) => `${by} tuletab meelde: sinu käik.`,
  nudgedMark: 'meelde tuletatud',
  rematch: 'Kordusmäng',
  rematchAgree: 'Jah, kordusmäng',
  rematchAskedByYou: 'Kordusmängu küsitud',
  rematchAsked: (names) => `${names.join(', ')} ${names.length > 1 ? 'soovivad' : 'soovib'} kordusmängu.`,
  rematchWaiting: (names) =>
    `Kordusmäng: ootan, kuni ${names.join(', ')} ${names.length > 1 ? 'nõustuvad' : 'nõustub'}…`,
  join: 'Liitu',
  joinTitle: 'Liitu võrgumänguga',
  yourName: 'Sinu nimi',
  invite: 'Kutselink',
  inviteHelp: 'Saada see link sõpradele: see avab neile selle mängu.',
  copy: 'Kopeeri',
  copied: 'Kopeeritud',
  seats: 'Laua taga',
  host: 'võõrustaja',
  you: 'sina',
  away: 'eemal',
  addComputer: 'Lisa arvuti',
  computer: { winner: 'mängib võidule', optimal: 'optimaalne', good: 'hea', easy: 'algaja' },
  remove: (name) => `Eemalda ${name}`,
  start: 'Alusta mängu',
  waitingForHost: 'Ootan, et võõrustaja mängu alustaks…',
  needTwo: 'Võrgumängus peab olema vähemalt 2 mängijat.',
  leave: 'Lahku',
  back: 'Tagasi',
  joining: 'Ühendan…',
};

const TABLES: Record<Lang, OnlineStrings> = { et, en };

/** Online play's words in a language. */
export function onlineStringsFor(lang: Lang): OnlineStrings {
  return TABLES[lang];
}

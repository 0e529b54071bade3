/**
 * The authority of one table, online and in the page alike: the seats, the host, the phase, the rules,
 * the turn gate, the throws (refused by the rules, or thrown through the Thrower and applied), the
 * computers' turn to act, the view's version, and the record to rebuild it from. Pure TypeScript: no
 * DOM, no network. Every change makes the version grow by one and is told to the listeners once, as a
 * Change (a throw's trajectory with it); every request either makes one or throws (rejects with) a coded
 * error (ProtocolError, RuleError) and leaves the table exactly as it was.
 *
 * The game server's room (server/src/DiceRoom.ts) is a thin adapter around it (connections, rate
 * limits, storage); the page runs one in-process for a game on one screen (src/ui/session).
 */
import type { BotId } from '../engine/bots/bot.js';
import {
  apply,
  newGame,
  refusal,
  replay,
  setupOf,
  type Action,
  type Game,
  type GameSetup,
  type RuleSetId,
} from '../engine/index.js';
import {
  MAX_SEATS,
  MIN_SEATS,
  ProtocolError,
  publicGame,
  STAND_IN_BOT,
  type ClientMessages,
  type RoomPace,
  type RoomView,
  type ServerMessages,
} from '../online/protocol.js';
import type { ProofGesture } from '../online/fairness.js';
import type { Gesture } from '../physics/types.js';
import { throwInput, type Thrower, type ThrowOutcome } from './throw-input.js';
import type { GameSeeds, SeedSource } from './throw-seeds.js';
import { TurnClock, type ClockRecord } from './TurnClock.js';
import { personMayAct } from './turn-gate.js';
import {
  computerName,
  computerOf,
  computerSeat,
  personSeat,
  playedByComputer,
  seatView,
  uniqueName,
  PLAIN_NAMES,
  type NamePolicy,
  type Seat,
} from './seats.js';

/** What a change brings besides the new view: what the room (or the page) sends or does with it. */
export interface Change {
  /** An action of the game, by the seat that took it (a throw's with its faces). */
  acted?: { seat: number; action: Action };
  /** A throw: sent as 'thrown' before the view; `seconds` is how long it plays. */
  thrown?: ServerMessages['thrown'] & { seconds: number };
  /** A holder to welcome (it joined, or came back): to its seat, or asking for `claiming`, with its new key once. */
  welcome?: { holder: string; key?: string; claiming?: number };
  /** Holders whose seat number changed (a seat before theirs was emptied): each gets 'welcome' again. */
  moved?: string[];
  /** A holder that lost its seat (emptied by the host, or taken back by its person): no way back. */
  evicted?: string;
  /** A connected holder whose seat was taken with its key elsewhere: told so, then let go. */
  displaced?: string;
  /** One who asked for a seat by name and was let in: welcomed to it with its new key. */
  admitted?: { holder: string; seat: number; key: string };
  /** Those who asked for a seat and were refused (or whose seat its person took back): told so, let go. */
  claimRefused?: string[];
}

/** Where a join went (Table.join). */
export interface JoinResult {
  /** The seat taken, or -1 while the person asks for seat `claiming`. */
  seat: number;
  claiming?: number;
  /** The key of a seat just made for this person: theirs alone, sent to them once. */
  key?: string;
  change: Change;
}

/**
 * What is kept of a table outside the process (server/src/game-store.ts), enough to rebuild it exactly:
 * the seats (who, not their connections), the host, the rules, the view's version, and the game as its
 * setup and action log (`replay(setup, log)` gives the same game back, seed and all).
 */
export interface TableRecord {
  phase: RoomView['phase'];
  host: number;
  rules: RuleSetId;
  version: number;
  seats: { name: string; kind: Seat['kind']; standIn: boolean; keyHash?: string | null }[];
  /** Seconds a person has for a turn. */
  turnSeconds?: number;
  /** Live unless given. */
  pace?: RoomPace;
  /** At one's own pace, the clock of the turn under way (its deadline outlives the process). */
  clock?: ClockRecord | null;
  /** After the game, the seats whose person asked for a rematch. */
  rematch?: number[];
  /**
   * The game: its setup and log, its secret (hex: see src/online/fairness.ts) and the gesture of each of
   * its throws, in order.
   */
  game: { setup: Required<GameSetup>; log: Action[]; secret: string; gestures: ProofGesture[] } | null;
}

/** Seat keys: the secret by which a person, and no one else, takes their seat back (online). */
export interface SeatKeys {
  /** A new key, given to its person once. */
  newKey(): string;
  /** What the table keeps of a key (a hash). */
  hash(key: string): string;
}

/** What a table is made with: where its dice, seeds, keys, names and time come from. */
export interface TablePorts {
  roomId: string;
  /** Throws the physics dice (createThrower(), or the server's pool of workers). */
  thrower: Thrower;
  /** The seeds of each game's throws (the server's secrets; the engine's in the page). */
  seeds: SeedSource;
  /** Seat keys (the server's); a table in the page, which no one joins, needs none. */
  keys?: SeatKeys;
  /** How names are told apart (the server's: case and look-alikes); as given when left out. */
  names?: NamePolicy;
  /** Whether a person's turn is timed (online); a game in the page waits for its players. */
  timed?: boolean;
  /**
   * Whether views hide the game's seed and generator while it is played (online: they would tell every
   * throw to come); a game in the page has no one to hide them from, and its saved copy needs them.
   */
  hideSeed?: boolean;
  /** The time, ms (Date.now unless given: tests). */
  now?: () => number;
  /**
   * How a request's message is checked before it is looked at: on the server every message comes from
   * a client and is checked in full (parseClientMessage); the page's own mirror sends typed messages,
   * taken as they are (and the page need not load the checks).
   */
  parse?: MessageParser;
}

/** Checks a message of type `type` (see TablePorts.parse): the message as typed, or a coded error. */
export type MessageParser = <K extends keyof ClientMessages>(type: K, message: unknown) => ClientMessages[K];

/** Messages from the page's own mirror: typed already; an unknown type is refused. */
const TYPED: MessageParser = <K extends keyof ClientMessages>(type: K, message: unknown) => {
  if (!KNOWN_REQUESTS.has(type)) throw new ProtocolError('bad-message', 'Unknown message');
  return message as ClientMessages[K];
};

const KNOWN_REQUESTS = new Set<string>([
  'throw',
  'hold',
  'score',
  'add-bot',
  'remove-seat',
  'rules',
  'start',
  'clock',
  'answer-claim',
  'nudge',
  'rematch',
] satisfies (keyof ClientMessages)[]);

/** A game in the page: who plays it (a person at this screen, or a computer), under which rules. */
export interface LocalSetup {
  players: string[];
  kinds: readonly Seat['kind'][];
  rules?: RuleSetId;
  seed?: number;
}

/**
 * Who holds a seat: online, a room's connection (its Colyseus session id); in the page, the page itself
 * (PAGE_HOLDER), which holds every person's seat.
 */
export const PAGE_HOLDER = 'page';

const NO_KEYS: SeatKeys = {
  newKey: () => {
    throw new ProtocolError('bad-message', 'No one joins this table');
  },
  hash: (key) => key,
};

export class Table {
  phase: RoomView['phase'] = 'lobby';
  host = 0;
  readonly seats: Seat[] = [];
  rules: RuleSetId = 'seed';
  /** The whole game (views show publicGame). */
  game: Game | null = null;
  /** The seeds of the game's throws (online: from its secret, see src/online/fairness.ts). */
  private seeds: GameSeeds | null = null;
  /** Who asks for which seat by its name, without its key: seat -> holder. */
  private readonly claims = new Map<number, string>();
  /** After the game, the seats whose person asked for a rematch. */
  private readonly rematchSeats = new Set<number>();
  private readonly clock: TurnClock;
  private readonly keys: SeatKeys;
  private readonly names: NamePolicy;
  private readonly parse: MessageParser;
  private readonly listeners = new Set<(change: Change) => void>();
  /** Requests waiting for the one running (a throw being made): none is looked at meanwhile. */
  private readonly waiting: (() => void)[] = [];
  /** A request runs (a throw being made, until its dice are applied). */
  private running = false;
  /** A throw is being made (its request runs): every other request waits for it. */
  private throwing = false;
  version = 0;

  constructor(private readonly ports: TablePorts) {
    this.clock = new TurnClock(ports.now);
    this.keys = ports.keys ?? NO_KEYS;
    this.names = ports.names ?? PLAIN_NAMES;
    this.parse = ports.parse ?? TYPED;
  }

  /**
   * A table in the page, its game started: every person's seat is the page's (PAGE_HOLDER), the
   * others a computer's.
   * @throws RuleError of a setup the engine refuses (names, seed, rules)
   */
  static local(ports: TablePorts, { players, kinds, rules, seed }: LocalSetup): Table {
    const game = newGame({
      players,
      ...(rules !== undefined ? { rules } : {}),
      ...(seed !== undefined ? { seed } : {}),
    });
    return Table.ofGame(ports, game, kinds);
  }

  /** A table in the page playing on from `game` (a saved one), seated as `kinds` says (people by default). */
  static ofGame(ports: TablePorts, game: Game, kinds: readonly Seat['kind'][] = []): Table {
    const table = new Table(ports);
    game.players.forEach(({ name }, i) => {
      const kind = kinds[i] ?? 'human';
      table.seats.push(kind === 'human' ? personSeat(name, PAGE_HOLDER) : computerSeat(name, kind));
    });
    table.rules = game.rules;
    table.game = game;
    table.seeds = ports.seeds.newGame();
    table.phase = game.over ? 'over' : 'playing';
    table.changed();
    return table;
  }

  /**
   * A table rebuilt from its record, in a new room: the game replayed from its log; each person's seat
   * waits for them to come back by name (not connected, no holder: see `join`), as after a drop; a
   * stand-in still plays the seats it played. The version goes on from the record's.
   * @throws RuleError `bad-state` (or another rule's code) if the log does not replay
   */
  static restore(record: TableRecord, ports: TablePorts): Table {
    const table = new Table(ports);
    table.phase = record.phase;
    table.rules = record.rules;
    for (const seat of record.seats) {
      table.seats.push({
        name: seat.name,
        kind: seat.kind,
        holder: null,
        connected: seat.kind !== 'human',
        standIn: seat.kind === 'human' && seat.standIn,
        keyHash: seat.keyHash ?? null,
      });
    }
    table.host = Math.min(Math.max(record.host, 0), Math.max(table.seats.length - 1, 0));
    table.game = record.game ? replay(record.game.setup, record.game.log) : null;
    // A record kept before games had secrets gets a new one (its earlier throws cannot be proven).
    if (record.game) table.seeds = ports.seeds.restore(record.game);
    if (table.game?.over) table.phase = 'over';
    if (record.turnSeconds) table.clock.seconds = record.turnSeconds;
    table.clock.pace = record.pace === 'own-pace' ? 'own-pace' : 'live';
    if (table.clock.pace === 'own-pace' && record.clock) table.clock.resume(record.clock);
    if (table.phase === 'over') {
      for (const seat of record.rematch ?? [])
        if (table.seats[seat]?.kind === 'human') table.rematchSeats.add(seat);
    }
    table.version = record.version;
    table.changed();
    return table;
  }

  /** The record of the table now (see TableRecord). */
  record(): TableRecord {
    return {
      phase: this.phase,
      host: this.host,
      rules: this.rules,
      version: this.version,
      seats: this.seats.map(({ name, kind, standIn, keyHash }) => ({ name, kind, standIn, keyHash })),
      turnSeconds: this.clock.seconds,
      pace: this.clock.pace,
      ...(this.clock.pace === 'own-pace' ? { clock: this.clock.record() } : {}),
      ...(this.rematchSeats.size ? { rematch: [...this.rematchSeats] } : {}),
      game:
        this.game && this.seeds
          ? { setup: setupOf(this.game), log: this.game.log, ...this.seeds.record() }
          : null,
    };
  }

  /** Calls `listener` with every change, once, in order; returns the call that stops it. */
  subscribe(listener: (change: Change) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Live, or at one's own pace (the host sets it in the lobby). */
  get pace(): RoomPace {
    return this.clock.pace;
  }

  /**
   * The seats of a restored table whose person has not come back (see `restore`) are given up, as if
   * their person had left: emptied in the lobby, played by a stand-in in a live game (at one's own
   * pace a seat waits for its person). False if none was given up.
   */
  giveUpWaiting(): boolean {
    const change: Change = {};
    let any = false;
    for (let i = this.seats.length - 1; i >= 0; i--) {
      const seat = this.seats[i]!;
      if (seat.kind !== 'human' || seat.holder !== null || seat.standIn) continue;
      if (this.phase !== 'lobby' && this.pace === 'own-pace') continue;
      any = true;
      if (this.phase === 'lobby') {
        const moved = this.removeSeat(i).moved ?? [];
        change.moved = [...new Set([...(change.moved ?? []), ...moved])];
      } else {
        seat.standIn = true;
      }
    }
    if (!any) return false;
    this.fixHost();
    this.changed(change);
    return true;
  }

  /** The room as every client sees it now. */
  view(): RoomView {
    return {
      roomId: this.ports.roomId,
      phase: this.phase,
      host: this.host,
      seats: this.seats.map(seatView),
      rules: this.rules,
      game: this.game ? (this.ports.hideSeed === false ? this.game : publicGame(this.game)) : null,
      proof: this.game && this.seeds ? this.seeds.proof(this.game.over) : null,
      claims: [...this.claims.keys()].sort((a, b) => a - b),
      rematch: [...this.rematchSeats].sort((a, b) => a - b),
      clock: this.clock.view(),
      version: this.version,
    };
  }

  /** The seat held by `holder`, or -1. */
  seatOf(holder: string): number {
    return this.seats.findIndex((seat) => seat.holder === holder);
  }

  /**
   * The one answer to "may this holder act in the game now": the turn is a seat it holds (in the
   * page, every person's seat), a person plays it (not a computer, not a stand-in whose time ran out),
   * and no throw is in the air. The server refuses by it; the page's pointer, keys and buttons ask it.
   */
  mayAct(holder: string): boolean {
    return !this.throwing && personMayAct(this.view(), (seat) => this.seats[seat]!.holder === holder);
  }

  /** The seat a holder acts for now: the turn's if it holds it (the page holds several), else its own. */
  private actingSeat(holder: string): number {
    const current = this.game?.current;
    if (current !== undefined && this.seats[current]?.holder === holder) return current;
    return this.seatOf(holder);
  }

  // ---- people coming and going ----

  /**
   * Refuses a join that `join` would refuse, changing nothing.
   * @throws ProtocolError `bad-name`, `game-started`, `room-full`, `seat-claimed`
   */
  checkJoin(name: string, key?: string): void {
    this.placeFor(name, key);
  }

  /**
   * Seats a person who joins:
   * - with the key of a seat (SeatKeys), in that seat, whoever holds it (a connection that holds it
   *   is told it moved elsewhere: `displaced`); a claim on it is refused;
   * - with the name of a person's seat whose person is not connected (dropped, gone, or played by a
   *   stand-in) but without its key, nowhere yet: they ask for it (`claiming`), and the host (or, while
   *   the host is away, another player) answers (`answerClaim`); until then the seat waits for its person;
   * - else, in the lobby, in a new seat at the end (the name made unique at the table), with a new key.
   * The change welcomes the holder.
   * @throws ProtocolError `bad-name` (a computer's name), `game-started`, `room-full`, `seat-claimed`
   */
  join(holder: string, name: string, key?: string): JoinResult {
    const place = this.placeFor(name, key);
    const change: Change = { welcome: { holder } };
    if (place.claim !== undefined) {
      this.claims.set(place.claim, holder);
      change.welcome!.claiming = place.claim;
      this.changed(change);
      return { seat: -1, claiming: place.claim, change };
    }
    let seat: number;
    let newKey: string | undefined;
    if (place.seat === undefined) {
      newKey = this.keys.newKey();
      this.seats.push(personSeat(uniqueName(this.seats, name, this.names), holder, this.keys.hash(newKey)));
      seat = this.seats.length - 1;
      change.welcome!.key = newKey;
    } else {
      seat = place.seat;
      this.takeSeat(seat, holder, change);
    }
    this.fixHost();
    this.changed(change);
    return newKey ? { seat, change, key: newKey } : { seat, change };
  }

  /**
   * The host's (or, while the host is away, another player's) answer to someone asking for seat `seat`
   * by its name: let in, they take it with a new key (the old one no longer works); else they are told no.
   * @throws ProtocolError `not-host` (not one who may answer), `bad-message` (no one asks for that seat)
   */
  /**
   * Seat `by` reminds the person whose timed turn waits for them (see ClientMessages.nudge): once a
   * turn, whose clock is the period; everyone sees who nudged (the view's clock).
   * @throws ProtocolError `nothing-to-nudge` (no other person's turn waits), `already-nudged`
   */
  private nudge(by: number): Change {
    const current = this.game?.current;
    if (by < 0 || current === undefined || by === current || this.clock.deadline === null) {
      throw new ProtocolError('nothing-to-nudge', "There is no one to nudge: no other person's turn waits");
    }
    if (this.clock.nudgedBy !== null) {
      throw new ProtocolError('already-nudged', `${this.seats[current]!.name} was nudged this turn already`);
    }
    this.clock.nudge(by);
    return {};
  }

  private answerClaim(holder: string, seat: number, admit: boolean): Change {
    const answerer = this.seatOf(holder);
    const host = this.seats[this.host];
    const hostHere = !!host && host.holder !== null && host.connected;
    if (answerer < 0 || !this.seats[answerer]!.connected || (hostHere && answerer !== this.host)) {
      throw new ProtocolError(
        'not-host',
        'Only the host (or, while the host is away, another player) may answer',
      );
    }
    const claimant = this.claims.get(seat);
    if (claimant === undefined) throw new ProtocolError('bad-message', 'No one asks for that seat');
    this.claims.delete(seat);
    const change: Change = {};
    if (admit) {
      const key = this.keys.newKey();
      this.takeSeat(seat, claimant, change);
      this.seats[seat]!.keyHash = this.keys.hash(key);
      change.admitted = { holder: claimant, seat, key };
      this.fixHost();
    } else {
      change.claimRefused = [claimant];
    }
    return change;
  }

  /** Seat `seat` is `holder`'s now: whoever held it loses it, and a claim on it is refused. */
  private takeSeat(seat: number, holder: string, change: Change): void {
    const taken = this.seats[seat]!;
    if (taken.holder !== null && taken.holder !== holder) {
      if (taken.connected) change.displaced = taken.holder;
      else change.evicted = taken.holder;
    }
    const claimant = this.claims.get(seat);
    if (claimant !== undefined && claimant !== holder) {
      change.claimRefused = [...(change.claimRefused ?? []), claimant];
    }
    this.claims.delete(seat);
    taken.holder = holder;
    taken.connected = true;
    taken.standIn = false;
  }

  /** A person's connection dropped (they may come back within the window). False if they hold no seat. */
  dropped(holder: string): boolean {
    const seat = this.seats[this.seatOf(holder)];
    if (!seat) return false;
    seat.connected = false;
    this.changed();
    return true;
  }

  /** A dropped person is back (the change welcomes them): their seat, or -1 if they hold none. */
  reconnected(holder: string): number {
    const index = this.seatOf(holder);
    const seat = this.seats[index];
    if (!seat) return -1;
    seat.connected = true;
    this.fixHost();
    this.changed({ welcome: { holder } });
    return index;
  }

  /**
   * A person left for good (left, or did not come back in time). In the lobby their seat is emptied; in
   * a live game a stand-in plays it until they come back (with its key, or let in by the others); at
   * one's own pace it waits for them (their turn's clock runs meanwhile). If they were host, the next
   * connected person is. One who only asked for a seat no longer asks. False if they held no seat and
   * asked for none.
   */
  left(holder: string): boolean {
    const index = this.seatOf(holder);
    const seat = this.seats[index];
    if (!seat) {
      const asked = [...this.claims].find(([, claimant]) => claimant === holder);
      if (!asked) return false;
      this.claims.delete(asked[0]);
      this.changed();
      return true;
    }
    let change: Change = {};
    if (this.phase === 'lobby') {
      change = this.removeSeat(index);
    } else {
      seat.holder = null;
      seat.connected = false;
      seat.standIn = this.pace === 'live';
      this.fixHost();
    }
    this.changed(change);
    return true;
  }

  // ---- requests ----

  /**
   * A person's message, checked (TablePorts.parse) and carried out after every request before it
   * (a throw's included): resolves once its change is told.
   * @throws (rejects with) ProtocolError or RuleError with the refusal's code; nothing changed then
   */
  request(holder: string, type: string, message: unknown): Promise<void> {
    return this.inTurn(() => {
      if (type === 'throw') {
        const { gesture } = this.parse('throw', message);
        return this.throwDice(this.actingSeat(holder), gesture, false);
      }
      this.changed(this.carryOut(holder, type, message));
    });
  }

  /** Every request but a throw: the change it makes (not told yet). */
  private carryOut(holder: string, type: string, message: unknown): Change {
    const seat = this.actingSeat(holder);
    switch (type as keyof ClientMessages) {
      case 'hold': {
        const { index, held } = this.parse('hold', message);
        return this.act(seat, { type: 'hold', index, held }, false);
      }
      case 'score':
        return this.act(seat, { type: 'score', row: this.parse('score', message).row }, false);
      case 'add-bot':
        return this.addBot(seat, this.parse('add-bot', message).kind);
      case 'remove-seat':
        return this.emptySeat(seat, this.parse('remove-seat', message).seat);
      case 'rules':
        return this.setRules(seat, this.parse('rules', message).rules);
      case 'start':
        this.parse('start', message);
        return this.start(seat);
      case 'clock': {
        const { seconds, pace } = this.parse('clock', message);
        return this.setClock(seat, seconds, pace ?? 'live');
      }
      case 'answer-claim': {
        const answer = this.parse('answer-claim', message);
        return this.answerClaim(holder, answer.seat, answer.admit);
      }
      case 'nudge':
        this.parse('nudge', message);
        return this.nudge(seat);
      case 'rematch':
        this.parse('rematch', message);
        return this.askRematch(seat);
      default:
        this.parse(type as keyof ClientMessages, message); // throws: an unknown message
        throw new ProtocolError('bad-message', 'Unknown message');
    }
  }

  /**
   * Runs `step` once every request before it is done: at once when none runs (so that a hold or a
   * score, and a throw whose Thrower answers at once, are applied before the call returns), else after
   * them, in order.
   */
  private inTurn(step: () => void | Promise<void>): Promise<void> {
    return new Promise<void>((resolve, reject) => {
      const run = (): void => {
        this.running = true;
        let result: void | Promise<void>;
        try {
          result = step();
        } catch (error) {
          result = Promise.reject(error);
        }
        const done = (): void => {
          this.running = false;
          while (!this.running && this.waiting.length > 0) this.waiting.shift()!();
        };
        if (result instanceof Promise) {
          result.then(resolve, reject).finally(done);
        } else {
          resolve();
          done();
        }
      };
      if (this.running) this.waiting.push(run);
      else run();
    });
  }

  /** The computer seat to act now, and which computer plays it; null when a person is to act or no game is on. */
  computerToAct(): { seat: number; kind: BotId } | null {
    const game = this.game;
    if (this.phase !== 'playing' || !game || game.over) return null;
    const kind =
      computerOf(this.seats[game.current]!) ?? (this.clock.ranOut === game.current ? STAND_IN_BOT : null);
    return kind ? { seat: game.current, kind } : null;
  }

  /**
   * A computer's action for seat `seat` (a throw uses `gesture`), through the same checks as a person's,
   * after every request before it. It was chosen for the game as it is now: if the game has changed
   * by its turn (a throw in the air landed meanwhile), it is refused, not made on dice it never saw.
   * @throws (rejects with) ProtocolError `not-your-turn` unless a computer is to act on that seat in
   *   the game it was chosen for, RuleError when refused
   */
  computerAction(seat: number, action: Action, gesture: Gesture): Promise<void> {
    const chosenFor = this.game;
    return this.inTurn(() => {
      if (this.computerToAct()?.seat !== seat)
        throw new ProtocolError('not-your-turn', 'No computer is to act');
      if (this.game !== chosenFor) throw new ProtocolError('not-your-turn', 'The game went on meanwhile');
      if (action.type === 'roll') return this.throwDice(seat, gesture, true);
      this.changed(this.act(seat, action, true));
    });
  }

  // ---- the game ----

  /** The game, if seat `seat` is to act in it (for a person, not a computer, when `person`). */
  private turnOf(seat: number, person: boolean): Game {
    const game = this.game;
    if (this.phase === 'over' && game) throw new ProtocolError('game-over', 'The game is over');
    if (this.phase !== 'playing' || !game)
      throw new ProtocolError('not-your-turn', 'The game has not started');
    if (seat < 0 || game.current !== seat) throw new ProtocolError('not-your-turn', 'It is not your turn');
    if (person && playedByComputer(this.seats[seat]!))
      throw new ProtocolError('not-your-turn', 'A computer plays this seat');
    if (person && this.clock.ranOut === seat)
      throw new ProtocolError('not-your-turn', 'Your time ran out: a computer plays this turn');
    return game;
  }

  /**
   * A throw by seat `seat` (a computer's when `computer`): refused by the turn and the rules, else thrown
   * through the Thrower with the seed of the game's next throw, then applied and told with its
   * trajectory. Meanwhile every other request waits (see `inTurn`).
   */
  private throwDice(seat: number, gesture: Gesture, computer: boolean): void | Promise<void> {
    const game = this.turnOf(seat, !computer);
    const refused = refusal(game, { type: 'roll' });
    if (refused) throw refused;
    const seeds = this.seeds!;
    const outcome = this.ports.thrower(throwInput(game, gesture, seeds.nextSeed(game)));
    if (!(outcome instanceof Promise)) return this.applyThrow(seat, game, seeds, gesture, outcome);
    this.throwing = true;
    return outcome.then(
      (made) => {
        this.throwing = false;
        this.applyThrow(seat, game, seeds, gesture, made);
      },
      (error: unknown) => {
        this.throwing = false;
        throw error;
      },
    );
  }

  /** A throw's outcome applied to `game`, and told with its trajectory. */
  private applyThrow(
    seat: number,
    game: Game,
    seeds: GameSeeds,
    gesture: Gesture,
    outcome: ThrowOutcome,
  ): void {
    if (this.game !== game) throw new ProtocolError('not-your-turn', 'The game went on meanwhile');
    const { number, gesture: listed } = seeds.thrown(gesture);
    const action: Action = { type: 'roll', faces: [...outcome.faces] };
    this.setGame(apply(game, action));
    this.changed({
      acted: { seat, action },
      thrown: {
        seat,
        number,
        gesture: listed,
        trajectory: outcome.trajectory,
        faces: [...outcome.faces],
        held: [...game.held],
        seconds: outcome.seconds,
      },
    });
  }

  /** A hold or a score (a throw goes through throwDice, which brings its faces). */
  private act(seat: number, action: Action, computer: boolean): Change {
    const game = this.turnOf(seat, !computer);
    const refused = refusal(game, action);
    if (refused) throw refused;
    this.setGame(apply(game, action));
    return { acted: { seat, action } };
  }

  private setGame(game: Game): void {
    this.game = game;
    if (game.over) this.phase = 'over';
  }

  // ---- the host's requests ----

  private hostOnly(seat: number): void {
    if (seat < 0 || seat !== this.host) throw new ProtocolError('not-host', 'Only the host may do that');
  }

  private lobbyOnly(): void {
    if (this.phase !== 'lobby') throw new ProtocolError('game-started', 'The game has started');
  }

  private addBot(seat: number, kind: BotId): Change {
    this.hostOnly(seat);
    this.lobbyOnly();
    if (this.seats.length >= MAX_SEATS)
      throw new ProtocolError('room-full', `A table has ${MAX_SEATS} seats`);
    this.seats.push(computerSeat(computerName(this.seats, this.names), kind));
    return {};
  }

  private emptySeat(seat: number, target: number): Change {
    this.hostOnly(seat);
    this.lobbyOnly();
    const taken = this.seats[target];
    if (!taken) throw new ProtocolError('bad-message', 'No such seat');
    if (taken.kind === 'human' && taken.connected) {
      throw new ProtocolError('bad-message', 'Only a computer or a player who left can be removed');
    }
    const change = this.removeSeat(target);
    if (taken.holder !== null) change.evicted = taken.holder;
    return change;
  }

  private setClock(seat: number, seconds: number, pace: RoomPace): Change {
    this.hostOnly(seat);
    this.lobbyOnly();
    this.clock.seconds = seconds;
    this.clock.pace = pace;
    return {};
  }

  private setRules(seat: number, rules: RuleSetId): Change {
    this.hostOnly(seat);
    this.lobbyOnly();
    this.rules = rules;
    return {};
  }

  /** Starts the game (in the lobby), or a new one with the same seats once a game is over. */
  private start(seat: number): Change {
    this.hostOnly(seat);
    if (this.phase === 'playing') throw new ProtocolError('game-started', 'The game has started');
    if (this.seats.length < MIN_SEATS) {
      throw new ProtocolError('not-enough-players', `A game needs ${MIN_SEATS} seats taken`);
    }
    return this.startNewGame();
  }

  /** A new game for the seats at the table, with a new secret. */
  private startNewGame(): Change {
    // The engine's own generator plays no part online (every throw's faces come from the physics,
    // seeded from the secret), so its seed is left at 0 rather than made a second secret to keep.
    this.game = newGame({ players: this.seats.map((s) => s.name), rules: this.rules, seed: 0 });
    this.seeds = this.ports.seeds.newGame();
    this.phase = 'playing';
    this.rematchSeats.clear();
    return {};
  }

  /**
   * Seat `seat`'s person asks for (or agrees to) a rematch (see ClientMessages.rematch): it starts once
   * every person a stand-in does not play for has.
   * @throws ProtocolError `not-over` before the game is over, `not-your-turn` from one with no seat
   */
  private askRematch(seat: number): Change {
    if (this.phase !== 'over') throw new ProtocolError('not-over', 'A rematch is asked for after the game');
    if (this.seats[seat]?.kind !== 'human')
      throw new ProtocolError('not-your-turn', 'Only a player at the table asks');
    this.rematchSeats.add(seat);
    const waitedFor = this.seats.filter(
      (s, i) => s.kind === 'human' && !s.standIn && !this.rematchSeats.has(i),
    );
    return waitedFor.length === 0 ? this.startNewGame() : {};
  }

  // ---- seats and host ----

  /**
   * Where a join goes (see `join`): a seat to take (its key shown), a seat to ask for (its name given
   * without its key), or a new seat (no `seat` nor `claim`).
   */
  private placeFor(name: string, key?: string): { seat?: number; claim?: number } {
    this.names.checkPerson(name);
    if (key !== undefined) {
      const hash = this.keys.hash(key);
      const mine = this.seats.findIndex((s) => s.kind === 'human' && s.keyHash === hash);
      if (mine >= 0) return { seat: mine };
    }
    const keys = this.names.keys(name);
    const named = this.seats.findIndex(
      (s) => s.kind === 'human' && this.names.keys(s.name).some((k, i) => k === keys[i]),
    );
    const seat = this.seats[named];
    if (seat && !(seat.holder !== null && seat.connected)) {
      if (this.claims.has(named))
        throw new ProtocolError('seat-claimed', 'Someone already asks for that seat');
      return { claim: named };
    }
    if (this.phase !== 'lobby') throw new ProtocolError('game-started', 'The game has started');
    if (this.seats.length >= MAX_SEATS)
      throw new ProtocolError('room-full', `A table has ${MAX_SEATS} seats`);
    return {};
  }

  /** Empties a seat in the lobby: the seats after it move up one; the host moves on if it was theirs. */
  private removeSeat(index: number): Change {
    this.seats.splice(index, 1);
    const claims = [...this.claims];
    this.claims.clear();
    const refused: string[] = [];
    for (const [seat, claimant] of claims) {
      if (seat === index) refused.push(claimant);
      else this.claims.set(seat > index ? seat - 1 : seat, claimant);
    }
    const moved = this.seats
      .slice(index)
      .flatMap((seat) => (seat.holder !== null && seat.connected ? [seat.holder] : []));
    if (this.host > index) this.host--;
    else if (this.host === index) this.host = this.nextHost(index) ?? 0;
    this.fixHost();
    return {
      ...(moved.length > 0 ? { moved } : {}),
      ...(refused.length > 0 ? { claimRefused: refused } : {}),
    };
  }

  /**
   * Keeps the host a person who holds a seat (or whose seat waits for them in a restored table); else
   * the next connected person after them becomes host.
   */
  private fixHost(): void {
    const host = this.seats[this.host];
    if (host && host.kind === 'human' && (host.holder !== null || !host.standIn)) return;
    this.host = this.nextHost(this.host + 1) ?? (this.host < this.seats.length ? this.host : 0);
  }

  /** The first seat from `from` on (round the table) whose person is connected. */
  private nextHost(from: number): number | undefined {
    const n = this.seats.length;
    for (let k = 0; k < n; k++) {
      const i = (from + k) % n;
      const seat = this.seats[i]!;
      if (seat.kind === 'human' && seat.holder !== null && seat.connected) return i;
    }
    return undefined;
  }

  /** A change made: the version grows, the turn clock follows the game, and the listeners are told. */
  private changed(change: Change = {}): void {
    this.version++;
    const game = this.phase === 'playing' && this.ports.timed !== false ? this.game : null;
    const seat = game ? this.seats[game.current] : undefined;
    this.clock.follow(game, !!seat && !playedByComputer(seat));
    for (const listener of this.listeners) listener(change);
  }

  // ---- the turn clock ----

  /** When the person's turn under way runs out (ms since 1970), or null when none is timed. */
  get turnDeadline(): number | null {
    return this.clock.deadline;
  }

  /**
   * The person's turn under way ran out of time, if it has by now: a computer (STAND_IN_BOT) plays the
   * rest of that turn; the person plays their next turn themselves. False if it has not.
   */
  timeOut(): boolean {
    const game = this.game;
    if (this.phase !== 'playing' || !game || !this.clock.expire(game.current)) return false;
    this.version++;
    for (const listener of this.listeners) listener({});
    return true;
  }
}

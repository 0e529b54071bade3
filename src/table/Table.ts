/**
 * The host of one table, online and in the page alike: the table's state is one value (table-state.ts)
 * that pure functions take to the next (decide.ts, seating.ts); the host keeps the latest, runs one
 * request at a time (a throw's physics included), makes each game's throw seeds, and tells every change
 * once, in order, with its events (Change), to its listeners: the Colyseus room, which stores it and
 * sends it (server/src/DiceRoom.ts), or the page's LocalSession.
 *
 * A RoomTable (RoomTable.ts) adds what people joining over the network need and the page never loads.
 */
import type { BotId } from '../engine/bots/bot.js';
import { newGame, type Action, type Game, type RuleSetId } from '../engine/index.js';
import {
  ProtocolError,
  publicGame,
  type ClientMessages,
  type RoomPace,
  type RoomView,
} from '../online/protocol.js';
import type { Gesture } from '../physics/types.js';
import {
  computerDecides,
  computerToAct,
  decide,
  land,
  type Context,
  type Request,
  type ThrowToMake,
} from './decide.js';
import type { SeatKeys } from './seating.js';
import { computerSeat, personSeat, PLAIN_NAMES, seatView, type NamePolicy, type Seat } from './seats.js';
import {
  EMPTY_TABLE,
  seatOf,
  settle,
  type Change,
  type Decision,
  type Moment,
  type TableState,
} from './table-state.js';
import { throwInput, type Thrower, type ThrowOutcome } from './throw-input.js';
import type { GameSeeds, SeedSource } from './throw-seeds.js';
import { Serial } from './serial.js';
import { clockView } from './turn-clock.js';

export type { Change } from './table-state.js';
export type { SeatKeys } from './seating.js';

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
   * a client and is checked in full (parseClientMessage); the page sends typed messages, taken as they
   * are (and the page need not load the checks).
   */
  parse?: MessageParser;
}

/** Checks a message of type `type` (see TablePorts.parse): the message as typed, or a coded error. */
export type MessageParser = <K extends keyof ClientMessages>(type: K, message: unknown) => ClientMessages[K];

/** The requests a table in the page takes (the game's); a room takes every ClientMessages type. */
const GAME_REQUESTS = new Set<string>(['throw', 'hold', 'score'] satisfies (keyof ClientMessages)[]);

/** Messages from the page: typed already (an unknown type is refused by `decide`). */
const TYPED: MessageParser = <K extends keyof ClientMessages>(_type: K, message: unknown) =>
  message as ClientMessages[K];

const NO_KEYS: SeatKeys = {
  newKey: () => {
    throw new ProtocolError('bad-message', 'No one joins this table');
  },
  hash: (key) => key,
};

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

export class Table {
  /** The table now: one value, replaced (never changed) by every change. */
  protected state: TableState = EMPTY_TABLE;
  /** The seeds of the game's throws (online: from its secret, see src/online/fairness.ts). */
  protected seeds: GameSeeds | null = null;
  protected readonly parse: MessageParser;
  protected readonly listeners = new Set<(change: Change) => void>();
  /** One request at a time (a throw's physics included): none is looked at while one runs. */
  private readonly requests = new Serial();

  constructor(protected readonly ports: TablePorts) {
    this.parse = ports.parse ?? TYPED;
  }

  /**
   * A table in the page, its game started: every person's seat is the page's (PAGE_HOLDER), the
   * others a computer's.
   * @throws RuleError of a setup the engine refuses (names, seed, rules)
   */
  static local<T extends Table>(
    this: new (ports: TablePorts) => T,
    ports: TablePorts,
    { players, kinds, rules, seed }: LocalSetup,
  ): T {
    const game = newGame({
      players,
      ...(rules !== undefined ? { rules } : {}),
      ...(seed !== undefined ? { seed } : {}),
    });
    return new this(ports).seatGame(game, kinds);
  }

  /** A table in the page playing on from `game` (a saved one), seated as `kinds` says (people by default). */
  static ofGame<T extends Table>(
    this: new (ports: TablePorts) => T,
    ports: TablePorts,
    game: Game,
    kinds: readonly Seat['kind'][] = [],
  ): T {
    return new this(ports).seatGame(game, kinds);
  }

  /** Seats the page's people and the computers of `game` (see ofGame), and plays on from it. */
  protected seatGame(game: Game, kinds: readonly Seat['kind'][]): this {
    const seats = game.players.map(({ name }, i) => {
      const kind = kinds[i] ?? 'human';
      return kind === 'human' ? personSeat(name, PAGE_HOLDER) : computerSeat(name, kind);
    });
    this.seeds = this.ports.seeds.newGame();
    const phase = game.over ? 'over' : 'playing';
    this.commit(settle({ ...this.state, seats, rules: game.rules, game, phase }, {}, this.moment()));
    return this;
  }

  /** Calls `listener` with every change, once, in order; returns the call that stops it. */
  subscribe(listener: (change: Change) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  get phase(): RoomView['phase'] {
    return this.state.phase;
  }
  get host(): number {
    return this.state.host;
  }
  get seats(): readonly Seat[] {
    return this.state.seats;
  }
  get rules(): RuleSetId {
    return this.state.rules;
  }
  get game(): Game | null {
    return this.state.game;
  }
  get version(): number {
    return this.state.version;
  }

  /** Live, or at one's own pace (the host sets it in the lobby). */
  get pace(): RoomPace {
    return this.state.clock.pace;
  }

  /** The room as every client sees it now. */
  view(): RoomView {
    const { phase, host, seats, rules, game, claims, rematch, clock, version } = this.state;
    return {
      roomId: this.ports.roomId,
      phase,
      host,
      seats: seats.map(seatView),
      rules,
      game: game ? (this.ports.hideSeed === false ? game : publicGame(game)) : null,
      proof: game && this.seeds ? this.seeds.proof(game.over) : null,
      claims: claims.map((c) => c.seat),
      rematch: [...rematch].sort((a, b) => a - b),
      clock: clockView(clock, this.now()),
      version,
    };
  }

  /** The seat held by `holder`, or -1. */
  seatOf(holder: string): number {
    return seatOf(this.state, holder);
  }

  // ---- requests ----

  /**
   * A person's message, checked (TablePorts.parse) and decided after every request before it (a
   * throw's included): resolves once its change is told.
   * @throws (rejects with) ProtocolError or RuleError with the refusal's code; nothing changed then
   */
  request(holder: string, type: string, message: unknown): Promise<void> {
    return this.requests.run(() => {
      if (!this.takesRoomRequests && !GAME_REQUESTS.has(type))
        throw new ProtocolError('bad-message', 'Not a request a table in the page takes');
      const parsed = this.parse(type as keyof ClientMessages, message);
      const request = { type, message: parsed } as Request;
      return this.carryOut(decide(this.state, holder, request, this.context()));
    });
  }

  /** Whether this table takes the room's requests around the game (RoomTable does; the page's none). */
  protected get takesRoomRequests(): boolean {
    return false;
  }

  /** The computer seat to act now, and which computer plays it; null when a person is to act or no game is on. */
  computerToAct(): { seat: number; kind: BotId } | null {
    return computerToAct(this.state);
  }

  /**
   * A computer's action for seat `seat` (a throw uses `gesture`), through the same checks as a person's,
   * after every request before it. It was chosen for the game as it is now: if the game has changed
   * by its turn (a throw in the air landed meanwhile), it is refused, not made on dice it never saw.
   * @throws (rejects with) ProtocolError `not-your-turn` unless a computer is to act on that seat in
   *   the game it was chosen for, RuleError when refused
   */
  computerAction(seat: number, action: Action, gesture: Gesture): Promise<void> {
    const chosenFor = this.state.game;
    return this.requests.run(() =>
      this.carryOut(computerDecides(this.state, seat, action, gesture, chosenFor, this.moment())),
    );
  }

  /** A decision carried out: a change committed, or a throw made and landed (later, if its physics is). */
  private carryOut(decision: Decision | { throwing: ThrowToMake }): void | Promise<void> {
    if (!('throwing' in decision)) return this.commit(decision);
    const throwing = decision.throwing;
    const seeds = this.seeds!;
    const input = throwInput(throwing.game, throwing.gesture, seeds.nextSeed(throwing.game));
    const landed = (outcome: ThrowOutcome): void => {
      // Checked before the throw is listed among the game's (its gesture kept for the proof).
      if (this.state.game !== throwing.game)
        throw new ProtocolError('not-your-turn', 'The game went on meanwhile');
      this.commit(land(this.state, throwing, outcome, seeds.thrown(throwing.gesture), this.moment()));
    };
    const outcome = this.ports.thrower(input);
    return outcome instanceof Promise ? outcome.then(landed) : landed(outcome);
  }

  /** The change decided: the new state kept (a new game's seeds made), and the listeners told. */
  protected commit({ state, change }: Decision): void {
    if (change.newGame) this.seeds = this.ports.seeds.newGame();
    this.state = state;
    for (const listener of this.listeners) listener(change);
  }

  protected now(): number {
    return this.ports.now?.() ?? Date.now();
  }

  /** Whether turns are timed here, and the time now. */
  protected moment(): Moment {
    return { timed: this.ports.timed !== false, now: this.now() };
  }

  protected context(): Context {
    return { ...this.moment(), names: this.ports.names ?? PLAIN_NAMES, keys: this.ports.keys ?? NO_KEYS };
  }
}

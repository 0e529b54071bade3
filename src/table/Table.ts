/**
 * The authority of one table, online and in the page alike: the seats, the host, the phase, the rules,
 * the turn gate, the throws (refused by the rules, or thrown through the Thrower and applied), the
 * computers' turn to act, the view's version, and the record to rebuild it from. Pure TypeScript: no
 * DOM, no network. Every change makes the version grow by one and is told to the listeners once, as a
 * Change (a throw's trajectory with it); every request either makes one or throws (rejects with) a coded
 * error (ProtocolError, RuleError) and leaves the table exactly as it was.
 *
 * The page runs one in-process for a game on one screen (src/ui/session). The game server's room
 * (server/src/DiceRoom.ts) is a thin adapter (connections, rate limits, storage) around a RoomTable,
 * which adds what people joining over the network need (RoomTable.ts) and the page never loads.
 */
import type { BotId } from '../engine/bots/bot.js';
import { apply, newGame, refusal, type Action, type Game, type RuleSetId } from '../engine/index.js';
import {
  ProtocolError,
  publicGame,
  STAND_IN_BOT,
  type ClientMessages,
  type RoomPace,
  type RoomView,
  type ServerMessages,
} from '../online/protocol.js';
import type { Gesture } from '../physics/types.js';
import { throwInput, type Thrower, type ThrowOutcome } from './throw-input.js';
import type { GameSeeds, SeedSource } from './throw-seeds.js';
import { TurnClock } from './TurnClock.js';
import { personMayAct } from './turn-gate.js';
import {
  computerOf,
  computerSeat,
  personSeat,
  playedByComputer,
  seatView,
  type NamePolicy,
  type Seat,
} from './seats.js';

/** What a change brings besides the new view: what the room (or the page) sends or does with it. */
export interface Change {
  /** An action of the game, by the seat that took it (a throw's with its faces). */
  acted?: { seat: number; action: Action };
  /** A throw: sent as 'thrown' before its action; `seconds` is how long it plays. */
  thrown?: Omit<ServerMessages['thrown'], 'trajectory'> & {
    trajectory: ThrowOutcome['trajectory'];
    seconds: number;
  };
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
  /** A person left the table for good (everyone is told, and who is host now when it was the host). */
  left?: { name: string; wasHost: boolean };
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

export class Table {
  phase: RoomView['phase'] = 'lobby';
  host = 0;
  readonly seats: Seat[] = [];
  rules: RuleSetId = 'seed';
  /** The whole game (views show publicGame). */
  game: Game | null = null;
  /** The seeds of the game's throws (online: from its secret, see src/online/fairness.ts). */
  protected seeds: GameSeeds | null = null;
  /** Who asks for which seat by its name, without its key: seat -> holder (see RoomTable). */
  protected readonly claims = new Map<number, string>();
  /** After the game, the seats whose person asked for a rematch (see RoomTable). */
  protected readonly rematchSeats = new Set<number>();
  protected readonly clock: TurnClock;
  protected readonly parse: MessageParser;
  protected readonly listeners = new Set<(change: Change) => void>();
  /** Requests waiting for the one running (a throw being made): none is looked at meanwhile. */
  private readonly waiting: (() => void)[] = [];
  /** A request runs (a throw being made, until its dice are applied). */
  private running = false;
  /** A throw is being made (its request runs): every other request waits for it. */
  private throwing = false;
  version = 0;

  constructor(protected readonly ports: TablePorts) {
    this.clock = new TurnClock(ports.now);
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
    game.players.forEach(({ name }, i) => {
      const kind = kinds[i] ?? 'human';
      this.seats.push(kind === 'human' ? personSeat(name, PAGE_HOLDER) : computerSeat(name, kind));
    });
    this.rules = game.rules;
    this.game = game;
    this.seeds = this.ports.seeds.newGame();
    this.phase = game.over ? 'over' : 'playing';
    this.changed();
    return this;
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
  protected actingSeat(holder: string): number {
    const current = this.game?.current;
    if (current !== undefined && this.seats[current]?.holder === holder) return current;
    return this.seatOf(holder);
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
      default:
        return this.roomRequest(holder, seat, type, message);
    }
  }

  /**
   * A request of the room around the game (the lobby's, the host's, a seat's ask): a table in the page
   * takes none (RoomTable does).
   * @throws ProtocolError `bad-message`, or what the parser throws for the message
   */
  protected roomRequest(_holder: string, _seat: number, type: string, message: unknown): Change {
    this.parse(type as keyof ClientMessages, message); // throws: an unknown message
    throw new ProtocolError('bad-message', 'Not a request a table in the page takes');
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
  protected turnOf(seat: number, person: boolean): Game {
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

  protected setGame(game: Game): void {
    this.game = game;
    if (game.over) this.phase = 'over';
  }

  /** A change made: the version grows, the turn clock follows the game, and the listeners are told. */
  protected changed(change: Change = {}): void {
    this.version++;
    const game = this.phase === 'playing' && this.ports.timed !== false ? this.game : null;
    const seat = game ? this.seats[game.current] : undefined;
    this.clock.follow(game, !!seat && !playedByComputer(seat));
    for (const listener of this.listeners) listener(change);
  }
}

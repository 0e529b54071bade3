/**
 * One online table as the server keeps it, without the network: the seats, the host, the rules, the
 * game and the view's version. Every request either changes it (the version grows by one) or throws a
 * coded error (ProtocolError, RuleError) and leaves it exactly as it was. The room (DiceRoom.ts) turns
 * connections and messages into these calls and sends the view after each change.
 */
import type { BotId } from '../../src/engine/bots/index.js';
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
} from '../../src/engine/index.js';
import {
  MAX_SEATS,
  MIN_SEATS,
  parseClientMessage,
  ProtocolError,
  publicGame,
  STAND_IN_BOT,
  type RoomView,
  type ServerMessages,
} from '../../src/online/protocol.js';
import { isHex, SECRET_BYTES, type ProofGesture } from '../../src/online/fairness.js';
import type { Gesture } from '../../src/physics/types.js';
import { throwInput, type Thrower, type ThrowInput, type ThrowOutcome } from './dice-thrower.js';
import { checkPersonName, sameName } from './name-key.js';
import { seatKeyHash } from './seat-keys.js';
import { GameSecret } from './game-secret.js';
import { TurnClock } from './turn-clock.js';
import {
  computerName,
  computerOf,
  computerSeat,
  personSeat,
  playedByComputer,
  seatView,
  uniqueName,
  type Seat,
} from './seats.js';

/** What a change leaves for the room to send or do besides the new view. */
export interface Change {
  /** A throw: sent as 'thrown' before the view; `seconds` is how long it plays. */
  thrown?: ServerMessages['thrown'] & { seconds: number };
  /** Sessions whose seat number changed (a seat before theirs was emptied): each gets 'welcome' again. */
  moved?: string[];
  /** A session that lost its seat (emptied by the host, or taken back by its person): no way back. */
  evicted?: string;
  /** A connected session whose seat was taken with its key elsewhere: told so, then let go. */
  displaced?: string;
  /** One who asked for a seat by name and was let in: welcomed to it with its new key. */
  admitted?: { sessionId: string; seat: number; key: string };
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
  /**
   * The game: its setup and log, its secret (hex: see src/online/fairness.ts) and the gesture of each of
   * its throws, in order.
   */
  game: { setup: Required<GameSetup>; log: Action[]; secret: string; gestures: ProofGesture[] } | null;
}

/** Options of a table. */
export interface TableOptions {
  roomId: string;
  /** Throws the physics dice (createThrower()). */
  thrower: Thrower;
  /** The secret of each new game (newSecret() of throw-secret.ts): hidden until the game is over. */
  newSecret: () => string;
  /** A new seat key (newSeatKey() of seat-keys.ts). */
  newKey: () => string;
  /** The time, ms (Date.now unless given: tests). */
  now?: () => number;
}

export class Table {
  phase: RoomView['phase'] = 'lobby';
  host = 0;
  readonly seats: Seat[] = [];
  rules: RuleSetId = 'seed';
  /** The whole game (views show publicGame). */
  game: Game | null = null;
  /** The game's secret, from which its throws' seeds come (src/online/fairness.ts). */
  private secret: GameSecret | null = null;
  /** Who asks for which seat by its name, without its key: seat -> session. */
  private readonly claims = new Map<number, string>();
  private readonly clock: TurnClock;
  version = 0;

  constructor(private readonly options: TableOptions) {
    this.clock = new TurnClock(options.now);
  }

  /**
   * A table rebuilt from its record, in a new room: the game replayed from its log; each person's seat
   * waits for them to come back by name (not connected, no session: see `join`), as after a drop; a
   * stand-in still plays the seats it played. The version goes on from the record's.
   * @throws RuleError `bad-state` (or another rule's code) if the log does not replay
   */
  static restore(record: TableRecord, options: TableOptions): Table {
    const table = new Table(options);
    table.phase = record.phase;
    table.rules = record.rules;
    for (const seat of record.seats) {
      table.seats.push({
        name: seat.name,
        kind: seat.kind,
        sessionId: null,
        connected: seat.kind !== 'human',
        standIn: seat.kind === 'human' && seat.standIn,
        keyHash: seat.keyHash ?? null,
      });
    }
    table.host = Math.min(Math.max(record.host, 0), Math.max(table.seats.length - 1, 0));
    table.game = record.game ? replay(record.game.setup, record.game.log) : null;
    if (record.game) {
      // A record kept before games had secrets gets a new one (its earlier throws cannot be proven).
      const { secret, gestures } = record.game;
      table.secret = isHex(secret, SECRET_BYTES)
        ? new GameSecret(secret, Array.isArray(gestures) ? gestures : [])
        : new GameSecret(options.newSecret());
    }
    if (table.game?.over) table.phase = 'over';
    if (record.turnSeconds) table.clock.seconds = record.turnSeconds;
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
      game:
        this.game && this.secret
          ? { setup: setupOf(this.game), log: this.game.log, ...this.secret.record() }
          : null,
    };
  }

  /**
   * The seats of a restored table whose person has not come back (see `restore`) are given up, as if
   * their person had left: emptied in the lobby, played by a stand-in in a game. Null if none waited.
   */
  giveUpWaiting(): Change | null {
    const change: Change = {};
    let any = false;
    for (let i = this.seats.length - 1; i >= 0; i--) {
      const seat = this.seats[i]!;
      if (seat.kind !== 'human' || seat.sessionId !== null || seat.standIn) continue;
      any = true;
      if (this.phase === 'lobby') {
        const moved = this.removeSeat(i).moved ?? [];
        change.moved = [...new Set([...(change.moved ?? []), ...moved])];
      } else {
        seat.standIn = true;
      }
    }
    if (!any) return null;
    this.fixHost();
    this.changed();
    return change;
  }

  /** The room as every client sees it now. */
  view(): RoomView {
    return {
      roomId: this.options.roomId,
      phase: this.phase,
      host: this.host,
      seats: this.seats.map(seatView),
      rules: this.rules,
      game: this.game ? publicGame(this.game) : null,
      proof: this.game && this.secret ? this.secret.proof(this.game.over) : null,
      claims: [...this.claims.keys()].sort((a, b) => a - b),
      clock: this.clock.view(),
      version: this.version,
    };
  }

  /** The seat held by a session, or -1. */
  seatOf(sessionId: string): number {
    return this.seats.findIndex((seat) => seat.sessionId === sessionId);
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
   * - with the key of a seat (seat-keys.ts), in that seat, whoever holds it (a connection that holds it
   *   is told it moved elsewhere: `displaced`); a claim on it is refused;
   * - with the name of a person's seat whose person is not connected (dropped, gone, or played by a
   *   stand-in) but without its key, nowhere yet: they ask for it (`claiming`), and the host (or, while
   *   the host is away, another player) answers (`answerClaim`); until then the seat waits for its person;
   * - else, in the lobby, in a new seat at the end (the name made unique at the table), with a new key.
   * @throws ProtocolError `bad-name` (a computer's name), `game-started`, `room-full`, `seat-claimed`
   */
  join(sessionId: string, name: string, key?: string): JoinResult {
    const place = this.placeFor(name, key);
    const change: Change = {};
    if (place.claim !== undefined) {
      this.claims.set(place.claim, sessionId);
      this.changed();
      return { seat: -1, claiming: place.claim, change };
    }
    let seat: number;
    let newKey: string | undefined;
    if (place.seat === undefined) {
      newKey = this.options.newKey();
      this.seats.push(personSeat(uniqueName(this.seats, name), sessionId, seatKeyHash(newKey)));
      seat = this.seats.length - 1;
    } else {
      seat = place.seat;
      this.takeSeat(seat, sessionId, change);
    }
    this.fixHost();
    this.changed();
    return newKey ? { seat, change, key: newKey } : { seat, change };
  }

  /**
   * The host's (or, while the host is away, another player's) answer to someone asking for seat `seat`
   * by its name: let in, they take it with a new key (the old one no longer works); else they are told no.
   * @throws ProtocolError `not-host` (not one who may answer), `bad-message` (no one asks for that seat)
   */
  answerClaim(sessionId: string, seat: number, admit: boolean): Change {
    const answerer = this.seatOf(sessionId);
    const host = this.seats[this.host];
    const hostHere = !!host && host.sessionId !== null && host.connected;
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
      const key = this.options.newKey();
      this.takeSeat(seat, claimant, change);
      this.seats[seat]!.keyHash = seatKeyHash(key);
      change.admitted = { sessionId: claimant, seat, key };
      this.fixHost();
    } else {
      change.claimRefused = [claimant];
    }
    this.changed();
    return change;
  }

  /** Seat `seat` is `sessionId`'s now: whoever held it loses it, and a claim on it is refused. */
  private takeSeat(seat: number, sessionId: string, change: Change): void {
    const taken = this.seats[seat]!;
    if (taken.sessionId !== null && taken.sessionId !== sessionId) {
      if (taken.connected) change.displaced = taken.sessionId;
      else change.evicted = taken.sessionId;
    }
    const claimant = this.claims.get(seat);
    if (claimant !== undefined && claimant !== sessionId) {
      change.claimRefused = [...(change.claimRefused ?? []), claimant];
    }
    this.claims.delete(seat);
    taken.sessionId = sessionId;
    taken.connected = true;
    taken.standIn = false;
  }

  /** A person's connection dropped (they may come back within the window). False if they hold no seat. */
  dropped(sessionId: string): boolean {
    const seat = this.seats[this.seatOf(sessionId)];
    if (!seat) return false;
    seat.connected = false;
    this.changed();
    return true;
  }

  /** A dropped person is back: their seat, or -1 if they hold none. */
  reconnected(sessionId: string): number {
    const index = this.seatOf(sessionId);
    const seat = this.seats[index];
    if (!seat) return -1;
    seat.connected = true;
    this.fixHost();
    this.changed();
    return index;
  }

  /**
   * A person left for good (left, or did not come back in time). In the lobby their seat is emptied; in
   * a game a stand-in plays it until they come back (with its key, or let in by the others). If they
   * were host, the next connected person is. One who only asked for a seat no longer asks. Null if they
   * held no seat and asked for none.
   */
  left(sessionId: string): Change | null {
    const index = this.seatOf(sessionId);
    const seat = this.seats[index];
    if (!seat) {
      const asked = [...this.claims].find(([, claimant]) => claimant === sessionId);
      if (!asked) return null;
      this.claims.delete(asked[0]);
      this.changed();
      return {};
    }
    let change: Change = {};
    if (this.phase === 'lobby') {
      change = this.removeSeat(index);
    } else {
      seat.sessionId = null;
      seat.connected = false;
      seat.standIn = true;
      this.fixHost();
    }
    this.changed();
    return change;
  }

  // ---- requests ----

  /**
   * A person's message, checked (parseClientMessage) and carried out.
   * @throws ProtocolError or RuleError with the refusal's code; nothing changed then
   */
  request(sessionId: string, type: string, message: unknown): Change {
    const seat = this.seatOf(sessionId);
    switch (type) {
      case 'throw':
        return this.throwDice(seat, parseClientMessage('throw', message).gesture);
      case 'hold': {
        const { index, held } = parseClientMessage('hold', message);
        return this.act(seat, { type: 'hold', index, held });
      }
      case 'score':
        return this.act(seat, { type: 'score', row: parseClientMessage('score', message).row });
      case 'add-bot':
        return this.addBot(seat, parseClientMessage('add-bot', message).kind);
      case 'remove-seat':
        return this.emptySeat(seat, parseClientMessage('remove-seat', message).seat);
      case 'rules':
        return this.setRules(seat, parseClientMessage('rules', message).rules);
      case 'start':
        parseClientMessage('start', message);
        return this.start(seat);
      case 'clock':
        return this.setClock(seat, parseClientMessage('clock', message).seconds);
      case 'answer-claim': {
        const answer = parseClientMessage('answer-claim', message);
        return this.answerClaim(sessionId, answer.seat, answer.admit);
      }
      default:
        parseClientMessage(type, message); // throws: an unknown message
        throw new ProtocolError('bad-message', 'Unknown message');
    }
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
   * A computer's action for seat `seat` (a throw uses `gesture`), through the same checks as a person's.
   * @throws ProtocolError `not-your-turn` unless a computer is to act on that seat, RuleError when refused
   */
  computerAction(seat: number, action: Action, gesture: Gesture): Change {
    if (this.computerToAct()?.seat !== seat)
      throw new ProtocolError('not-your-turn', 'No computer is to act');
    return action.type === 'roll' ? this.throwDice(seat, gesture, true) : this.act(seat, action, true);
  }

  // ---- the game ----

  /** The game, if seat `seat` is to act in it (for a person, not a computer, when `person`). */
  private turnOf(seat: number, person: boolean): Game {
    const game = this.game;
    if (this.phase === 'over' && game) throw new ProtocolError('game-over', 'The game is over');
    if (this.phase !== 'playing' || !game)
      throw new ProtocolError('not-your-turn', 'The game has not started');
    if (seat < 0 || game.current !== seat) throw new ProtocolError('not-your-turn', 'It is not your turn');
    if (person && this.clock.ranOut === seat)
      throw new ProtocolError('not-your-turn', 'Your time ran out: a computer plays this turn');
    return game;
  }

  /**
   * A throw by seat `seat` (a computer's when `computer`), checked as `request` and `computerAction`
   * would, without throwing: the game whose dice are to be thrown. The room throws them (in a physics
   * worker), then hands the outcome to `applyThrow`.
   * @throws ProtocolError `not-your-turn`, `game-over`, or the RuleError of a throw not allowed now
   */
  checkThrow(seat: number, computer = false): Game {
    if (computer && this.computerToAct()?.seat !== seat)
      throw new ProtocolError('not-your-turn', 'No computer is to act');
    const game = this.turnOf(seat, !computer);
    const refused = refusal(game, { type: 'roll' });
    if (refused) throw refused;
    return game;
  }

  /**
   * What the physics needs to throw `game`'s dice (checked by `checkThrow`) with `gesture`: the seed of
   * the game's next throw comes from its secret and the throw's number (src/online/fairness.ts).
   */
  throwInput(game: Game, gesture: Gesture): ThrowInput {
    return throwInput(game, gesture, this.secret!.nextSeed());
  }

  /**
   * The outcome of a throw of `game`'s dice (checked by `checkThrow`, made from `throwInput(game,
   * gesture)`) applied, if the game is still that one.
   * @throws ProtocolError `not-your-turn` if the game changed meanwhile
   */
  applyThrow(seat: number, game: Game, gesture: Gesture, outcome: ThrowOutcome): Change {
    if (this.game !== game) throw new ProtocolError('not-your-turn', 'The game went on meanwhile');
    const { number, gesture: listed } = this.secret!.thrown(gesture);
    this.setGame(apply(game, { type: 'roll', faces: outcome.faces }));
    this.changed();
    return {
      thrown: {
        seat,
        number,
        gesture: listed,
        trajectory: outcome.trajectory,
        faces: [...outcome.faces],
        held: [...game.held],
        seconds: outcome.seconds,
      },
    };
  }

  private throwDice(seat: number, gesture: Gesture, computer = false): Change {
    const game = this.checkThrow(seat, computer);
    return this.applyThrow(seat, game, gesture, this.options.thrower(this.throwInput(game, gesture)));
  }

  /** A hold or a score (a throw goes through throwDice, which brings its faces). */
  private act(seat: number, action: Action, computer = false): Change {
    const game = this.turnOf(seat, !computer);
    const refused = refusal(game, action);
    if (refused) throw refused;
    this.setGame(apply(game, action));
    this.changed();
    return {};
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
    this.seats.push(computerSeat(computerName(this.seats), kind));
    this.changed();
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
    if (taken.sessionId !== null) change.evicted = taken.sessionId;
    this.changed();
    return change;
  }

  private setClock(seat: number, seconds: number): Change {
    this.hostOnly(seat);
    this.lobbyOnly();
    this.clock.seconds = seconds;
    this.changed();
    return {};
  }

  private setRules(seat: number, rules: RuleSetId): Change {
    this.hostOnly(seat);
    this.lobbyOnly();
    this.rules = rules;
    this.changed();
    return {};
  }

  /** Starts the game (in the lobby), or a new one with the same seats once a game is over. */
  private start(seat: number): Change {
    this.hostOnly(seat);
    if (this.phase === 'playing') throw new ProtocolError('game-started', 'The game has started');
    if (this.seats.length < MIN_SEATS) {
      throw new ProtocolError('not-enough-players', `A game needs ${MIN_SEATS} seats taken`);
    }
    // The engine's own generator plays no part online (every throw's faces come from the physics,
    // seeded from the secret), so its seed is left at 0 rather than made a second secret to keep.
    this.game = newGame({ players: this.seats.map((s) => s.name), rules: this.rules, seed: 0 });
    this.secret = new GameSecret(this.options.newSecret());
    this.phase = 'playing';
    this.changed();
    return {};
  }

  // ---- seats and host ----

  /**
   * Where a join goes (see `join`): a seat to take (its key shown), a seat to ask for (its name given
   * without its key), or a new seat (no `seat` nor `claim`).
   */
  private placeFor(name: string, key?: string): { seat?: number; claim?: number } {
    checkPersonName(name);
    if (key !== undefined) {
      const hash = seatKeyHash(key);
      const mine = this.seats.findIndex((s) => s.kind === 'human' && s.keyHash === hash);
      if (mine >= 0) return { seat: mine };
    }
    const named = this.seats.findIndex((s) => s.kind === 'human' && sameName(s.name, name));
    const seat = this.seats[named];
    if (seat && !(seat.sessionId !== null && seat.connected)) {
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
      .flatMap((seat) => (seat.sessionId !== null && seat.connected ? [seat.sessionId] : []));
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
    if (host && host.kind === 'human' && (host.sessionId !== null || !host.standIn)) return;
    this.host = this.nextHost(this.host + 1) ?? (this.host < this.seats.length ? this.host : 0);
  }

  /** The first seat from `from` on (round the table) whose person is connected. */
  private nextHost(from: number): number | undefined {
    const n = this.seats.length;
    for (let k = 0; k < n; k++) {
      const i = (from + k) % n;
      const seat = this.seats[i]!;
      if (seat.kind === 'human' && seat.sessionId !== null && seat.connected) return i;
    }
    return undefined;
  }

  private changed(): void {
    this.version++;
    const game = this.phase === 'playing' ? this.game : null;
    const seat = game ? this.seats[game.current] : undefined;
    this.clock.follow(game, !!seat && !playedByComputer(seat));
  }

  // ---- the turn clock ----

  /** When the person's turn under way runs out (ms since 1970), or null when none is timed. */
  get turnDeadline(): number | null {
    return this.clock.deadline;
  }

  /**
   * The person's turn under way ran out of time, if it has by now: a computer (STAND_IN_BOT) plays the
   * rest of that turn; the person plays their next turn themselves. Null if it has not.
   */
  timeOut(): Change | null {
    const game = this.game;
    if (this.phase !== 'playing' || !game || !this.clock.expire(game.current)) return null;
    this.version++;
    return {};
  }
}

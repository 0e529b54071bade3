/**
 * A table that people join over the network (the game server's rooms: server/src/DiceRoom.ts): the
 * Table's game, turn gate, throws and computers, plus everything around a game that a table in the page
 * never needs (so the page does not load it): people joining by name and coming back by their seat's
 * key, asking for a seat and being let in, the lobby's host requests, a nudge, a rematch by agreement,
 * the turn clock running out, and the record the table is rebuilt from after its process is gone.
 */
import type { BotId } from '../engine/bots/bot.js';
import {
  apply,
  newGame,
  replay,
  setupOf,
  type Action,
  type GameSetup,
  type RuleSetId,
} from '../engine/index.js';
import type { ProofGesture } from '../online/fairness.js';
import {
  MAX_SEATS,
  MIN_SEATS,
  ProtocolError,
  type ClientMessages,
  type RoomPace,
  type RoomView,
  type TimeUp,
} from '../online/protocol.js';
import {
  computerName,
  computerSeat,
  personSeat,
  PLAIN_NAMES,
  uniqueName,
  type NamePolicy,
  type Seat,
} from './seats.js';
import { Table, type Change, type SeatKeys, type TablePorts } from './Table.js';
import type { ClockRecord } from './TurnClock.js';

/** Where a join went (RoomTable.join). */
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
  /** What a person's time running out does: a stand-in plays the turn unless given. */
  timeUp?: TimeUp;
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

const NO_KEYS: SeatKeys = {
  newKey: () => {
    throw new ProtocolError('bad-message', 'No one joins this table');
  },
  hash: (key) => key,
};

export class RoomTable extends Table {
  private readonly keys: SeatKeys;
  private readonly names: NamePolicy;

  constructor(ports: TablePorts) {
    super(ports);
    this.keys = ports.keys ?? NO_KEYS;
    this.names = ports.names ?? PLAIN_NAMES;
  }

  /**
   * A table rebuilt from its record, in a new room: the game replayed from its log; each person's seat
   * waits for them to come back by name (not connected, no holder: see `join`), as after a drop; a
   * stand-in still plays the seats it played. The version goes on from the record's.
   * @throws RuleError `bad-state` (or another rule's code) if the log does not replay
   */
  static restore(record: TableRecord, ports: TablePorts): RoomTable {
    const table = new RoomTable(ports);
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
    if (table.clock.pace === 'own-pace' && record.timeUp === 'forfeit') table.clock.timeUp = 'forfeit';
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
      ...(this.clock.timeUp === 'forfeit' ? { timeUp: 'forfeit' as const } : {}),
      pace: this.clock.pace,
      ...(this.clock.pace === 'own-pace' ? { clock: this.clock.record() } : {}),
      ...(this.rematchSeats.size ? { rematch: [...this.rematchSeats] } : {}),
      game:
        this.game && this.seeds
          ? { setup: setupOf(this.game), log: this.game.log, ...this.seeds.record() }
          : null,
    };
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

  /**
   * The host's (or, while the host is away, another player's) answer to someone asking for seat `seat`
   * by its name: let in, they take it with a new key (the old one no longer works); else they are told no.
   * @throws ProtocolError `not-host` (not one who may answer), `bad-message` (no one asks for that seat)
   */
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
    let change: Change = { left: { name: seat.name, wasHost: index === this.host } };
    if (this.phase === 'lobby') {
      change = { ...change, ...this.removeSeat(index) };
    } else {
      seat.holder = null;
      seat.connected = false;
      seat.standIn = this.pace === 'live';
      this.fixHost();
    }
    this.changed(change);
    return true;
  }

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

  private setClock(seat: number, seconds: number, pace: RoomPace, timeUp: TimeUp): Change {
    this.hostOnly(seat);
    this.lobbyOnly();
    this.clock.seconds = seconds;
    this.clock.pace = pace;
    this.clock.timeUp = pace === 'own-pace' ? timeUp : 'stand-in';
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

  /** When the person's turn under way runs out (ms since 1970), or null when none is timed. */
  get turnDeadline(): number | null {
    return this.clock.deadline;
  }

  /**
   * The person's turn under way ran out of time, if it has by now: a computer (STAND_IN_BOT) plays the
   * rest of that turn, and the person plays their next turn themselves; or, where the host chose so (at
   * one's own pace), the person forfeits: out of the game. False if it has not.
   */
  timeOut(): boolean {
    const game = this.game;
    if (this.phase !== 'playing' || !game || !this.clock.expire(game.current)) return false;
    if (this.clock.timeUp === 'forfeit') {
      const seat = game.current;
      const action: Action = { type: 'forfeit' };
      this.setGame(apply(game, action));
      this.changed({ acted: { seat, action } });
      return true;
    }
    this.version++;
    for (const listener of this.listeners) listener({});
    return true;
  }

  /** The room's requests around the game (see Table.roomRequest). */
  protected override roomRequest(holder: string, seat: number, type: string, message: unknown): Change {
    switch (type as keyof ClientMessages) {
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
        const { seconds, pace, timeUp } = this.parse('clock', message);
        return this.setClock(seat, seconds, pace ?? 'live', timeUp ?? 'stand-in');
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
        return super.roomRequest(holder, seat, type, message);
    }
  }
}

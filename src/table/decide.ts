/**
 * What a table does with a request, as pure functions: `decide(state, holder, request, context)` gives
 * the next state and its events (a Decision), a throw to make (whose outcome `land` applies), or throws
 * a coded refusal (ProtocolError, RuleError) and nothing changed. The turn and the rules are checked
 * once here; the engine applies the action.
 */
import type { BotId } from '../engine/bots/bot.js';
import { apply, newGame, refusal, type Action, type Game, type RuleSetId } from '../engine/index.js';
import type { ProofGesture } from '../online/fairness.js';
import {
  MAX_SEATS,
  MIN_SEATS,
  ProtocolError,
  STAND_IN_BOT,
  type ClientMessages,
  type RoomPace,
  type TimeUp,
} from '../online/protocol.js';
import type { Gesture } from '../physics/types.js';
import { computerName, computerOf, computerSeat, type NamePolicy } from './seats.js';
import { answerClaim, moveLink, removeSeat, type SeatKeys } from './seating.js';
import { settle, type Change, type Decision, type Moment, type TableState } from './table-state.js';
import type { ThrowOutcome } from './throw-input.js';
import { expireClock } from './turn-clock.js';

/** What a decision may need besides the state: the time, whether turns are timed, names and keys. */
export interface Context extends Moment {
  names: NamePolicy;
  keys: SeatKeys;
}

/** A request, checked (parseClientMessage online; typed in the page). */
export type Request = {
  [K in keyof ClientMessages]: { type: K; message: ClientMessages[K] };
}[keyof ClientMessages];

/** A throw the rules allow: the host throws the dice (the physics), then `land`s it. */
export interface ThrowToMake {
  seat: number;
  /** The game it is thrown in (it lands only in that game). */
  game: Game;
  gesture: Gesture;
}

/**
 * The seat a holder acts for now: the turn's if it holds it (the page holds every person's), else its
 * own.
 */
function actingSeat(state: TableState, holder: string): number {
  const current = state.game?.current;
  if (current !== undefined && state.seats[current]?.holder === holder) return current;
  return state.seats.findIndex((seat) => seat.holder === holder);
}

/**
 * The decision on `holder`'s request: the next state and its events, or the throw to make.
 * @throws ProtocolError or RuleError with the refusal's code; nothing changed then
 */
export function decide(
  state: TableState,
  holder: string,
  request: Request,
  context: Context,
): Decision | { throwing: ThrowToMake } {
  const seat = actingSeat(state, holder);
  switch (request.type) {
    case 'throw':
      return { throwing: throwFor(state, seat, request.message.gesture, false) };
    case 'hold':
    case 'score':
      return act(state, seat, { type: request.type, ...request.message } as Action, false, context);
    case 'add-bot':
      return settle(addBot(state, seat, request.message.kind, context.names), {}, context);
    case 'remove-seat':
      return settle(...emptySeat(state, seat, request.message.seat), context);
    case 'rules':
      return settle(setRules(state, seat, request.message.rules), {}, context);
    case 'start': {
      // Asks for a seat are for the lobby: those still waiting are told no as the game starts.
      const asked = state.claims.map((c) => c.holder);
      const started = { ...start(state, seat), claims: [] };
      return settle(started, { newGame: true, ...(asked.length ? { claimRefused: asked } : {}) }, context);
    }
    case 'clock': {
      const { seconds, pace, timeUp } = request.message;
      return settle(setClock(state, seat, seconds, pace ?? 'live', timeUp ?? 'stand-in'), {}, context);
    }
    case 'answer-claim':
      return settle(...answerClaim(state, holder, request.message, context.keys, context.now), context);
    case 'move-link':
      return settle(...moveLink(state, holder, context.keys, context.now), context);
    case 'nudge':
      return settle(nudge(state, seat), {}, context);
    case 'rematch':
      return askRematch(state, seat, context);
    default:
      throw new ProtocolError('bad-message', 'Unknown message');
  }
}

/** The game, if seat `seat` is to act in it (for a person, not a computer, when `person`). */
function turnOf(state: TableState, seat: number, person: boolean): Game {
  const game = state.game;
  if (state.phase === 'over' && game) throw new ProtocolError('game-over', 'The game is over');
  if (state.phase !== 'playing' || !game)
    throw new ProtocolError('not-your-turn', 'The game has not started');
  if (seat < 0 || game.current !== seat) throw new ProtocolError('not-your-turn', 'It is not your turn');
  if (person && computerOf(state.seats[seat]!))
    throw new ProtocolError('not-your-turn', 'A computer plays this seat');
  if (person && state.clock.ranOut === seat)
    throw new ProtocolError('not-your-turn', 'Your time ran out: a computer plays this turn');
  return game;
}

/**
 * A throw by seat `seat` (a computer's when `computer`), refused by the turn and the rules.
 * @throws ProtocolError, RuleError
 */
function throwFor(state: TableState, seat: number, gesture: Gesture, computer: boolean): ThrowToMake {
  const game = turnOf(state, seat, !computer);
  const refused = refusal(game, { type: 'roll' });
  if (refused) throw refused;
  return { seat, game, gesture };
}

/**
 * A throw made: its faces applied to the game it was thrown in, told with its recording.
 * @throws ProtocolError `not-your-turn` when the game went on meanwhile
 */
export function land(
  state: TableState,
  { seat, game }: ThrowToMake,
  outcome: ThrowOutcome,
  listed: { number: number; gesture: ProofGesture },
  moment: Moment,
): Decision {
  if (state.game !== game) throw new ProtocolError('not-your-turn', 'The game went on meanwhile');
  const action: Action = { type: 'roll', faces: [...outcome.faces] };
  const thrown = {
    seat,
    number: listed.number,
    gesture: listed.gesture,
    trajectory: outcome.trajectory,
    faces: [...outcome.faces],
    held: [...game.held],
    seconds: outcome.seconds,
  };
  return settle({ ...state, game: apply(game, action) }, { acted: { seat, action }, thrown }, moment);
}

/** A hold or a score (a throw goes through throwFor and land, which bring its faces). */
function act(state: TableState, seat: number, action: Action, computer: boolean, moment: Moment): Decision {
  const game = turnOf(state, seat, !computer);
  return settle({ ...state, game: apply(game, action) }, { acted: { seat, action } }, moment);
}

/** The computer seat to act now, and which computer plays it; null when a person is to act or no game is on. */
export function computerToAct(state: TableState): { seat: number; kind: BotId } | null {
  const game = state.game;
  if (state.phase !== 'playing' || !game || game.over) return null;
  const kind =
    computerOf(state.seats[game.current]!) ?? (state.clock.ranOut === game.current ? STAND_IN_BOT : null);
  return kind ? { seat: game.current, kind } : null;
}

/**
 * A computer's action for seat `seat`, chosen for game `chosenFor`, through the same checks as a
 * person's: refused when no computer is to act there, or the game went on since it was chosen.
 * @throws ProtocolError `not-your-turn`, RuleError
 */
export function computerDecides(
  state: TableState,
  seat: number,
  action: Action,
  gesture: Gesture,
  chosenFor: Game | null,
  moment: Moment,
): Decision | { throwing: ThrowToMake } {
  if (computerToAct(state)?.seat !== seat) throw new ProtocolError('not-your-turn', 'No computer is to act');
  if (state.game !== chosenFor) throw new ProtocolError('not-your-turn', 'The game went on meanwhile');
  if (action.type === 'roll') return { throwing: throwFor(state, seat, gesture, true) };
  return act(state, seat, action, true, moment);
}

/**
 * The person's turn under way ran out of time, if it has at `now`: a computer (STAND_IN_BOT) plays the
 * rest of that turn; or, where the host chose so (at one's own pace), the person forfeits. Null if it
 * has not.
 */
export function timeOut(state: TableState, moment: Moment): Decision | null {
  const game = state.game;
  if (state.phase !== 'playing' || !game) return null;
  const clock = expireClock(state.clock, game.current, moment.now);
  if (!clock) return null;
  if (clock.timeUp === 'forfeit') {
    const action: Action = { type: 'forfeit' };
    const seat = game.current;
    return settle({ ...state, clock, game: apply(game, action) }, { acted: { seat, action } }, moment);
  }
  // The clock ran out: the version grows, the turn (and so the clock) goes on as it was.
  return { state: { ...state, clock, version: state.version + 1 }, change: {} };
}

function hostOnly(state: TableState, seat: number): void {
  if (seat < 0 || seat !== state.host) throw new ProtocolError('not-host', 'Only the host may do that');
}

/** Refuses all but the host, and after the lobby. */
function hostInLobby(state: TableState, seat: number): void {
  hostOnly(state, seat);
  if (state.phase !== 'lobby') throw new ProtocolError('game-started', 'The game has started');
}

function addBot(state: TableState, seat: number, kind: BotId, names: NamePolicy): TableState {
  hostInLobby(state, seat);
  if (state.seats.length >= MAX_SEATS) throw new ProtocolError('room-full', `A table has ${MAX_SEATS} seats`);
  return { ...state, seats: [...state.seats, computerSeat(computerName(state.seats, names), kind)] };
}

/**
 * The host empties a seat in the lobby: a computer's, or a person's, connected or not (one who is
 * connected is told and let go: `removed`); never the host's own.
 */
function emptySeat(state: TableState, seat: number, target: number): [TableState, Change] {
  hostInLobby(state, seat);
  const taken = state.seats[target];
  if (!taken) throw new ProtocolError('bad-message', 'No such seat');
  if (target === seat)
    throw new ProtocolError('bad-message', 'The host leaves rather than removes their own seat');
  const [next, change] = removeSeat(state, target);
  if (taken.holder === null) return [next, change];
  return [next, { ...change, evicted: taken.holder, ...(taken.connected ? { removed: taken.holder } : {}) }];
}

function setClock(
  state: TableState,
  seat: number,
  seconds: number,
  pace: RoomPace,
  timeUp: TimeUp,
): TableState {
  hostInLobby(state, seat);
  return {
    ...state,
    clock: { ...state.clock, seconds, pace, timeUp: pace === 'own-pace' ? timeUp : 'stand-in' },
  };
}

function setRules(state: TableState, seat: number, rules: RuleSetId): TableState {
  hostInLobby(state, seat);
  return { ...state, rules };
}

/** Starts the game (in the lobby), or a new one with the same seats once a game is over. */
function start(state: TableState, seat: number): TableState {
  hostOnly(state, seat);
  if (state.phase === 'playing') throw new ProtocolError('game-started', 'The game has started');
  if (state.seats.length < MIN_SEATS) {
    throw new ProtocolError('not-enough-players', `A game needs ${MIN_SEATS} seats taken`);
  }
  return startNewGame(state);
}

/** A new game for the seats at the table (its seeds made by the host: Change.newGame). */
function startNewGame(state: TableState): TableState {
  // The engine's own generator plays no part online (every throw's faces come from the physics,
  // seeded from the secret), so its seed is left at 0 rather than made a second secret to keep.
  const game = newGame({ players: state.seats.map((s) => s.name), rules: state.rules, seed: 0 });
  return { ...state, game, phase: 'playing', rematch: [] };
}

/**
 * Seat `seat`'s person asks for (or agrees to) a rematch: it starts once every person a stand-in does
 * not play for has.
 * @throws ProtocolError `not-over` before the game is over, `not-your-turn` from one with no seat
 */
function askRematch(state: TableState, seat: number, moment: Moment): Decision {
  if (state.phase !== 'over') throw new ProtocolError('not-over', 'A rematch is asked for after the game');
  if (state.seats[seat]?.kind !== 'human')
    throw new ProtocolError('not-your-turn', 'Only a player at the table asks');
  const rematch = state.rematch.includes(seat) ? state.rematch : [...state.rematch, seat];
  const asked = { ...state, rematch };
  const waitedFor = state.seats.filter((s, i) => s.kind === 'human' && !s.standIn && !rematch.includes(i));
  return waitedFor.length === 0
    ? settle(startNewGame(asked), { newGame: true }, moment)
    : settle(asked, {}, moment);
}

/**
 * Seat `by` reminds the person whose timed turn waits for them: once a turn, whose clock is the period.
 * @throws ProtocolError `nothing-to-nudge` (no other person's turn waits), `already-nudged`
 */
function nudge(state: TableState, by: number): TableState {
  const current = state.game?.current;
  if (by < 0 || current === undefined || by === current || state.clock.endsAt === null) {
    throw new ProtocolError('nothing-to-nudge', "There is no one to nudge: no other person's turn waits");
  }
  if (state.clock.nudgedBy !== null) {
    throw new ProtocolError('already-nudged', `${state.seats[current]!.name} was nudged this turn already`);
  }
  return { ...state, clock: { ...state.clock, nudgedBy: by } };
}

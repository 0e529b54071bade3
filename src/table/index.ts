/**
 * The table's authority (see Table.ts), run by the game server's rooms and by the page alike, with what
 * it is made of: its seats, its turn clock, its one way of throwing the dice, its throws' seeds, and the
 * runner of its computer players. Pure TypeScript: no DOM, no network.
 */
export {
  Table,
  PAGE_HOLDER,
  type Change,
  type LocalSetup,
  type SeatKeys,
  type MessageParser,
  type TablePorts,
} from './Table.js';
export { EMPTY_TABLE, type Decision, type TableState } from './table-state.js';
export {
  decide,
  land,
  computerToAct,
  timeOut,
  type Context,
  type Request,
  type ThrowToMake,
} from './decide.js';
export { RoomTable, type JoinResult, type TableRecord } from './RoomTable.js';
export {
  ComputerTurns,
  type ComputerPolicy,
  type ComputerTurnsOptions,
  type Timer,
} from './ComputerTurns.js';
export { createThrower } from './thrower.js';
export { throwInput, type ThrowInput, type ThrowOutcome, type Thrower } from './throw-input.js';
export { ENGINE_SEEDS, type GameSeeds, type SeedSource } from './throw-seeds.js';
export {
  PLAIN_NAMES,
  computerName,
  computerOf,
  computerSeat,
  personSeat,
  seatView,
  uniqueName,
  type NamePolicy,
  type Seat,
} from './seats.js';
export { type ClockState, type ClockRecord } from './turn-clock.js';
export { personMayAct } from './turn-gate.js';

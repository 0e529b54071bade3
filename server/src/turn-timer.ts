/**
 * The timer of a room's turn clock: set for the deadline of the person's turn under way, it asks the
 * table whether the turn ran out (RoomTable.timeOut) when it rings; the room's clock runs on its own
 * ticks and may ring a little early, so it looks again then.
 */
export interface TimedTable {
  readonly turnDeadline: number | null;
  timeOut(): boolean;
}

type SetTimeout = (callback: () => void, ms: number) => { clear(): void };

export class TurnTimer {
  private timer: { clear(): void } | undefined;
  private armedFor: number | null = null;

  constructor(
    private readonly table: TimedTable,
    private readonly setTimeout: SetTimeout,
    /** Whether the room still plays (not closing, not disposed). */
    private readonly live: () => boolean,
  ) {}

  /** Sets the timer for the turn under way (after every change). */
  arm(): void {
    const deadline = this.table.turnDeadline;
    if (deadline === this.armedFor) return;
    this.timer?.clear();
    this.timer = undefined;
    this.armedFor = deadline;
    if (deadline === null) return;
    this.timer = this.setTimeout(
      () => {
        this.timer = undefined;
        if (!this.live() || this.table.timeOut()) return;
        this.armedFor = null;
        this.arm();
      },
      Math.max(0, deadline - Date.now()),
    );
  }
}

/**
 * The timer of what a room's table does by itself: set for its next deadline (the person's turn under
 * way running out, an ask for a seat lapsing), it asks the table to do what is due (RoomTable.expire)
 * when it rings; the room's clock runs on its own ticks and may ring a little early, so it looks again
 * then.
 */
export interface TimedTable {
  readonly deadline: number | null;
  expire(): boolean;
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

  /** Sets the timer for the table's next deadline (after every change). */
  arm(): void {
    const deadline = this.table.deadline;
    if (deadline === this.armedFor) return;
    this.timer?.clear();
    this.timer = undefined;
    this.armedFor = deadline;
    if (deadline === null) return;
    this.timer = this.setTimeout(
      () => {
        this.timer = undefined;
        if (!this.live() || this.table.expire()) return;
        this.armedFor = null;
        this.arm();
      },
      Math.max(0, deadline - Date.now()),
    );
  }
}

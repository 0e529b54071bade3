/**
 * "Latest wins" for questions whose answer only matters while they are the latest (the coach's advice
 * for the position on the table): at most one question is being answered at a time; a newer one waits,
 * replacing any that waited (which resolves null); an answer overtaken by a newer question resolves
 * null rather than arriving late; the same question asked again while it is being answered shares that
 * answer.
 */

interface Ask<Q, A> {
  key: string;
  query: Q;
  /** Everyone waiting for this question's answer. */
  waiters: { resolve: (answer: A | null) => void; reject: (error: unknown) => void }[];
}

export class LatestWins<Q, A> {
  private inFlight: Ask<Q, A> | undefined;
  private waiting: Ask<Q, A> | undefined;
  private stopped = false;

  /** `answer` answers one question (rejecting with the error to pass on). */
  constructor(private readonly answer: (query: Q) => Promise<A>) {}

  /**
   * The answer to `query` (known by `key`), or null when a newer question overtook it; null at once for
   * no question (which still replaces one that waits).
   */
  ask(key: string, query: Q | null): Promise<A | null> {
    this.waiting?.waiters.forEach((w) => w.resolve(null));
    this.waiting = undefined;
    if (query === null || this.stopped) return Promise.resolve(null);
    return new Promise<A | null>((resolve, reject) => {
      if (this.inFlight?.key === key) {
        this.inFlight.waiters.push({ resolve, reject }); // being answered already
        return;
      }
      this.waiting = { key, query, waiters: [{ resolve, reject }] };
      if (!this.inFlight) this.next();
    });
  }

  /** No more answers: everyone waiting resolves null. */
  stop(): void {
    this.stopped = true;
    for (const ask of [this.inFlight, this.waiting]) ask?.waiters.forEach((w) => w.resolve(null));
    this.inFlight = this.waiting = undefined;
  }

  private next(): void {
    const ask = this.waiting;
    this.waiting = undefined;
    this.inFlight = ask;
    if (!ask) return;
    const settle = (answer: A | null, failed: boolean, error?: unknown): void => {
      if (this.inFlight === ask) this.inFlight = undefined;
      const stale = this.waiting !== undefined || this.stopped;
      for (const w of ask.waiters) {
        if (failed && !stale) w.reject(error);
        else w.resolve(stale ? null : answer);
      }
      if (!this.stopped) this.next();
    };
    this.answer(ask.query).then(
      (answer) => settle(answer, false),
      (error: unknown) => settle(null, true, error),
    );
  }
}

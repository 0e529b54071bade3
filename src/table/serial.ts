/**
 * Runs steps one at a time, in order: at once when none runs (so that a step with nothing to wait for
 * is done before the call that asked for it returns), else after every step before it. A table's
 * requests (Table) and a session's changes (SessionCore) are each run by one.
 */
export class Serial {
  private readonly waiting: (() => void)[] = [];
  private running = false;
  private idle: (() => void)[] = [];

  /** Runs `step` in its turn; settles as it does. */
  run(step: () => void | Promise<void>): Promise<void> {
    return new Promise<void>((resolve, reject) => {
      const go = (): void => {
        this.running = true;
        const done = (): void => {
          this.running = false;
          const next = this.waiting.shift();
          if (next) next();
          else for (const settle of this.idle.splice(0)) settle();
        };
        try {
          const result = step();
          if (result instanceof Promise) return void result.then(resolve, reject).finally(done);
          resolve();
        } catch (error) {
          reject(error as Error);
        }
        done();
      };
      if (this.running) this.waiting.push(go);
      else go();
    });
  }

  /** Resolves once no step runs or waits. */
  settled(): Promise<void> {
    if (!this.running) return Promise.resolve();
    return new Promise((resolve) => this.idle.push(resolve));
  }
}

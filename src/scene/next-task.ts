/** The Prioritized Task Scheduling API's `scheduler.yield`, where the browser has it. */
interface YieldingScheduler {
  yield(): Promise<void>;
}

/**
 * Settles in a task of its own: work awaiting it lets the browser paint and answer input first. A
 * long start split into such steps keeps a tap (or a phone's slow CPU) from waiting for all of it.
 * `scheduler.yield` where there is one (the rest runs before other pages' tasks), else a timer.
 */
export function nextTask(): Promise<void> {
  const scheduler = (globalThis as { scheduler?: Partial<YieldingScheduler> }).scheduler;
  if (typeof scheduler?.yield === 'function') return scheduler.yield();
  return new Promise((resolve) => setTimeout(resolve, 0));
}

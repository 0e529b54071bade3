/**
 * Rejects when `promise` takes longer than `ms`, naming `what` (the work itself is ended by whoever
 * started it: its processes stopped by their pid). A step that hangs then fails at once, saying which.
 */
export function within<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what}: no answer within ${ms / 1000} s`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

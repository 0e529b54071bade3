/**
 * Node's flags for the unit tests' own processes: vitest's workers (vite.config.ts's `execArgv`), and the
 * game servers and commands the tests start (told by the global setup through NODE_FLAGS_ENV, read by
 * server/src/processes.ts).
 *
 * `--liftoff-only`: V8 compiles WebAssembly with its baseline compiler alone, never optimising it
 * (TurboFan). Every test process that opens the embedded database (PGlite: 9 MB of WebAssembly) runs it
 * for a few queries, and optimising what those run cost more CPU than it saved: an open and a query
 * took 3.3 s of CPU, 1.9 s with the flag. What the tests check does not depend on V8's compiler tiers;
 * the benchmarks' servers keep node's defaults.
 */
export const TEST_NODE_FLAGS: readonly string[] = ['--liftoff-only'];

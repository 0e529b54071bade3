/**
 * The order the unit test files start in (vitest's `sequence.sequencer`): files that start processes
 * (a game server, PostgreSQL, Redis, a command) first, then the rest; within each, the longest known
 * first. Vitest alone runs the largest files first when it has no timings of an earlier run, as on a
 * fresh clone: the short files that start servers, which take the longest, then start last and leave
 * one worker busy for minutes after the others have ended (restart.test.ts, 74 lines, started 103rd
 * of 137 and ran alone for the last three minutes).
 */
import { readFileSync } from 'node:fs';
import { relative } from 'node:path';
import type { TestSequencer, TestSpecification, Vitest } from 'vitest/node';

/** Calls in a test file that start a process of its own and wait on it. */
const STARTS_PROCESSES = /\b(spawnServer|spawnRedis|startPostgres|spawnSync|execFileSync)\(/;

// Not a subclass of vitest's BaseSequencer: vite.config.ts imports this file, and every `vite build`
// would load vitest's whole node side with it.
export default class ProcessesFirst implements TestSequencer {
  constructor(private readonly ctx: Vitest) {}

  /** Only with --shard: vitest's own split. */
  async shard(files: TestSpecification[]): Promise<TestSpecification[]> {
    const { BaseSequencer } = await import('vitest/node');
    return new BaseSequencer(this.ctx).shard(files);
  }

  async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const root = this.ctx.config.root;
    const facts = new Map(
      files.map((file) => {
        const text = readFileSync(file.moduleId, 'utf8');
        const key = `${file.project.name}:${relative(root, file.moduleId)}`;
        const duration = this.ctx.cache.getFileTestResults(key)?.duration;
        return [file, { processes: STARTS_PROCESSES.test(text), duration, size: text.length }];
      }),
    );
    return [...files].sort((a, b) => {
      const x = facts.get(a)!;
      const y = facts.get(b)!;
      if (x.processes !== y.processes) return x.processes ? -1 : 1;
      // As vitest does: the files it has no timings of first (largest first), then the longest.
      if ((x.duration === undefined) !== (y.duration === undefined)) return x.duration === undefined ? -1 : 1;
      if (x.duration === undefined || y.duration === undefined) return y.size - x.size;
      return y.duration - x.duration;
    });
  }
}

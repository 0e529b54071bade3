/**
 * Dice physics benchmark: `npm run bench:dice -- --throws N [--seed S] [--json]`.
 *
 * Throws the dice N times in Node with gestures drawn (seeded) from what a person's flick gives
 * (within ±35° of straight ahead, any allowed speed), every 8th throw with some dice held, and reports
 * fairness (chi-square, overall and per die), settle times (simulated), how often a die had to be
 * thrown again, misreads (reported face against an independent reading of the final orientation),
 * held dice that moved, and throws per second (wall clock, and per second of CPU time). Bad arguments
 * exit with code 2.
 */
import { pathToFileURL } from 'node:url';
import { nextUint32, nextUnit, seedRng, type RngState } from '../src/engine/index.js';
import { chiSquarePValue, chiSquareUniform } from '../src/physics/chi-square.js';
import { DiceWorld } from '../src/physics/DiceWorld.js';
import { FLAT_TOLERANCE_DEG, upFaceByAxis } from '../src/physics/face-reading.js';
import { MAX_THROW_SPEED, MIN_THROW_SPEED } from '../src/physics/throw-launcher.js';
import type { DiePose, Gesture } from '../src/physics/types.js';
import { countFlag, integerFlag, parseOrExit, readFlags } from './cli-args.js';

const DICE = 5;
const FLICK_ANGLE_DEG = 35;
const HOLD_EVERY = 8;

const USAGE = 'usage: npm run bench:dice -- [--throws N] [--seed S] [--json]';

/** What to run: a whole number of throws (1000 by default) from an integer seed (1 by default). */
export interface Options {
  throws: number;
  seed: number;
  json: boolean;
  help: boolean;
}

/**
 * The options of a command line.
 * @throws Error with a one-line message for the user when an argument is unknown, missing or bad
 */
export function parseArgs(argv: readonly string[]): Options {
  const flags = readFlags(argv, { valued: ['--throws', '--seed'], switches: ['--json', '--help', '-h'] });
  return {
    throws: countFlag(flags, '--throws', 1000),
    seed: integerFlag(flags, '--seed', 1),
    json: flags.switches.has('--json'),
    help: flags.switches.has('--help') || flags.switches.has('-h'),
  };
}

/** Nearest-rank percentile of an ascending array. */
function percentile(sorted: readonly number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))]!;
}

function round(value: number, digits: number): number {
  const scale = 10 ** digits;
  return Math.round(value * scale) / scale;
}

function samePose(a: DiePose, b: DiePose): boolean {
  return (
    Object.is(a.x, b.x) &&
    Object.is(a.y, b.y) &&
    Object.is(a.z, b.z) &&
    Object.is(a.qx, b.qx) &&
    Object.is(a.qy, b.qy) &&
    Object.is(a.qz, b.qz) &&
    Object.is(a.qw, b.qw)
  );
}

function run(options: Options): Record<string, unknown> {
  const world = new DiceWorld();
  const faceCounts = [0, 0, 0, 0, 0, 0];
  const perDie = Array.from({ length: DICE }, () => [0, 0, 0, 0, 0, 0]);
  const settle: number[] = [];
  const before = Array.from({ length: DICE }, () => world.pose(0));
  const after = world.pose(0);
  let rng: RngState = seedRng(options.seed);
  let rethrownThrows = 0;
  let rethrows = 0;
  let misreads = 0;
  let heldThrows = 0;
  let heldMoved = 0;
  let draw: number;

  const started = performance.now();
  const cpuStarted = process.cpuUsage();
  for (let t = 0; t < options.throws; t++) {
    [draw, rng] = nextUnit(rng);
    const angle = ((2 * draw - 1) * FLICK_ANGLE_DEG * Math.PI) / 180;
    [draw, rng] = nextUnit(rng);
    const gesture: Gesture = {
      dirX: Math.sin(angle),
      dirZ: -Math.cos(angle),
      speed: MIN_THROW_SPEED + draw * (MAX_THROW_SPEED - MIN_THROW_SPEED),
    };
    let seed: number;
    [seed, rng] = nextUint32(rng);
    const held = [false, false, false, false, false];
    if (t % HOLD_EVERY === HOLD_EVERY - 1) {
      let pattern: number;
      [pattern, rng] = nextUint32(rng);
      pattern = 1 + (pattern % 30); // 1..30: some but never all five held
      for (let i = 0; i < DICE; i++) held[i] = ((pattern >> i) & 1) === 1;
      heldThrows++;
    }
    world.setHeld(held);
    for (let i = 0; i < DICE; i++) world.pose(i, before[i]);

    const result = world.throwToRest(seed, gesture, held);

    settle.push(result.settleSeconds);
    rethrows += result.rethrows;
    if (result.rethrows > 0) rethrownThrows++;
    for (let i = 0; i < DICE; i++) {
      const face = result.faces[i]!;
      const check = upFaceByAxis(world.bodies[i]!.quaternion);
      if (check.face !== face || check.angleDeg > FLAT_TOLERANCE_DEG) misreads++;
      if (held[i]) {
        if (!samePose(before[i]!, world.pose(i, after))) heldMoved++;
        continue;
      }
      faceCounts[face - 1]!++;
      perDie[i]![face - 1]!++;
    }
  }
  const seconds = (performance.now() - started) / 1000;
  const cpu = process.cpuUsage(cpuStarted);
  const cpuSeconds = (cpu.user + cpu.system) / 1e6;

  settle.sort((a, b) => a - b);
  const totalFaces = faceCounts.reduce((a, b) => a + b, 0);
  const chiSquare = chiSquareUniform(faceCounts);
  return {
    throws: options.throws,
    seed: options.seed,
    heldThrows,
    faceCounts,
    faceShares: faceCounts.map((c) => round(c / totalFaces, 5)),
    perDie,
    chiSquare: round(chiSquare, 3),
    pValue: round(chiSquarePValue(chiSquare, 5), 4),
    perDiePValue: perDie.map((counts) => round(chiSquarePValue(chiSquareUniform(counts), 5), 4)),
    settleSeconds: {
      median: round(percentile(settle, 50), 3),
      p95: round(percentile(settle, 95), 3),
      p99: round(percentile(settle, 99), 3),
      max: round(settle[settle.length - 1]!, 3),
    },
    rethrowRate: round(rethrownThrows / options.throws, 5),
    rethrows,
    misreads,
    heldMoved,
    throwsPerSecond: round(options.throws / seconds, 1),
    // Per second of this process's own CPU time: what one core gives when others are not sharing it.
    cpuThrowsPerSecond: round(options.throws / cpuSeconds, 1),
  };
}

function printTable(report: Record<string, unknown>): void {
  const faceCounts = report.faceCounts as number[];
  const shares = report.faceShares as number[];
  const perDie = report.perDie as number[][];
  const perDieP = report.perDiePValue as number[];
  const settle = report.settleSeconds as Record<string, number>;
  const lines = [
    `Dice bench: ${report.throws} throws (seed ${report.seed}, ${report.heldThrows} with dice held)`,
    '',
    'face        1       2       3       4       5       6     p-value',
    `all  ${faceCounts.map((c) => String(c).padStart(8)).join('')}   ${report.pValue}  (chi² ${report.chiSquare})`,
    `share${shares.map((s) => `${(100 * s).toFixed(2)}%`.padStart(8)).join('')}`,
    ...perDie.map(
      (counts, i) => `die ${i}${counts.map((c) => String(c).padStart(8)).join('')}   ${perDieP[i]}`,
    ),
    '',
    `settle (simulated s): median ${settle.median}  p95 ${settle.p95}  p99 ${settle.p99}  max ${settle.max}`,
    `rethrow rate: ${(100 * (report.rethrowRate as number)).toFixed(2)}% of throws (${report.rethrows} rethrows)`,
    `misreads: ${report.misreads}   held dice moved: ${report.heldMoved}`,
    `speed: ${report.throwsPerSecond} throws/s (wall clock), ${report.cpuThrowsPerSecond} per CPU second`,
  ];
  console.log(lines.join('\n'));
}

function main(): void {
  const options = parseOrExit('bench-dice', USAGE, parseArgs);
  if (options.help) {
    console.log(USAGE);
    return;
  }
  const report = run(options);
  if (options.json) console.log(JSON.stringify(report));
  else printTable(report);
}

// Run only as a program (`tsx scripts/bench-dice.ts`), not when a test imports `parseArgs`.
if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) main();

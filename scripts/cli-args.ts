/**
 * The flags of the command-line scripts (`npm run sim`, `bench:dice`, `bench:render`), read in one place so that
 * each script refuses the same slips with the same one-line messages.
 */

/** The flags a script knows. */
export interface FlagSpec {
  /** Flags that take the next argument as their value, as `--throws 100`. */
  valued: readonly string[];
  /** Flags that stand alone, as `--json`; giving one twice is harmless. */
  switches: readonly string[];
  /** Switches after which nothing more is read, for a `--help` that answers whatever follows it. */
  stopAt?: readonly string[];
}

/** What a command line gave. */
export interface Flags {
  /** The value of each valued flag given, by flag. */
  values: Map<string, string>;
  /** The switches given. */
  switches: Set<string>;
}

/**
 * The flags of a command line, read left to right.
 * @throws Error with a one-line message for the user on an unknown argument, a valued flag without its value, or a
 *   valued flag given twice
 */
export function readFlags(argv: readonly string[], spec: FlagSpec): Flags {
  const flags: Flags = { values: new Map(), switches: new Set() };
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    if (spec.switches.includes(arg)) {
      flags.switches.add(arg);
      if (spec.stopAt?.includes(arg)) break;
    } else if (spec.valued.includes(arg)) {
      const value = argv[i + 1];
      // A flag where the value should be means the value was left out (`--seed --json`), not a value of "--json".
      if (value === undefined || value.startsWith('--')) throw new Error(`${arg} needs a value`);
      if (flags.values.has(arg)) throw new Error(`${arg} given twice`);
      flags.values.set(arg, value);
      i++;
    } else throw new Error(`unknown argument ${JSON.stringify(arg)}`);
  }
  return flags;
}

/**
 * A whole number written in decimal digits with an optional minus sign, else undefined. Stricter than `Number`,
 * which would take `1e3`, `0x10`, `1.0` and the empty string.
 */
export function integer(text: string): number | undefined {
  const value = Number(text);
  return /^-?\d+$/.test(text) && Number.isSafeInteger(value) ? value : undefined;
}

/**
 * The value of a flag that may be any integer (a seed), or `fallback` when the flag was not given.
 * @throws Error with a one-line message for the user when the value is not an integer
 */
export function integerFlag(flags: Flags, flag: string, fallback: number): number {
  const text = flags.values.get(flag);
  if (text === undefined) return fallback;
  const value = integer(text);
  if (value === undefined) throw new Error(`${flag} must be an integer, got ${JSON.stringify(text)}`);
  return value;
}

/**
 * The value of a flag that counts something (throws), or `fallback` when the flag was not given.
 * @throws Error with a one-line message for the user when the value is not a whole number of at least 1
 */
export function countFlag(flags: Flags, flag: string, fallback: number): number {
  const text = flags.values.get(flag);
  if (text === undefined) return fallback;
  const value = integer(text);
  if (value === undefined || value < 1) {
    throw new Error(`${flag} must be a whole number of at least 1, got ${JSON.stringify(text)}`);
  }
  return value;
}

/**
 * The options parsed from this process's arguments. On an Error from `parse`, prints `<script>: message` and the
 * usage line to stderr and exits with code 2.
 */
export function parseOrExit<T>(script: string, usage: string, parse: (argv: readonly string[]) => T): T {
  try {
    return parse(process.argv.slice(2));
  } catch (error) {
    // A bad flag is the user's slip, not the program's: one line and the usage, no stack trace.
    console.error(`${script}: ${(error as Error).message}\n${usage}`);
    process.exit(2);
  }
}

/**
 * The flags of the command-line scripts (`npm run sim`, `bench:dice`, `bench:render`, `bench:solver`,
 * `bench:startup`), read in one place with Node's `util.parseArgs` (strict, no positional arguments) so that each
 * script refuses the same slips with the same one-line messages.
 */
import { parseArgs, type ParseArgsConfig } from 'node:util';

/** The flags a script knows, written as typed: `--throws`, `--json`, `-h`. */
export interface FlagSpec {
  /** Flags that take a value, as `--throws 100` or `--throws=100`. */
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
  /** The switches given, in the order first given. */
  switches: Set<string>;
}

/** The name `util.parseArgs` knows a flag by: `throws` for `--throws`, `h` for `-h`. */
function optionName(flag: string): string {
  if (/^--[^-=]/.test(flag)) return flag.slice(2);
  if (/^-[^-]$/.test(flag)) return flag.slice(1);
  throw new Error(`cli-args: cannot read a flag written ${JSON.stringify(flag)}`);
}

/** The options of `util.parseArgs` for a spec. */
function parseOptions(spec: FlagSpec): NonNullable<ParseArgsConfig['options']> {
  const options: NonNullable<ParseArgsConfig['options']> = {};
  for (const flag of spec.valued) options[optionName(flag)] = { type: 'string' };
  for (const flag of spec.switches) {
    const name = optionName(flag);
    options[name] = flag.length === 2 ? { type: 'boolean', short: name } : { type: 'boolean' };
  }
  return options;
}

/** The first 'quoted' word of one of Node's messages, else undefined. */
function quoted(message: string): string | undefined {
  return /'([^']+)'/.exec(message)?.[1];
}

/** The one-line message for an error of `util.parseArgs` (whose own may run over several lines). */
function slip(error: Error & { code?: string }): Error {
  const first = error.message.split('\n')[0]!;
  const what = quoted(first);
  if (what === undefined) return new Error(first);
  if (
    error.code === 'ERR_PARSE_ARGS_UNKNOWN_OPTION' ||
    error.code === 'ERR_PARSE_ARGS_UNEXPECTED_POSITIONAL'
  ) {
    return new Error(`unknown argument ${JSON.stringify(what)}`);
  }
  if (error.code === 'ERR_PARSE_ARGS_INVALID_OPTION_VALUE') {
    // A switch given a value (`--json=1`), or a valued flag without one: at the end, or followed by a flag.
    // The flag is the first word (`'--seed <value>' argument missing`).
    const flag = what.split(' ')[0]!;
    return new Error(
      /does not take an argument/.test(first) ? `${flag} takes no value` : `${flag} needs a value`,
    );
  }
  return new Error(first);
}

/**
 * The flags of a command line.
 * @throws Error with a one-line message for the user on an unknown argument, a valued flag without its value, or a
 *   valued flag given twice
 */
export function readFlags(argv: readonly string[], spec: FlagSpec): Flags {
  const stop = argv.findIndex((arg) => spec.stopAt?.includes(arg));
  const args = (stop < 0 ? argv : argv.slice(0, stop + 1)).slice();
  // `util.parseArgs` takes a value starting with a dash only as `--seed=-7`. One that starts with a single dash
  // (a negative seed) is taken after a space too; one that starts with two is a flag where the value should be
  // (`--seed --json`), so the value was left out.
  for (let i = 0; i + 1 < args.length; i++) {
    if (spec.valued.includes(args[i]!) && /^-(?!-)/.test(args[i + 1]!)) {
      args.splice(i, 2, `${args[i]}=${args[i + 1]}`);
    }
  }
  let tokens;
  try {
    ({ tokens } = parseArgs({
      args,
      options: parseOptions(spec),
      strict: true,
      allowPositionals: false,
      tokens: true,
    }));
  } catch (error) {
    throw slip(error as Error);
  }
  const flags: Flags = { values: new Map(), switches: new Set() };
  for (const token of tokens) {
    if (token.kind !== 'option') continue;
    // `--h` would be read as `-h`: only the flags as the spec writes them count.
    const flag = token.rawName;
    if (spec.switches.includes(flag)) flags.switches.add(flag);
    else if (spec.valued.includes(flag) && token.value !== undefined) {
      if (flags.values.has(flag)) throw new Error(`${flag} given twice`);
      flags.values.set(flag, token.value);
    } else throw new Error(`unknown argument ${JSON.stringify(flag)}`);
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

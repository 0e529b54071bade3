/**
 * `npm run verify -- FILE [--key FILE|BASE64]... [--server URL]`: checks the record of a finished online
 * game that the page saved ("Save the game record"): first the server's signature, by one of the keys
 * given (a keys document as the server serves it at KEYS_PATH, or one raw public key in base64), or by
 * the keys fetched from the server at URL; then the secret against the commitment, and where every
 * throw's dice came to rest (src/online/verify.ts). Prints the verdict in words.
 *
 * Exit code 0 when verified, 1 when not (changed, unsigned, signed by a key not given), 2 when the
 * command is refused: a file that is not a regular file, over MAX_RECORD_BYTES (its size is looked at
 * before a byte is read), nested too deep, not JSON or not a record, keys that cannot be read or
 * fetched. A refusal is one line with its code, never a stack trace; every check is linear in the
 * file's size.
 */
import { closeSync, fstatSync, openSync, readSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { CodedError } from '../src/engine/errors.js';
import { GameRecordError, MAX_RECORD_BYTES, parseGameRecord } from '../src/online/game-record.js';
import {
  KEYS_PATH,
  MAX_KEYS_CHARS,
  keyFromBase64,
  keysUrl,
  parseKeySet,
  SignatureFormatError,
  type RecordKey,
} from '../src/online/record-signature.js';
import { verifyGame } from '../src/online/verify.js';
import { verifyStringsFor } from '../src/ui/i18n/verify-strings.js';

const USAGE =
  'Usage: npm run verify -- FILE [--key FILE|BASE64] [--server URL]\n' +
  '  FILE      a game record saved by the page after an online game\n' +
  `  --key     the server's public keys (the document at ${KEYS_PATH}) or one key, base64 (may be repeated)\n` +
  `  --server  the game server's address: its keys are fetched from URL${KEYS_PATH}`;

/** Longest wait for a server's keys, ms. */
const FETCH_KEYS_MS = 10_000;

/** A refusal of the command (exit code 2). */
class Refusal extends CodedError<string> {}

/** What the command printed and its exit code. */
export interface VerifyOutcome {
  exit: 0 | 1 | 2;
  out: string[];
  err: string[];
}

/**
 * The text of a regular file of at most `max` bytes, as UTF-8: its size looked at before any byte is
 * read (and no more than `max` + 1 bytes read, should it grow meanwhile).
 * @throws Refusal `not-a-file`, `record-too-large`, `unreadable`, `not-json` (not UTF-8)
 */
export function readBounded(path: string, max: number, tooLarge = 'record-too-large'): string {
  let fd: number;
  try {
    fd = openSync(path, 'r');
  } catch (error) {
    throw new Refusal('unreadable', `cannot be opened (${(error as NodeJS.ErrnoException).code ?? 'error'})`);
  }
  try {
    const stat = fstatSync(fd);
    if (!stat.isFile()) throw new Refusal('not-a-file', 'is not a regular file');
    if (stat.size > max)
      throw new Refusal(tooLarge, `is ${stat.size} bytes, over the ${max} a game record may be`);
    const buffer = Buffer.alloc(Math.min(stat.size, max) + 1);
    let length = 0;
    for (
      let n;
      length < buffer.length && (n = readSync(fd, buffer, length, buffer.length - length, null)) > 0;
    )
      length += n;
    if (length > max) throw new Refusal(tooLarge, `is over the ${max} bytes a game record may be`);
    try {
      return new TextDecoder('utf-8', { fatal: true }).decode(buffer.subarray(0, length));
    } catch {
      throw new Refusal('not-json', 'is not text (UTF-8)');
    }
  } finally {
    closeSync(fd);
  }
}

/** The keys of a `--key` value: a file (a keys document, or one key in base64), else a key in base64. */
async function keysOf(value: string): Promise<RecordKey[]> {
  let text = value;
  try {
    text = readBounded(value, MAX_KEYS_CHARS, 'bad-keys');
  } catch (error) {
    if ((error as Refusal).code !== 'unreadable') throw error;
  }
  return text.trimStart().startsWith('{') ? parseKeySet(text) : [await keyFromBase64(text)];
}

/** The keys a game server serves (URL + KEYS_PATH), read up to MAX_KEYS_CHARS. */
async function fetchKeys(server: string): Promise<RecordKey[]> {
  let url: URL;
  try {
    url = keysUrl(server);
  } catch {
    throw new Refusal('bad-server', `${server} is not an address`);
  }
  let response: Response;
  try {
    response = await fetch(url, { signal: AbortSignal.timeout(FETCH_KEYS_MS), redirect: 'error' });
  } catch (error) {
    throw new Refusal('keys-unreachable', `${url.href} could not be fetched (${(error as Error).message})`);
  }
  if (!response.ok || !response.body)
    throw new Refusal('keys-unreachable', `${url.href} answered ${response.status}`);
  const reader = response.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > MAX_KEYS_CHARS) {
      await reader.cancel();
      throw new Refusal('bad-keys', `${url.href} is too large to be a document of keys`);
    }
    chunks.push(value);
  }
  return parseKeySet(new TextDecoder().decode(Buffer.concat(chunks)));
}

/** Runs the command on `args` (what follows `npm run verify --`). */
export async function verifyCommand(args: readonly string[]): Promise<VerifyOutcome> {
  const out: string[] = [];
  const err: string[] = [];
  let parsed;
  try {
    parsed = parseArgs({
      args: [...args],
      allowPositionals: true,
      options: {
        key: { type: 'string', multiple: true },
        server: { type: 'string' },
        help: { type: 'boolean', short: 'h' },
      },
    });
  } catch (error) {
    return { exit: 2, out, err: [(error as Error).message, USAGE] };
  }
  const { positionals, values } = parsed;
  if (values.help || positionals.length !== 1) return { exit: 2, out, err: [USAGE] };
  const file = positionals[0]!;
  let record;
  const keys: RecordKey[] = [];
  try {
    record = parseGameRecord(readBounded(file, MAX_RECORD_BYTES));
    for (const value of values.key ?? []) keys.push(...(await keysOf(value)));
    if (values.server) keys.push(...(await fetchKeys(values.server)));
  } catch (error) {
    if (error instanceof Refusal || error instanceof GameRecordError || error instanceof SignatureFormatError)
      return { exit: 2, out, err: [`${file}: ${error.message} (${error.code})`] };
    return { exit: 2, out, err: [`${file}: could not be checked: ${(error as Error)?.message ?? error}`] };
  }
  const result = await verifyGame(record, { keys });
  out.push(verifyStringsFor('en').result(result));
  if (result.verdict === 'unknown-key' && keys.length === 0)
    err.push('No key was given: pass --key FILE|BASE64 or --server URL to check the signature.');
  return { exit: result.verdict === 'verified' ? 0 : 1, out, err };
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const { exit, out, err } = await verifyCommand(process.argv.slice(2));
  for (const line of out) console.log(line);
  for (const line of err) console.error(line);
  process.exitCode = exit;
}

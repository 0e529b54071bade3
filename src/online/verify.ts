/**
 * "Verify this game": checks a finished online game's record (game-record.ts) against the scheme of
 * fairness.ts, in the page (Web Crypto) or in Node (`npm run verify -- FILE`):
 *
 * 0. the server's signature (record-signature.ts) over the whole record, by one of the keys given (the
 *    server's, from KEYS_PATH): a record changed in any field, or made by anyone but the server, fails
 *    here; one with no signature, or by a key not given, is not verified either. In the page that saw
 *    the game, the commitment is then the one it was shown while the game was played;
 * 1. the secret shown at the end matches the commitment shown at the start (SHA-256);
 * 2. every throw's launch that this page saw (the first frame of its trajectory, as it was sent)
 *    follows from the secret, the throw's number and the gesture sent: the physics is started from them
 *    here;
 * 3. the physics from each throw's launch comes to rest on the faces the game scored;
 * 4. the log replays under the rules.
 *
 * Every step is linear in the record's size (parseGameRecord bounds that size before anything).
 *
 * The physics is cannon-es in plain floating-point arithmetic. An engine whose Math.sin, Math.cos...
 * round differently in their last bit could come to rest elsewhere, which would say nothing about the
 * game; so before step 3 is trusted, a reference throw (physics-reference.ts, made by the server's own
 * physics) is thrown here. Where it does not come out the same, step 3 is reported as not reproducible
 * in this browser, never as a sign of tampering.
 */
import { applyLogged, logRefusal, newGame, type Action, type Game } from '../engine/index.js';
import { DiceWorld } from '../physics/DiceWorld.js';
import { decodeTrajectory, recordThrow, type Trajectory } from '../physics/trajectory.js';
import { commitmentOf, gestureOf, throwSeedsOf } from './fairness.js';
import type { Observed, OnlineGameRecord } from './game-record.js';
import { physicsReproducible } from './physics-reference.js';
import {
  checkSignature,
  fromBase64,
  signedDigest,
  type RecordKey,
  type SignatureEngine,
} from './record-signature.js';

/** The step of the check that failed, or could not be made here. */
export type VerifyStep =
  'signature' | 'seen-commitment' | 'commitment' | 'gestures' | 'launch' | 'faces' | 'rules' | 'crypto';

/** What a check is made against. */
export interface VerifyOptions {
  /** The public keys a signature may be by (the server's: KEYS_PATH, or `--key`). */
  keys: readonly RecordKey[];
  /** What this page saw of the game while it was played (game-record.ts `observedBy`), if it did. */
  observed?: Observed | null;
}

/** Where a throw is in the game, to name it to a person. */
export interface ThrowPlace {
  /** 0-based number of the throw in the game. */
  number: number;
  player: string;
  /** 1-based round and throw within the turn. */
  round: number;
  throwInTurn: number;
}

/** What went wrong (or could not be checked), and where. */
export interface VerifyFinding {
  step: VerifyStep;
  /** The throw concerned, if one is. */
  at: ThrowPlace | null;
  /** For `faces`: where the physics came to rest, and what the record scored. */
  rested?: number[];
  recorded?: number[];
  /** For `rules`: the rules' refusal. */
  detail?: string;
}

/**
 * How a check came out. `verified`: every step passed; `tampered`: the record is not what the game was
 * (its signature fails, or a step after it); `unsigned`: no server signed it, so it proves nothing;
 * `unknown-key`: signed by a key not given (another server's, or one made up); `unverifiable`: a step
 * could not be made here.
 */
export type Verdict = 'verified' | 'tampered' | 'unsigned' | 'unknown-key' | 'unverifiable';

/** The outcome of a check. */
export interface VerifyResult {
  verdict: Verdict;
  /** The id (fingerprint) of the key the record says signed it, null when unsigned. */
  key: string | null;
  /** What checked the signature: Web Crypto, or @noble/curves where the browser has no Ed25519. */
  signatureEngine: SignatureEngine | null;
  /** Throws whose launch and rest were checked. */
  throwsChecked: number;
  /** Launches compared with what this page was sent (the others were not seen: a reload). */
  launchesCompared: number;
  /** This engine's physics makes the reference throws as the server's does (physics-reference.ts). */
  physicsReproducible: boolean;
  finding: VerifyFinding | null;
}

/** Largest difference in a launch's numbers put down to rounding (a quantum of the wire format is 1e-3 / 3e-5). */
const LAUNCH_TOLERANCE = 2e-3;

/** Whether two launches (one-frame trajectories, or a trajectory's first frame) are the same. */
function sameLaunch(seen: Trajectory, made: Trajectory): boolean {
  const numbers = seen.dice * 7;
  if (made.dice !== seen.dice) return false;
  for (let i = 0; i < numbers; i++) {
    if (Math.abs(seen.poses[i]! - made.poses[i]!) > LAUNCH_TOLERANCE) return false;
  }
  return true;
}

/** A launch this page saw, read (one it could not read is not compared). */
function launchOf(encoded: string | undefined): Trajectory | null {
  if (encoded === undefined) return null;
  try {
    return decodeTrajectory(encoded);
  } catch {
    return null;
  }
}

function placeOf(game: Game, number: number): ThrowPlace {
  return {
    number,
    player: game.players[game.current]?.name ?? '?',
    round: game.turn + 1,
    throwInTurn: game.rollsUsed + 1,
  };
}

/**
 * Step 0: the signature, by one of `keys`. The verdict when it does not hold, with what checked it.
 */
async function signatureVerdict(
  record: OnlineGameRecord,
  keys: readonly RecordKey[],
): Promise<{ verdict: Verdict | null; engine: SignatureEngine | null }> {
  const signature = record.signature;
  if (!signature) return { verdict: 'unsigned', engine: null };
  const key = keys.find((k) => k.id === signature.key);
  if (!key) return { verdict: 'unknown-key', engine: null };
  const { valid, engine } = await checkSignature(
    await signedDigest(record),
    fromBase64(signature.value) ?? new Uint8Array(0),
    key.publicKey,
  );
  return { verdict: valid ? null : 'tampered', engine };
}

/** Checks a finished online game's record: see the file's comment. Never throws for a bad record. */
export async function verifyGame(record: OnlineGameRecord, options: VerifyOptions): Promise<VerifyResult> {
  const world = new DiceWorld();
  let reproducible = true;
  let engine: SignatureEngine | null = null;
  const result = (
    verdict: VerifyResult['verdict'],
    finding: VerifyFinding | null,
    checked = 0,
    compared = 0,
  ): VerifyResult => ({
    verdict,
    key: record.signature?.key ?? null,
    signatureEngine: engine,
    throwsChecked: checked,
    launchesCompared: compared,
    physicsReproducible: reproducible,
    finding,
  });
  let signed: Awaited<ReturnType<typeof signatureVerdict>>;
  try {
    signed = await signatureVerdict(record, options.keys);
  } catch (error) {
    return result('unverifiable', { step: 'crypto', at: null, detail: (error as Error).message });
  }
  engine = signed.engine;
  if (signed.verdict) return result(signed.verdict, { step: 'signature', at: null });
  const observed = options.observed ?? null;
  if (observed && observed.commitment !== record.commitment) {
    return result('tampered', { step: 'seen-commitment', at: null });
  }
  reproducible = physicsReproducible(world);
  const rolls = record.log.filter((a) => a.type === 'roll').length;
  let seeds: number[];
  try {
    if ((await commitmentOf(record.secret)) !== record.commitment) {
      return result('tampered', { step: 'commitment', at: null });
    }
    seeds = await throwSeedsOf(record.secret, rolls);
  } catch (error) {
    return result('unverifiable', { step: 'crypto', at: null, detail: (error as Error).message });
  }
  if (record.gestures.length !== rolls) {
    return result('tampered', {
      step: 'gestures',
      at: null,
      detail: `${record.gestures.length} gestures, ${rolls} throws`,
    });
  }
  let game: Game;
  try {
    game = newGame({ players: record.players, rules: record.rules, seed: 0 });
  } catch (error) {
    return result('tampered', { step: 'rules', at: null, detail: (error as Error).message });
  }
  let number = 0;
  let compared = 0;
  for (const action of record.log as Action[]) {
    const refused = logRefusal(game, action);
    if (refused) {
      const at = action.type === 'roll' ? placeOf(game, number) : null;
      return result('tampered', { step: 'rules', at, detail: refused.message }, number, compared);
    }
    if (action.type === 'roll') {
      const at = placeOf(game, number);
      world.place(game.dice, game.held);
      const { result: rest, trajectory } = recordThrow(
        world,
        seeds[number]!,
        gestureOf(record.gestures[number]!),
        game.held,
      );
      const seen = launchOf(observed?.launches.get(number));
      if (seen) {
        if (!sameLaunch(seen, trajectory)) {
          return result('tampered', { step: 'launch', at }, number, compared);
        }
        compared++;
      }
      const recorded = action.faces!;
      if (rest.faces.some((face, i) => face !== recorded[i])) {
        const finding = { step: 'faces' as const, at, rested: rest.faces, recorded: [...recorded] };
        return result(reproducible ? 'tampered' : 'unverifiable', finding, number, compared);
      }
      number++;
    }
    // The log is not kept: the engine copies it with every action, which would make the replay
    // quadratic in its length (a record of 20,000 holds took 25 s).
    game = applyLogged({ ...game, log: [] }, action);
  }
  return result('verified', null, number, compared);
}

/**
 * "Verify this game": checks a finished online game's record (game-record.ts) against the scheme of
 * fairness.ts, in the page (Web Crypto) or in Node (`npm run verify -- FILE`):
 *
 * 1. the secret shown at the end matches the commitment shown at the start (SHA-256);
 * 2. every throw's launch (the first frame of its trajectory, as the page was sent it) follows from
 *    the secret, the throw's number and the gesture sent: the physics is started from them here;
 * 3. the physics from that launch comes to rest on the faces the game scored;
 * 4. the log replays under the rules.
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
import type { OnlineGameRecord } from './game-record.js';
import { physicsReproducible } from './physics-reference.js';

/** The step of the check that failed, or could not be made here. */
export type VerifyStep = 'commitment' | 'gestures' | 'launch' | 'faces' | 'rules' | 'crypto';

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

/** The outcome of a check. */
export interface VerifyResult {
  /** `verified`: every step passed; `tampered`: the record is not what the game was; `unverifiable`: a step could not be made here. */
  verdict: 'verified' | 'tampered' | 'unverifiable';
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

function placeOf(game: Game, number: number): ThrowPlace {
  return {
    number,
    player: game.players[game.current]?.name ?? '?',
    round: game.turn + 1,
    throwInTurn: game.rollsUsed + 1,
  };
}

/** Checks a finished online game's record: see the file's comment. Never throws for a bad record. */
export async function verifyGame(record: OnlineGameRecord): Promise<VerifyResult> {
  const world = new DiceWorld();
  const reproducible = physicsReproducible(world);
  const result = (
    verdict: VerifyResult['verdict'],
    finding: VerifyFinding | null,
    checked = 0,
    compared = 0,
  ) => ({
    verdict,
    throwsChecked: checked,
    launchesCompared: compared,
    physicsReproducible: reproducible,
    finding,
  });
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
  if (record.throws.length !== rolls) {
    return result('tampered', {
      step: 'gestures',
      at: null,
      detail: `${record.throws.length} gestures, ${rolls} throws`,
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
      const thrown = record.throws[number]!;
      world.place(game.dice, game.held);
      const { result: rest, trajectory } = recordThrow(
        world,
        seeds[number]!,
        gestureOf(thrown.gesture),
        game.held,
      );
      if (thrown.launch !== null) {
        if (!sameLaunch(decodeTrajectory(thrown.launch), trajectory)) {
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
    game = applyLogged(game, action);
  }
  return result('verified', null, number, compared);
}

import { RuleError, type Game, type RuleSetId } from '../../engine/index.js';
import type { TurnPlan } from '../../engine/bots/bot.js';
import {
  bestWinAction,
  createWinModel,
  decodeTargetTables,
  getTable,
  rankHoldsByWin,
  rankRowsByWin,
  reviewByWin,
  winChances,
  winModelCovers,
  winTargetsFileOf,
  type SeatPlay,
  type TargetTables,
  type WinModel,
  type WinOptions,
} from '../../engine/solver/index.js';
import type { SolverRequest, SolverResponse, WinAdvice } from './protocol.js';

/**
 * A win request may say how each seat plays (`seats`, one entry per player: `win` for a seat that plays to
 * win, `points` for one that plays for points; see `seatPlaysOf` in hints-model.ts). Without it the
 * chance to win models every seat as playing for points, and the choices of the player to act as played
 * on to win (as before seats were known).
 */
export type WithSeats<R> = R & { seats?: readonly SeatPlay[] };

function optionsOf(request: { seats?: readonly SeatPlay[] }): WinOptions {
  return request.seats === undefined ? {} : { seats: request.seats };
}

/**
 * Where the target tables a rule set plays with come from (`winTargetsFileOf`): the asset's bytes, or
 * null to do without them.
 */
export type TargetsLoader = (rules: RuleSetId) => Promise<Uint8Array | null>;

/**
 * Makes a rule set's optimal-play table ready for `getTable` (its shipped asset), and the bonus chances
 * of its model where they ship (win-bonus-asset.ts), before a model is built.
 */
export type TableLoader = (rules: RuleSetId) => Promise<void>;

/**
 * The chance to win, for the win worker: the model of each rule set is built on first use and kept
 * (about 1 s for `seed` and `classic`; `yahtzee` and `yatzy` with their bonus chances from the shipped
 * asset that `loadTable` brings, else solved: minutes), with
 * the shipped target tables when `load` brings them (each file fetched once), else with late tables
 * only (then rows and holds are judged from `LATE_FREE_ROWS` free rows on). Requests are answered one
 * at a time, in order.
 */
export class WinService {
  /** The target tables by their file (the 13 rows' serve `seed`, `classic` and `yahtzee`). */
  private readonly targets = new Map<string, Promise<TargetTables | null>>();
  private readonly models = new Map<RuleSetId, { model: WinModel; millis: number }>();
  private queue: Promise<unknown> = Promise.resolve();

  constructor(
    private readonly load: TargetsLoader,
    private readonly loadTable: TableLoader = async () => undefined,
  ) {}

  /** Answers a win request (others are refused); never rejects. */
  answer(request: WithSeats<SolverRequest>): Promise<SolverResponse> {
    const next = this.queue.then(() => this.handle(request));
    this.queue = next;
    return next;
  }

  private async handle(request: WithSeats<SolverRequest>): Promise<SolverResponse> {
    const { id } = request;
    try {
      switch (request.kind) {
        case 'win-prepare': {
          const { model, millis } = await this.modelFor(request.rules);
          return { id, ok: true, kind: 'win-prepare', millis, targets: !!model.targets };
        }
        case 'win-advice': {
          const { model } = await this.modelFor(request.game.rules);
          const advice = winAdvice(request.game, model, optionsOf(request));
          return { id, ok: true, kind: 'win-advice', advice };
        }
        case 'win-plan': {
          const { model } = await this.modelFor(request.game.rules);
          return { id, ok: true, kind: 'win-plan', plan: winPlan(request.game, model, optionsOf(request)) };
        }
        case 'win-review': {
          const { model } = await this.modelFor(request.setup.rules ?? 'seed');
          const decisions = reviewByWin(request.setup, request.log, model, optionsOf(request));
          return { id, ok: true, kind: 'win-review', decisions };
        }
        default:
          return { id, ok: false, error: `Not a win request: ${request.kind}`, code: 'bad-request' };
      }
    } catch (error) {
      const code = error instanceof RuleError ? error.code : undefined;
      return { id, ok: false, error: error instanceof Error ? error.message : String(error), code };
    }
  }

  private async modelFor(rules: RuleSetId): Promise<{ model: WinModel; millis: number }> {
    // Refused before any table is solved for it (see `winModelCovers`).
    if (!winModelCovers(rules)) throw new RuleError('unknown-rules', `No chance to win under ${rules} yet`);
    let made = this.models.get(rules);
    if (!made) {
      const start = performance.now();
      const { file } = winTargetsFileOf(rules);
      let loading = this.targets.get(file);
      if (!loading) this.targets.set(file, (loading = this.loadTargets(rules)));
      const targets = await loading;
      await this.loadTable(rules);
      made = this.models.get(rules);
      if (made) return made;
      const model = createWinModel(rules, { table: getTable(rules), ...(targets ? { targets } : {}) });
      made = { model, millis: performance.now() - start };
      this.models.set(rules, made);
    }
    return made;
  }

  private async loadTargets(rules: RuleSetId): Promise<TargetTables | null> {
    try {
      const bytes = await this.load(rules);
      const { checksum, sheet } = winTargetsFileOf(rules);
      return bytes ? decodeTargetTables(bytes, checksum, sheet) : null;
    } catch (error) {
      console.warn('The chance to win goes on without its target tables:', error);
      return null;
    }
  }
}

/**
 * The chance to win of a position: every player's, and the player to act's rows and holds. With
 * `options.seats`, each seat is judged as it plays, and the chance beside the choice the player to act's
 * play makes is their chance in the line.
 */
export function winAdvice(game: Game, model: WinModel, options: WinOptions = {}): WinAdvice {
  if (game.over) throw new RuleError('game-over', 'The game is over');
  const thrown = game.rollsUsed > 0;
  return {
    rules: game.rules,
    current: game.current,
    rollsUsed: game.rollsUsed,
    dice: [...game.dice],
    chances: winChances(game, model, options),
    rows: thrown ? rankRowsByWin(game, model, options) : [],
    holds: thrown ? rankHoldsByWin(game, model, options) : [],
  };
}

/** The move of the player that plays to win, null where no target tables cover the sheet. */
export function winPlan(game: Game, model: WinModel, options: WinOptions = {}): TurnPlan | null {
  const best = bestWinAction(game, model, options);
  if (!best) return null;
  return best.type === 'score' ? { type: 'score', row: best.row } : { type: 'hold', held: best.held };
}

import type { Game, RuleSetId } from '../../engine/index.js';
import type { TurnPlan } from '../../engine/bots/bot.js';
import {
  positionOf,
  type SeatPlay,
  type StateValues,
  type WinReviewedDecision,
} from '../../engine/solver/index.js';
import type { GameReview } from '../../engine/solver/review.js';
import type { Advice, AdviceQuery, SolverRequest, SolverResponse, WinAdvice } from './protocol.js';
import { LatestWins } from './LatestWins.js';
import { answer } from './solver-service.js';

/** What the client needs of a worker: the module worker in a browser, or a stand-in. */
export interface WorkerLike {
  postMessage(message: SolverRequest): void;
  addEventListener(type: 'message', listener: (event: MessageEvent<SolverResponse>) => void): void;
  addEventListener(type: 'error', listener: (event: Event) => void): void;
  terminate(): void;
}

/** Options of `SolverClient`. */
export interface SolverClientOptions {
  /**
   * Starts the worker; returning null computes in the main thread instead. By default the module
   * worker `solver.worker.ts` wherever `Worker` exists (null in Node).
   */
  createWorker?: () => WorkerLike | null;
  /**
   * Starts the chance to win's worker, on the first win request; returning null leaves the chance to win
   * unavailable (it is never computed in the main thread). By default the module worker `win.worker.ts`.
   */
  createWinWorker?: () => WorkerLike | null;
}

/** A question of the chance to win: the game on the table, and how each seat plays (when known). */
interface WinAdviceQuery {
  game: Game;
  seats?: readonly SeatPlay[];
}

/** A refused or failed solver request. */
export class SolverError extends Error {
  /** The engine's RuleError code when there is one, or `disposed`. */
  readonly code: string | undefined;

  constructor(message: string, code?: string) {
    super(message);
    this.name = 'SolverError';
    this.code = code;
  }
}

/**
 * The module worker, bundled from this exact `new Worker(new URL(...))` form: by the page's build as a
 * chunk sharing the engine and the solver with the page (scripts/shared-workers.ts), else by Vite.
 */
function startModuleWorker(): WorkerLike | null {
  if (typeof Worker === 'undefined') return null;
  try {
    return new Worker(new URL('./solver.worker.ts', import.meta.url), { type: 'module' });
  } catch {
    return null; // e.g. a content security policy without worker-src: compute in the main thread
  }
}

/** The chance to win's module worker (it fetches the target tables itself), bundled by Vite likewise. */
function startWinWorker(): WorkerLike | null {
  if (typeof Worker === 'undefined') return null;
  try {
    return new Worker(new URL('./win.worker.ts', import.meta.url), { type: 'module' });
  } catch {
    return null;
  }
}

/** Whether a request is the win worker's. */
function isWinRequest(request: SolverRequest): boolean {
  return request.kind.startsWith('win-');
}

/** A game as the win worker reads it: the log left out (the model reads sheets and dice only). */
function withoutLog(game: Game): Game {
  return { ...game, log: [] };
}

/**
 * The worker's stand-in where there is no Worker (Node, tests, a refused worker): the same answers,
 * computed in the main thread, one macrotask later so that calls stay asynchronous and a newer
 * request can still supersede an older one.
 */
class MainThreadSolver implements WorkerLike {
  private listener: ((event: MessageEvent<SolverResponse>) => void) | undefined;
  private timers = new Set<ReturnType<typeof setTimeout>>();

  postMessage(message: SolverRequest): void {
    const timer = setTimeout(() => {
      this.timers.delete(timer);
      this.listener?.({ data: answer(message) } as MessageEvent<SolverResponse>);
    }, 0);
    this.timers.add(timer);
  }

  addEventListener(type: 'message' | 'error', listener: (event: MessageEvent<SolverResponse>) => void): void {
    if (type === 'message') this.listener = listener;
  }

  terminate(): void {
    for (const timer of this.timers) clearTimeout(timer);
    this.timers.clear();
    this.listener = undefined;
  }
}

interface Pending {
  request: SolverRequest;
  resolve: (response: SolverResponse & { ok: true }) => void;
  reject: (error: SolverError) => void;
}

/** The kinds of request, each answered by a response of the same kind. */
type Kind = SolverRequest['kind'];
/** A request of kind K, as the client makes it (the channel adds its id). */
type RequestOf<K extends Kind> = Omit<Extract<SolverRequest, { kind: K }>, 'id'>;
/** The answer to a request of kind K. */
type AnswerOf<K extends Kind> = Extract<SolverResponse, { ok: true; kind: K }>;

/**
 * A promise-based client of the solver worker. Advice is "latest wins": at most one advice request is
 * in the worker at a time, a newer one replaces any that waits, and a superseded answer resolves to
 * null instead of arriving late. Falls back to the main thread where no worker can start (and switches
 * to it if the worker fails to load). `dispose()` stops the worker.
 */
export class SolverClient {
  private worker: WorkerLike;
  private nextId = 1;
  private readonly pending = new Map<number, Pending>();
  private readonly tables = new Map<RuleSetId, Promise<StateValues>>();
  /** The advice for the position on the table, and its chance to win: latest wins (LatestWins.ts). */
  private readonly advice = new LatestWins<AdviceQuery, Advice>((query) =>
    this.send({ kind: 'advice', query }).then((r) => r.advice),
  );
  private readonly winAdviceOf = new LatestWins<WinAdviceQuery, WinAdvice>(({ game, seats }) =>
    this.send({ kind: 'win-advice', game: withoutLog(game), ...(seats ? { seats: [...seats] } : {}) }).then(
      (r) => r.advice,
    ),
  );
  private disposed = false;
  private inWorker: boolean;
  /** The win worker: undefined until first wanted, null when it cannot start or failed. */
  private winWorker: WorkerLike | null | undefined;
  private readonly createWinWorker: () => WorkerLike | null;
  private readonly winModels = new Map<RuleSetId, Promise<number>>();
  private readonly winModelsReady = new Set<RuleSetId>();

  constructor({
    createWorker = startModuleWorker,
    createWinWorker = startWinWorker,
  }: SolverClientOptions = {}) {
    const worker = createWorker();
    this.inWorker = !!worker;
    this.worker = this.listen(worker ?? new MainThreadSolver());
    this.createWinWorker = createWinWorker;
  }

  /** Whether the answers come from a worker (false: computed in the main thread). */
  get usesWorker(): boolean {
    return this.inWorker;
  }

  /**
   * Advice for the player to act in a game. Resolves null when there is nothing to advise (no game,
   * the game is over) or when a newer `advise` call superseded this one.
   * @throws SolverError (rejects) when the solver refuses the position
   */
  advise(game: Game | null | undefined): Promise<Advice | null> {
    if (!game || game.over) return this.adviseOn(null);
    const { scores, dice, rollsUsed, yahtzeeBonuses } = positionOf(game);
    const bonuses = yahtzeeBonuses ? { yahtzeeBonuses } : {};
    return this.adviseOn({ rules: game.rules, scores, dice: [...dice], rollsUsed, ...bonuses });
  }

  /** Advice for a position given as plain data; null supersedes any waiting request and resolves null. */
  adviseOn(query: AdviceQuery | null): Promise<Advice | null> {
    return this.advice.ask(JSON.stringify(query), query);
  }

  /**
   * The expected points each player lost against optimal play, decision by decision.
   * @throws SolverError (rejects) when the log is not a legal game
   */
  async review(game: Pick<Game, 'rules' | 'seed' | 'players' | 'log'>): Promise<GameReview> {
    const setup = { players: game.players.map((p) => p.name), rules: game.rules, seed: game.seed };
    return (await this.send({ kind: 'review', setup, log: game.log })).review;
  }

  /** A rule set's solved table (a copy from the worker, asked once), e.g. for the optimal bot. */
  table(rules: RuleSetId): Promise<StateValues> {
    let table = this.tables.get(rules);
    if (!table) {
      table = this.send({ kind: 'table', rules }).then((r) => r.table);
      table.catch(() => this.tables.delete(rules));
      this.tables.set(rules, table);
    }
    return table;
  }

  /** Solves a rule set's table in the worker ahead of need; resolves with the ms the solve took (~0 if done). */
  async prepare(rules: RuleSetId): Promise<number> {
    return (await this.send({ kind: 'prepare', rules })).millis;
  }

  /**
   * The chance to win of the position on the table (every player's, and the player to act's rows and
   * holds). Latest wins: a call made while another waits replaces it (that one resolves null). Resolves
   * null for no game or a finished one. `seats` says how each seat plays (see `seatPlaysOf`): without
   * it every seat is judged as playing for points in the line, and the chance beside a choice is the
   * model's bound (as before seats were known).
   * @throws SolverError (rejects) with code `unavailable` when there is no win worker
   */
  winAdvice(game: Game | null | undefined, seats?: readonly SeatPlay[]): Promise<WinAdvice | null> {
    const asked = game && !game.over ? game : null;
    // Keyed by the whole game (every sheet counts for the chance to win), its log left out, and the seats.
    const key = asked ? JSON.stringify([withoutLog(asked), seats ?? null]) : '';
    return this.winAdviceOf.ask(key, asked ? { game: asked, ...(seats ? { seats } : {}) } : null);
  }

  /**
   * The move of the player that plays to win, computed in the win worker; null where no target tables
   * cover the sheet (then play for points).
   * @throws SolverError (rejects) with code `unavailable` when there is no win worker
   */
  async winPlan(game: Game): Promise<TurnPlan | null> {
    return (await this.send({ kind: 'win-plan', game: withoutLog(game) })).plan;
  }

  /**
   * Every decision of a game judged by the chance to win it gave up, in play order.
   * @throws SolverError (rejects) when the log is not a legal game, or `unavailable`
   */
  async winReview(
    game: Pick<Game, 'rules' | 'seed' | 'players' | 'log'>,
    seats?: readonly SeatPlay[],
  ): Promise<WinReviewedDecision[]> {
    const setup = { players: game.players.map((p) => p.name), rules: game.rules, seed: game.seed };
    const judged = seats ? { seats: [...seats] } : {};
    return (await this.send({ kind: 'win-review', setup, log: game.log, ...judged })).decisions;
  }

  /**
   * Builds a rule set's chance-to-win model in the win worker ahead of need (asked once); resolves with
   * the ms it took there, the target tables' fetch included.
   */
  prepareWin(rules: RuleSetId): Promise<number> {
    let ready = this.winModels.get(rules);
    if (!ready) {
      ready = this.send({ kind: 'win-prepare', rules }).then((r) => {
        this.winModelsReady.add(rules);
        return r.millis;
      });
      ready.catch(() => this.winModels.delete(rules));
      this.winModels.set(rules, ready);
    }
    return ready;
  }

  /** Whether a rule set's chance-to-win model is built; if not, starts building it (`prepareWin`). */
  winReady(rules: RuleSetId): boolean {
    if (this.winModelsReady.has(rules)) return true;
    if (!this.disposed) this.prepareWin(rules).catch(() => {});
    return false;
  }

  /** Stops the workers. Waiting advice resolves null; other waiting requests reject with code `disposed`. */
  dispose(): void {
    if (this.disposed) return;
    this.disposed = true;
    this.worker.terminate();
    this.winWorker?.terminate();
    this.advice.stop();
    this.winAdviceOf.stop();
    const pending = [...this.pending.values()];
    this.pending.clear();
    for (const p of pending) p.reject(new SolverError('The solver was disposed', 'disposed'));
  }

  /**
   * The one channel to the workers: a request of kind K, answered by the response of kind K with its id
   * (`receive` checks the kind), or rejected with a SolverError.
   */
  private send<K extends Kind>(request: RequestOf<K> & { kind: K }): Promise<AnswerOf<K>> {
    if (this.disposed) return Promise.reject(new SolverError('The solver was disposed', 'disposed'));
    const full = { ...request, id: this.nextId++ } as unknown as SolverRequest;
    const worker = isWinRequest(full) ? this.startWin() : this.worker;
    if (!worker) return Promise.reject(new SolverError('The chance to win is unavailable', 'unavailable'));
    return new Promise<AnswerOf<K>>((resolve, reject) => {
      // `receive` resolves only with a response whose kind is the request's: an AnswerOf<K>.
      this.pending.set(full.id, { request: full, resolve: resolve as Pending['resolve'], reject });
      worker.postMessage(full);
    });
  }

  /** The win worker, started on first use; null when it cannot start (or failed). */
  private startWin(): WorkerLike | null {
    if (this.winWorker === undefined) {
      const worker = this.createWinWorker();
      this.winWorker = worker;
      if (worker) {
        worker.addEventListener('message', (event) => this.receive(event.data));
        worker.addEventListener('error', (event) => this.winFailed(event));
      }
    }
    return this.winWorker;
  }

  /** The win worker failed (it could not load, or it crashed): the chance to win is unavailable from now on. */
  private winFailed(event: Event): void {
    if (this.disposed || !this.winWorker) return;
    event.preventDefault?.();
    console.warn('The chance-to-win worker failed; the coach goes on without it.');
    this.winWorker.terminate();
    this.winWorker = null;
    for (const [id, p] of [...this.pending]) {
      if (!isWinRequest(p.request)) continue;
      this.pending.delete(id);
      p.reject(new SolverError('The chance to win is unavailable', 'unavailable'));
    }
  }

  private listen(worker: WorkerLike): WorkerLike {
    worker.addEventListener('message', (event) => this.receive(event.data));
    worker.addEventListener('error', (event) => this.fallBack(event));
    return worker;
  }

  private receive(response: SolverResponse): void {
    const pending = this.pending.get(response.id);
    if (!pending) return; // answered after dispose, or not ours
    this.pending.delete(response.id);
    if (!response.ok) pending.reject(new SolverError(response.error, response.code));
    else if (response.kind !== pending.request.kind) {
      pending.reject(
        new SolverError(`A ${response.kind} answer to a ${pending.request.kind} request`, 'bad-response'),
      );
    } else pending.resolve(response);
  }

  /** The worker failed (it could not load, or it crashed): answer from the main thread from now on. */
  private fallBack(event: Event): void {
    if (this.disposed || !this.inWorker) return;
    event.preventDefault?.();
    console.warn('Solver worker failed; the coach computes in the main thread.');
    this.worker.terminate();
    this.inWorker = false;
    this.worker = this.listen(new MainThreadSolver());
    for (const { request } of this.pending.values()) {
      if (!isWinRequest(request)) this.worker.postMessage(request);
    }
  }
}

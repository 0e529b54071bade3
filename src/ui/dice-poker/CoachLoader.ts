import type { ComputerPolicy } from '../../table/index.js';
import type { CoachModule, SolverClient } from '../coach/coach.js';

import type { ReactiveController, ReactiveControllerHost } from 'lit';
import { Observable } from './Observable.js';

/** What the loader needs of the element: whether it is on the page. */
export type CoachHost = ReactiveControllerHost & { readonly isConnected: boolean };

/**
 * The coach: the solver's workers behind the hints, the review and the computer players. Its module
 * (solver client, policy, hint and review components) is loaded on first use, so the page's first
 * load stays small. Its workers stop when the element leaves the page.
 */
export class CoachLoader extends Observable implements ReactiveController {
  /** The solver client, once the coach is loaded (null before, and after dispose). */
  solver: SolverClient | null = null;
  private policy: ComputerPolicy | null = null;

  /** What the computers at the page's table do: the coach's policy, loaded with the first question. */
  readonly computers: ComputerPolicy = {
    next: async (kind, seat, game) => (await this.computerPolicy()).next(kind, seat, game),
    prepare: (kinds, rules) => {
      this.computerPolicy().then(
        (policy) => policy.prepare?.(kinds, rules),
        () => {},
      );
    },
  };

  constructor(private readonly host: CoachHost) {
    super();
    host.addController(this);
  }

  /** The coach module and its solver client, loaded once. */
  async load(): Promise<CoachModule> {
    const coach = await import('../coach/coach.js');
    if (!this.solver && this.host.isConnected) this.solver = new coach.SolverClient();
    this.changed();
    return coach;
  }

  /** The solver client, loaded (null off the page). */
  readonly loadSolver = (): Promise<SolverClient | null> => this.load().then(() => this.solver);

  /** Stops the solver's workers (the element left the page); they start again when next needed. */
  hostDisconnected(): void {
    this.solver?.dispose();
    this.solver = null;
    this.policy = null;
  }

  private async computerPolicy(): Promise<ComputerPolicy> {
    const coach = await this.load();
    const solver = this.solver;
    if (!solver) throw new Error('The coach is not on the page');
    this.policy ??= coach.pagePolicy(solver);
    return this.policy;
  }
}

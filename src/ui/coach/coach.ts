/**
 * The coach and the computer players, loaded only when first wanted (hints switched on, a computer
 * seat, the review): the solver and its components stay out of the page's first load.
 */
import '../components/dp-hints/dp-hints.js';
import '../components/dp-review/dp-review.js';

export { SolverClient } from './SolverClient.js';
export { pagePolicy } from './page-policy.js';

/** Loads this module once. */
export type CoachModule = typeof import('./coach.js');

import { nextTask } from '../scene/index.js';

/**
 * Lit's `scheduleUpdate` for an element whose first render waits for a task of its own. An element
 * defined by a script that has just been evaluated (the game's modules, or a panel's chunk) with the
 * element already in the page would otherwise render in that same task: on a slow phone, one long
 * task that a tap waits for, where two shorter ones let it through.
 */
export async function scheduleFirstRenderApart(
  element: { readonly hasUpdated: boolean },
  schedule: () => unknown,
): Promise<unknown> {
  if (!element.hasUpdated) await nextTask();
  return schedule();
}

import type { ReactiveControllerHost } from 'lit';

/**
 * A part of what the element shows that says when it has changed: the element's small observable
 * store. A part changes only itself and calls `changed()`; whoever draws it (the element, through
 * `redrawOn`) listens. So no part asks the element for a render, and none needs to know who shows it.
 */
export class Observable {
  private readonly listeners = new Set<() => void>();

  /** Calls `listener` after every change; returns the call that stops it. */
  subscribe(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Tells every listener that this part changed. */
  protected changed(): void {
    for (const listener of this.listeners) listener();
  }
}

/**
 * The element draws again whenever one of `parts` changes: the one place its parts' changes become
 * renders (Lit batches them: many changes in a task make one render). The parts are the element's own
 * for its whole life, so the subscriptions are too.
 */
export function redrawOn(host: ReactiveControllerHost, ...parts: Observable[]): void {
  for (const part of parts) part.subscribe(() => host.requestUpdate());
}

/** Registers a custom element once: a second copy of the library on a page must not throw. */
export function define(tag: string, ctor: CustomElementConstructor): void {
  if (!customElements.get(tag)) customElements.define(tag, ctor);
}

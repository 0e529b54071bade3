/**
 * Whether throws resolve at once and nothing animates: the element's `reduced-motion` attribute, or
 * the system asking for reduced motion.
 */
export function prefersReducedMotion(element: { readonly reducedMotion: boolean }): boolean {
  return element.reducedMotion || matchMedia('(prefers-reduced-motion: reduce)').matches;
}

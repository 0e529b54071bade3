/**
 * When the page may put the game in place of its poster (index.html's `.dp-poster`: the game's icon and
 * name, painted from the page and its CSS alone, before the game's code has come). The browser tells a
 * paint as the page's largest only once its frame is on the screen, and content gone by then is never
 * told: defined at once, <dice-poker> drew its own view over the poster within the long task of its
 * start, before that word came, and the page's largest paint was the game's panels, a second later on
 * a slow phone. Waiting for it costs the game a frame or two.
 */

/** Longest wait: a poster that does not paint (its icon failed, the page is hidden) holds nothing up for long. */
const POSTER_WAIT_MS = 1_000;

/** Settles once the poster's icon, its largest part, is painted and told, or after POSTER_WAIT_MS. */
export function posterPainted(doc: Document = document): Promise<void> {
  const icon = doc.querySelector('.dp-poster-icon');
  if (!icon || doc.visibilityState === 'hidden' || typeof PerformanceObserver === 'undefined') {
    return Promise.resolve();
  }
  return new Promise((done) => {
    const finish = (): void => {
      observer.disconnect();
      clearTimeout(timer);
      done();
    };
    const observer = new PerformanceObserver((list) => {
      const entries = list.getEntries() as (PerformanceEntry & { element?: Element | null })[];
      if (entries.some((entry) => entry.element === icon)) finish();
    });
    const timer = setTimeout(finish, POSTER_WAIT_MS);
    observer.observe({ type: 'largest-contentful-paint', buffered: true });
  });
}

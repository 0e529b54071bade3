/**
 * The page's poster (index.html's `.dp-poster`: the game's icon and name over the room, painted from
 * the page and its CSS alone before the game's code has come) stays over the game until the browser
 * has told its paint, and the game has drawn its first view beneath it. The browser tells a paint as
 * the page's largest only once its frame is on the screen, and content gone by then is never told:
 * drawn inside <dice-poker>, the poster went as the element drew its own view, in the long task of its
 * start, before that word came, and the page's largest paint was the game's panels, a second later on
 * a slow phone. The poster takes no pointer or keyboard: it only covers, for a frame or two.
 */

/**
 * Longest wait for the poster's paint to be told, once the game has rendered: a page loaded while
 * hidden is never told its paints. Reached only then (or on a machine many times too busy): a loaded
 * 2-core machine tells it within a second or two.
 */
const POSTER_WAIT_MS = 5_000;

/** Removes the poster once <dice-poker> has rendered and the poster's paint is told (or POSTER_WAIT_MS after). */
export async function removePosterWhenTold(doc: Document = document): Promise<void> {
  const poster = doc.querySelector('.dp-poster');
  if (!poster) return;
  const told = iconPainted(poster);
  await gameRendered(doc);
  await Promise.race([told, new Promise((wait) => setTimeout(wait, POSTER_WAIT_MS))]);
  poster.remove();
}

/** Settles once the poster's icon, its largest part, is painted and told (never, if it is not). */
function iconPainted(poster: Element): Promise<void> {
  const icon = poster.querySelector('.dp-poster-icon');
  if (!icon || typeof PerformanceObserver === 'undefined') return Promise.resolve();
  return new Promise((done) => {
    const observer = new PerformanceObserver((list) => {
      const entries = list.getEntries() as (PerformanceEntry & { element?: Element | null })[];
      if (!entries.some((entry) => entry.element === icon)) return;
      observer.disconnect();
      done();
    });
    observer.observe({ type: 'largest-contentful-paint', buffered: true });
  });
}

/** Settles once the page's <dice-poker> has rendered its first view. */
async function gameRendered(doc: Document): Promise<void> {
  await customElements.whenDefined('dice-poker');
  await doc.querySelector('dice-poker')?.updateComplete;
}

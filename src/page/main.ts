/**
 * The page `npm start` serves (index.html): the game, and the service worker that makes the page
 * installable and playable with no network. Only this page loads this module: the npm package
 * (src/index.ts) and the standalone bundle register no service worker, so an embedder's page gets none.
 */
import '../index.js';
import { removePosterWhenTold } from './after-poster.js';
import { setPageLang } from './page-lang.js';
import { followTurnInTitle } from './turn-title.js';
import { FIRST_FRAME_MARK } from '../scene/DiceTable.js';

// Before the game's first render (a microtask after its element was defined, above): its language.
setPageLang();
followTurnInTitle();
void removePosterWhenTold();

// Nothing of the worker is needed before play: its registration (and workbox-window) is a chunk of
// its own, fetched once the page has loaded. On a first visit (no worker controls the page yet) its
// precache, the whole site with the coach's 2 MB tables, must never compete with the page's own
// downloads: it waits for the table's first frame too (the chunks the table asks for then are on
// their way) and for the page to be idle. A page the worker already controls loads from its cache.
if (import.meta.env.PROD && 'serviceWorker' in navigator && isSecureContext) {
  void afterLoad(!navigator.serviceWorker.controller).then(() =>
    import('./offline-worker.js').then(({ installWorker }) => installWorker()),
  );
}

/**
 * Settles once the page has loaded and, on a first visit, the table has drawn its first frame (or
 * never will) and the page is idle.
 */
async function afterLoad(firstVisit: boolean): Promise<void> {
  if (document.readyState !== 'complete')
    await new Promise((done) => addEventListener('load', done, { once: true }));
  if (!firstVisit) return;
  await firstFrameOrNone();
  await new Promise((done) =>
    typeof requestIdleCallback === 'function'
      ? requestIdleCallback(done, { timeout: IDLE_WAIT_MS })
      : setTimeout(done, 0),
  );
}

/** Longest wait for the table's first frame: without WebGL there is none. */
const FIRST_FRAME_WAIT_MS = 10_000;
/** Longest wait for the page to be idle. */
const IDLE_WAIT_MS = 2_000;

/** Settles when <dice-poker> marks its first frame drawn, or after FIRST_FRAME_WAIT_MS. */
function firstFrameOrNone(): Promise<void> {
  return new Promise((done) => {
    const finish = (): void => {
      observer.disconnect();
      clearTimeout(timer);
      done();
    };
    const observer = new PerformanceObserver((list) => {
      if (list.getEntriesByName(FIRST_FRAME_MARK).length) finish();
    });
    const timer = setTimeout(finish, FIRST_FRAME_WAIT_MS);
    observer.observe({ type: 'mark', buffered: true });
  });
}

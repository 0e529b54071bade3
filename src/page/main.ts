/**
 * The page `npm start` serves (index.html): the game, and the service worker that makes the page
 * installable and playable with no network. Only this page loads this module: the npm package
 * (src/index.ts) and the standalone bundle register no service worker, so an embedder's page gets none.
 */
import '../index.js';
import { setPageLang } from './page-lang.js';
import { followTurnInTitle } from './turn-title.js';

// Before the game's first render (a microtask after its element was defined, above): its language.
setPageLang();
followTurnInTitle();

// Nothing of the worker is needed before play: its registration (and workbox-window) is a chunk of
// its own, fetched once the page has loaded, and the worker then caches the site in the background.
if (import.meta.env.PROD && 'serviceWorker' in navigator && isSecureContext) {
  const start = () => void import('./offline-worker.js').then(({ installWorker }) => installWorker());
  if (document.readyState === 'complete') start();
  else addEventListener('load', start, { once: true });
}

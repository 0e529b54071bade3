// The built game (dist/app) served as `npm start` serves it, with a probe that records page errors.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { preview, type Plugin, type PreviewServer } from 'vite';
import { KEYS_PATH } from '../../src/online/record-signature.js';
import { TEST_SIGNER } from '../support/signed-record.js';
import { freePort } from './processes.js';

const BUILT = 'dist/app/index.html';
/** What the built page is made from: when any of it is newer than the build, the build is stale. */
const SOURCES = [
  'src',
  'assets',
  'index.html',
  'vite.config.ts',
  'vite.standalone.config.ts',
  'package.json',
];

function newestChange(path: string): number {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return Math.max(0, ...readdirSync(path).map((name) => newestChange(join(path, name))));
}

/** Builds the app (`npm run build:app`) when there is no build, or one older than its sources. */
export function ensureBuilt(): void {
  if (existsSync(BUILT) && statSync(BUILT).mtimeMs >= Math.max(...SOURCES.map(newestChange))) return;
  const started = Date.now();
  console.log(`${existsSync(BUILT) ? 'The build is older than its sources' : 'No build'}: npm run build:app`);
  const result = spawnSync('npm', ['run', 'build:app'], { stdio: ['ignore', 'ignore', 'inherit'] });
  if (result.status !== 0) throw new Error(`npm run build:app failed (${result.status ?? result.signal})`);
  console.log(`Built in ${((Date.now() - started) / 1000).toFixed(1)} s.`);
}

/** The page's errors as the page itself sees them, kept where the tests read them (any engine, any driver). */
export const ERRORS_KEY = '__engineErrors';

/**
 * Runs first on the page (a classic script at the top of <head>, before the modules): records uncaught
 * errors, failed loads, unhandled rejections and console.error calls in window[ERRORS_KEY].
 */
const PROBE = `(() => {
  const errors = (window[${JSON.stringify(ERRORS_KEY)}] = []);
  const text = (value) => (value instanceof Error ? value.message : String(value));
  addEventListener('error', (event) => {
    if (event instanceof ErrorEvent) errors.push('page error: ' + text(event.error ?? event.message));
    else errors.push('failed to load: ' + (event.target.src || event.target.href || event.target.localName));
  }, true);
  addEventListener('unhandledrejection', (event) => errors.push('unhandled rejection: ' + text(event.reason)));
  const consoleError = console.error;
  console.error = function (...args) {
    errors.push('console.error: ' + args.map(text).join(' '));
    return consoleError.apply(this, args);
  };
})();
`;
const PROBE_PATH = '/__engine-probe.js';

/** Serves the probe and puts it first into the page's <head>. */
function errorProbe(): Plugin {
  return {
    name: 'engine-error-probe',
    configurePreviewServer(server) {
      server.middlewares.use((request, response, next) => {
        const path = (request.url ?? '').split('?')[0];
        if (path === PROBE_PATH) {
          response.setHeader('Content-Type', 'text/javascript');
          response.setHeader('Cache-Control', 'no-store');
          response.end(PROBE);
          return;
        }
        if (path !== '/' && path !== '/index.html') return next();
        // The page as built, with the probe before anything else runs.
        import('node:fs/promises')
          .then((fs) => fs.readFile(BUILT, 'utf8'))
          .then((html) => {
            response.setHeader('Content-Type', 'text/html');
            response.setHeader('Cache-Control', 'no-store');
            response.end(html.replace('<head>', `<head>\n    <script src="${PROBE_PATH}"></script>`));
          }, next);
      });
    },
  };
}

/** Serves the tests' signing key (TEST_SIGNER) as a game server serves its own, at KEYS_PATH. */
function recordKeys(): Plugin {
  return {
    name: 'engine-record-keys',
    configurePreviewServer(server) {
      server.middlewares.use((request, response, next) => {
        if ((request.url ?? '').split('?')[0] !== KEYS_PATH) return next();
        response.setHeader('Content-Type', 'application/json');
        response.end(JSON.stringify(TEST_SIGNER.keys()));
      });
    },
  };
}

/** The built game on 127.0.0.1 on a free port. */
export async function serveApp(): Promise<{ url: string; close(): Promise<void> }> {
  const port = await freePort();
  const server: PreviewServer = await preview({
    logLevel: 'warn',
    plugins: [errorProbe(), recordKeys()],
    preview: { host: '127.0.0.1', port, strictPort: true, open: false },
  });
  return { url: `http://127.0.0.1:${port}/`, close: () => server.close() };
}

/**
 * The built page (dist/app) on the game server's port: files with their content types, index.html for
 * `/` (an invite link is `/?room=ID`), no directory listing, and 404 for the rest. Each file goes in the
 * compressed form the browser takes, made once at build time beside it (brotli `.br`, else gzip `.gz`:
 * vite.config.ts), through `express-static-gzip`; nothing is compressed per request. Colyseus's own
 * routes (/matchmake/...) are answered before any of this.
 */
import type { ServerResponse } from 'node:http';
import { basename } from 'node:path';
import express from 'express';
import expressStaticGzip from 'express-static-gzip';

/** Hashed build files may be kept for a year; everything else is checked again each time. */
function cacheHeaders(res: ServerResponse, path: string): void {
  const name = basename(path).replace(/\.(br|gz)$/, '');
  const hashed = /[\\/]assets[\\/]/.test(path) && /-[A-Za-z0-9_-]{8,}\.\w+$/.test(name);
  res.setHeader('Cache-Control', hashed ? 'public, max-age=31536000, immutable' : 'no-cache');
}

/** Serves the files under `dir` on `app`; a request for anything else gets a plain 404. */
export function serveSite(app: express.Application, dir: string | null): void {
  app.disable('x-powered-by');
  if (dir !== null) {
    app.use(
      expressStaticGzip(dir, {
        enableBrotli: true,
        orderPreference: ['br', 'gzip'],
        index: 'index.html',
        serveStatic: {
          index: 'index.html',
          // A folder without index.html is a 404, not a redirect or a listing.
          redirect: false,
          dotfiles: 'ignore',
          setHeaders: cacheHeaders,
        },
      }),
    );
  }
  app.use((_req, res) => {
    res.status(404).type('text/plain; charset=utf-8').send('Not found');
  });
}

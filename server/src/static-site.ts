/**
 * The built page (dist/app) on the game server's port: files with their content types, each in the
 * compressed form the browser takes when the build made one (precompressed.ts), index.html for `/` (an
 * invite link is `/?room=ID`), no directory listing, and 404 for the rest. Colyseus's own routes
 * (/matchmake/...) are answered before any of this.
 */
import { basename } from 'node:path';
import express from 'express';
import type { Response } from 'express';
import { precompressed } from './precompressed.js';

/**
 * Hashed build files may be kept for a year; everything else is checked again each time. `path` may be
 * a compressed copy's (`x-HASH.js.br`): it is kept as long as its file.
 */
function cacheHeaders(res: Response, path: string): void {
  const name = basename(path).replace(/\.(br|gz)$/, '');
  const hashed = /[\\/]assets[\\/]/.test(path) && /-[A-Za-z0-9_-]{8,}\.\w+$/.test(name);
  res.setHeader('Cache-Control', hashed ? 'public, max-age=31536000, immutable' : 'no-cache');
}

/** Serves the files under `dir` on `app`; a request for anything else gets a plain 404. */
export function serveSite(app: express.Application, dir: string | null): void {
  app.disable('x-powered-by');
  if (dir !== null) {
    app.use(precompressed(dir, 'index.html'));
    app.use(
      express.static(dir, {
        index: 'index.html',
        // A folder without index.html is a 404, not a redirect or a listing.
        redirect: false,
        dotfiles: 'ignore',
        setHeaders: cacheHeaders,
      }),
    );
  }
  app.use((_req, res) => {
    // (A compressed copy gone since the server started ends here: this answer is not compressed.)
    res.removeHeader('Content-Encoding');
    res.status(404).type('text/plain; charset=utf-8').send('Not found');
  });
}

/**
 * The page's files in the compressed form a browser takes: the brotli (`.br`) and gzip (`.gz`) copies
 * made beside each file at build time (scripts/precompress.ts), so that nothing is compressed per
 * request. A request for a file with copies is answered with the copy (Content-Encoding, the type of
 * the file itself, Vary: Accept-Encoding) by rewriting its address to the copy's for the static handler
 * that follows (static-site.ts), which sends it with its length, validators and caching headers.
 * Our own, not express-static-gzip: that one made bench:server's p99 2.3 times worse (cause not found);
 * this costs a lookup in a map made once at start, and an Accept-Encoding header read.
 */
import { existsSync, readdirSync } from 'node:fs';
import { extname, join, relative, sep } from 'node:path';
import type { RequestHandler } from 'express';

/** The encodings made at build time, best first, and the suffix of each copy. */
const ENCODINGS = [
  { name: 'br', suffix: '.br' },
  { name: 'gzip', suffix: '.gz' },
] as const;

type Encoding = (typeof ENCODINGS)[number];

/**
 * The encodings whose copies exist, by the address of the file (`/assets/x.js`), found once; none for
 * a folder that is not there (a server started before the page is built) and none for dotfiles, which
 * are never served.
 */
function copiesUnder(dir: string): Map<string, Encoding[]> {
  const copies = new Map<string, Encoding[]>();
  if (!existsSync(dir)) return copies;
  const files = new Set(
    readdirSync(dir, { withFileTypes: true, recursive: true })
      .filter((entry) => entry.isFile())
      .map((entry) => join(entry.parentPath, entry.name)),
  );
  for (const file of files) {
    const address = `/${relative(dir, file).split(sep).join('/')}`;
    if (address.includes('/.')) continue;
    const found = ENCODINGS.filter((encoding) => files.has(file + encoding.suffix));
    if (found.length) copies.set(address, found);
  }
  return copies;
}

/**
 * The quality (0..1) a browser's Accept-Encoding gives each coding (RFC 9110, 12.5.3): `*` stands for
 * any not named; a coding with q=0 is refused.
 */
export function encodingQualities(header: string | undefined): (coding: string) => number {
  const qualities = new Map<string, number>();
  for (const part of (header ?? '').split(',')) {
    const [coding = '', ...params] = part.toLowerCase().split(';');
    const name = coding.trim();
    if (!name) continue;
    const q = params.map((param) => /^\s*q\s*=\s*([\d.]+)\s*$/.exec(param)?.[1]).find(Boolean);
    qualities.set(name, q === undefined ? 1 : Number(q) || 0);
  }
  return (coding) => qualities.get(coding) ?? qualities.get('*') ?? 0;
}

/** The copy to send: the encoding of highest quality the browser takes, brotli on a tie; or none. */
function chosen(header: string | undefined, offered: readonly Encoding[]): Encoding | undefined {
  const quality = encodingQualities(header);
  let best: Encoding | undefined;
  for (const encoding of offered)
    if (quality(encoding.name) > (best ? quality(best.name) : 0)) best = encoding;
  return best;
}

/**
 * Answers GET and HEAD requests for a file of `dir` that has compressed copies with the copy the browser
 * takes, through the static handler that must follow it (`index` is the file for `/`). The copies are
 * found when this is made: a server serves the build it started with.
 */
export function precompressed(dir: string, index: string): RequestHandler {
  const copies = copiesUnder(dir);
  return (req, res, next) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') return next();
    let path: string;
    try {
      path = decodeURIComponent(req.path);
    } catch {
      return next();
    }
    if (path.endsWith('/')) path += index;
    const offered = copies.get(path);
    if (!offered) return next();
    // Any cache between must keep the forms apart, whichever this browser gets.
    res.vary('Accept-Encoding');
    const encoding = chosen(req.headers['accept-encoding'], offered);
    if (!encoding) return next();
    res.setHeader('Content-Encoding', encoding.name);
    // The type of the file itself (the static handler keeps a type already set).
    res.type(extname(path));
    const query = req.url.indexOf('?');
    req.url = encodeURI(path + encoding.suffix) + (query < 0 ? '' : req.url.slice(query));
    next();
  };
}

import { readdir, readFile, stat, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { Plugin } from 'vite';

const brotli = promisify(brotliCompress);
const gzipped = promisify(gzip);

/** Files worth compressing: text, and the coach's tables (win-targets.bin halves under brotli). */
const COMPRESSIBLE = /\.(html|js|mjs|css|svg|json|webmanifest|bin|ico)$/;
/**
 * The service worker goes as it is: it is what a browser's update check reads, a new version is seen
 * by its bytes alone, and a copy left from an older build would hide it (1.5 kB gzip saved).
 */
const AS_IT_IS = /(^|[\\/])sw\.js$/;
/** Below this a compressed copy saves less than its headers cost. */
const MIN_BYTES = 1024;
/**
 * Brotli's best quality (11) takes 4 s for the 686 kB entry on this machine and 14 s for the 2.2 MB
 * win-targets.bin, for 9% and 11% less than quality 9: the largest files take 9 so that a build stays
 * quick (the browser tests build the page each run).
 */
const BEST_QUALITY_UP_TO_BYTES = 1024 * 1024;

/** Every file under `dir`, with its path. */
async function filesUnder(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true, recursive: true });
  return entries.filter((entry) => entry.isFile()).map((entry) => join(entry.parentPath, entry.name));
}

/**
 * Writes `file.br` and `file.gz` beside `file`, each only when it is smaller than the file; brotli at
 * quality 11 when `best` and the file is not among the largest, else 9.
 */
async function compressBeside(file: string, best: boolean): Promise<void> {
  const data = await readFile(file);
  const [br, gz] = await Promise.all([
    brotli(data, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: best && data.length <= BEST_QUALITY_UP_TO_BYTES ? 11 : 9,
        [constants.BROTLI_PARAM_SIZE_HINT]: data.length,
      },
    }),
    gzipped(data, { level: 9 }),
  ]);
  await Promise.all([
    br.length < data.length ? writeFile(`${file}.br`, br) : undefined,
    gz.length < data.length ? writeFile(`${file}.gz`, gz) : undefined,
  ]);
}

/**
 * Writes a brotli (`.br`) and a gzip (`.gz`) copy beside each compressible file of a build, once, when
 * the build is written (after the service worker is made, which also is written then), so that the
 * game server sends each file compressed without compressing anything per request
 * (server/src/precompressed.ts). The copies stay out of the service worker's precache (its globs take
 * the files' own extensions only). `best: false` takes brotli's quicker quality 9 for every file.
 */
export function precompress({ best = true }: { best?: boolean } = {}): Plugin {
  let outDir = '';
  return {
    name: 'dice-poker:precompress',
    apply: 'build',
    configResolved(config) {
      outDir = resolve(config.root, config.build.outDir);
    },
    closeBundle: {
      order: 'post',
      sequential: true,
      async handler() {
        const files = (await filesUnder(outDir)).filter(
          (file) => COMPRESSIBLE.test(file) && !AS_IT_IS.test(file),
        );
        const sizes = await Promise.all(files.map(async (file) => (await stat(file)).size));
        // Node's zlib runs these on its thread pool: all at once keeps both cores busy.
        await Promise.all(
          files.filter((_, i) => sizes[i]! >= MIN_BYTES).map((file) => compressBeside(file, best)),
        );
      },
    },
  };
}

/**
 * Where the game's root package (`taringupokker`, the page's) lies, from this file: the same whether
 * the server runs from its TypeScript (server/src, through tsx) or compiled (server/dist/server/src).
 */
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The root package's folder, found by walking up from this file to its package.json. */
export function packageRoot(): string {
  for (let dir = dirname(fileURLToPath(import.meta.url)); ; dir = dirname(dir)) {
    const manifest = join(dir, 'package.json');
    if (existsSync(manifest) && JSON.parse(readFileSync(manifest, 'utf8')).name === 'taringupokker')
      return dir;
    if (dirname(dir) === dir) throw new Error('The game server is not inside the taringupokker package');
  }
}

/** Whether this server runs compiled (JavaScript files) rather than from its TypeScript through tsx. */
export const COMPILED = import.meta.url.endsWith('.js');

/**
 * A data folder whose embedded database is made and migrated, for the tests' new data folders to start
 * as copies of (freshDataDir in server/src/processes.ts, told by DATA_TEMPLATE_ENV). Making one takes
 * about 9 s of CPU (seconds alone, a minute on a busy machine); copying it, a fraction of a second. It is
 * kept between runs, in node_modules/.cache/dp-data-template/, under a hash of what makes it (PGlite's
 * version and the database code): made again when any of that changes (delete the folder to have it
 * made again anyway). Never written to: every test copies it.
 */
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, renameSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { openDatabase } from '../../server/src/database/open.js';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
/** Where the made templates are kept, one folder per hash. */
const CACHE = join(ROOT, 'node_modules', '.cache', 'dp-data-template');
/** The database code: every file of it but its tests. */
const DATABASE_CODE = join(ROOT, 'server', 'src', 'database');

/** A hash of what makes the template: PGlite's package (its version) and the database code. */
function templateKey(): string {
  const hash = createHash('sha256');
  hash.update(readFileSync(join(ROOT, 'node_modules', '@electric-sql', 'pglite', 'package.json')));
  for (const name of readdirSync(DATABASE_CODE).sort()) {
    if (name.endsWith('.ts') && !name.endsWith('.test.ts')) {
      hash.update(name).update(readFileSync(join(DATABASE_CODE, name)));
    }
  }
  return hash.digest('hex').slice(0, 16);
}

/** Whether `folder` holds a whole made database (a run stopped while making one leaves none there). */
function isMade(folder: string): boolean {
  return existsSync(join(folder, 'pglite', 'PG_VERSION'));
}

/** The made template of `key`: kept from an earlier run, else made now (and older ones deleted). */
async function templateOf(key: string): Promise<string> {
  const folder = join(CACHE, key);
  if (isMade(folder)) return folder;
  mkdirSync(CACHE, { recursive: true });
  // Made beside it and renamed into place whole, so that a run stopped meanwhile leaves no half-made one.
  const making = mkdtempSync(join(CACHE, 'making-'));
  const database = await openDatabase({ DATA_DIR: making });
  await database.close();
  try {
    renameSync(making, folder);
  } catch (error) {
    // Another run made it meanwhile: theirs is as good.
    rmSync(making, { recursive: true, force: true });
    if (!isMade(folder)) throw error;
  }
  for (const name of readdirSync(CACHE)) {
    if (name !== key && !name.startsWith('making-'))
      rmSync(join(CACHE, name), { recursive: true, force: true });
  }
  return folder;
}

/** The made template's data folder if an earlier run made it (the unit tests do), else undefined. */
export function madeDataTemplate(): string | undefined {
  const folder = join(CACHE, templateKey());
  return isMade(folder) ? folder : undefined;
}

/** The made template's data folder: kept from an earlier run, or made now. */
export function dataTemplate(): Promise<string> {
  return templateOf(templateKey());
}

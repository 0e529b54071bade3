/**
 * Once before every test file (vitest's globalSetup): an embedded database made and migrated in a data
 * folder of its own, which each test's new data folder then starts as a copy of (freshDataDir in
 * server/src/processes.ts). Making one takes seconds alone and a minute on a busy machine; copying it,
 * a fraction of a second. And the node flags of every process a test starts (tests/support/node-flags.ts).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openDatabase } from '../../server/src/database/open.js';
import { DATA_TEMPLATE_ENV, NODE_FLAGS_ENV } from '../../server/src/processes.js';
import { TEST_NODE_FLAGS } from './node-flags.js';

export default async function setup(): Promise<() => void> {
  const folder = mkdtempSync(join(tmpdir(), 'dp-data-template-'));
  const database = await openDatabase({ DATA_DIR: folder });
  await database.close();
  process.env[DATA_TEMPLATE_ENV] = folder;
  process.env[NODE_FLAGS_ENV] = TEST_NODE_FLAGS.join(' ');
  return () => rmSync(folder, { recursive: true, force: true });
}

/**
 * Once before every test file (vitest's globalSetup): the made database every test's new data folder
 * starts as a copy of (tests/support/data-template.ts: kept between runs), a folder of this run's for
 * those data folders (deleted when the run ends: each is tens of MB, and they used to pile up), and the
 * node flags of every process a test starts (tests/support/node-flags.ts).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DATA_FOLDERS_ENV, DATA_TEMPLATE_ENV, NODE_FLAGS_ENV } from '../../server/src/processes.js';
import { dataTemplate } from './data-template.js';
import { TEST_NODE_FLAGS } from './node-flags.js';

export default async function setup(): Promise<() => void> {
  process.env[DATA_TEMPLATE_ENV] = await dataTemplate();
  const folders = mkdtempSync(join(tmpdir(), 'dp-test-run-'));
  process.env[DATA_FOLDERS_ENV] = folders;
  process.env[NODE_FLAGS_ENV] = TEST_NODE_FLAGS.join(' ');
  return () => rmSync(folders, { recursive: true, force: true });
}

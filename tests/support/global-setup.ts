/**
 * Once before every test file (vitest's globalSetup): the made database every test's new data folder
 * starts as a copy of (tests/support/data-template.ts: kept between runs), and the node flags of every
 * process a test starts (tests/support/node-flags.ts).
 */
import { DATA_TEMPLATE_ENV, NODE_FLAGS_ENV } from '../../server/src/processes.js';
import { dataTemplate } from './data-template.js';
import { TEST_NODE_FLAGS } from './node-flags.js';

export default async function setup(): Promise<void> {
  process.env[DATA_TEMPLATE_ENV] = await dataTemplate();
  process.env[NODE_FLAGS_ENV] = TEST_NODE_FLAGS.join(' ');
}

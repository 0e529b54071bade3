// Makes sure a Chromium is there for the browser tests, installing one where it can, or says what to run.
import { execSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { findChromium } from './chromium.mjs';

function run(command) {
  console.log(`$ ${command}`);
  execSync(command, { stdio: 'inherit' });
}

if (findChromium()) process.exit(0);

const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
const isDebian = existsSync('/etc/debian_version');
try {
  if (isRoot && isDebian) {
    console.log("No Chromium found: installing Debian's chromium package.");
    run('apt-get update -qq');
    run('DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium');
  } else {
    console.log("No Chromium found: installing Playwright's own.");
    run('npx playwright install chromium');
  }
} catch {
  // Fall through to the message below.
}
if (!findChromium()) {
  console.error(
    'No Chromium for the browser tests. Install one, then run again:\n' +
      '  on Debian as root:  apt-get update && apt-get install -y chromium\n' +
      '  elsewhere:          npx playwright install chromium\n' +
      '  or point to one:    CHROMIUM_PATH=/path/to/chromium npm test',
  );
  process.exit(1);
}

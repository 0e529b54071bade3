// Makes sure Firefox, WebKitGTK's driver and an X server (Xvfb) are there for the smoke tests in
// tests/engines, installing what is missing where it can (Debian, as root), or says what to run.
import { execSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { missingPrograms } from './engines.mjs';

function run(command) {
  console.log(`$ ${command}`);
  execSync(command, { stdio: 'inherit' });
}

const packagesOf = (programs) => [...new Set(programs.flatMap((p) => p.packages))];

const missing = missingPrograms();
if (missing.length === 0) process.exit(0);

const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
const isDebian = existsSync('/etc/debian_version');
if (isRoot && isDebian) {
  const packages = packagesOf(missing).join(' ');
  console.log(`Missing for the Firefox and WebKit tests: installing Debian's ${packages}.`);
  try {
    // Waits for another apt run to finish rather than failing on its lock.
    run('apt-get -o DPkg::Lock::Timeout=300 update -qq');
    run(
      'DEBIAN_FRONTEND=noninteractive apt-get -o DPkg::Lock::Timeout=300 install -y -qq ' +
        `--no-install-recommends ${packages}`,
    );
  } catch {
    // Fall through to the message below.
  }
}

const still = missingPrograms();
if (still.length > 0) {
  console.error(
    `Not installed for the Firefox and WebKit tests: ${still.map((p) => p.name).join(', ')}. Install them, then run again:\n` +
      `  on Debian as root:  apt-get update && apt-get install -y --no-install-recommends ${packagesOf(still).join(' ')}\n` +
      `  or point to them:   ${still.map((p) => `${p.env}=/path/to/${p.name}`).join(' ')} npm test`,
  );
  process.exit(1);
}

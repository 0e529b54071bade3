// Makes sure PostgreSQL's server programs (initdb, pg_ctl, postgres) are there for the tests of the database
// on a PostgreSQL server (server/src/database/database.test.ts), installing Debian's package where it can, or
// says what to run. `node scripts/ensure-postgres.mjs` exits 0 once they are found, 1 with a message otherwise.
// The packaged service is never started: the tests start a server of their own, in a temporary folder, on a
// free port, and stop it by its pid.
import { execSync, spawnSync } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';

/** Where Debian keeps each major version's server programs: /usr/lib/postgresql/<major>/bin. */
const DEBIAN_ROOT = '/usr/lib/postgresql';

/** Whether `dir` holds a working initdb (it answers --version). */
function hasInitdb(dir) {
  const initdb = join(dir, 'initdb');
  if (!existsSync(initdb)) return false;
  const probe = spawnSync(initdb, ['--version'], { encoding: 'utf8' });
  return probe.status === 0 && /PostgreSQL/i.test(probe.stdout);
}

/**
 * The folder of PostgreSQL's server programs: PG_BIN if set, else Debian's newest
 * /usr/lib/postgresql/<major>/bin, else the folder of an initdb on the PATH; null when there is none.
 */
export function findPostgresBin() {
  if (process.env.PG_BIN) return hasInitdb(process.env.PG_BIN) ? process.env.PG_BIN : null;
  if (existsSync(DEBIAN_ROOT)) {
    const majors = readdirSync(DEBIAN_ROOT)
      .filter((name) => /^\d+$/.test(name))
      .sort((a, b) => Number(b) - Number(a));
    for (const major of majors) {
      const dir = join(DEBIAN_ROOT, major, 'bin');
      if (hasInitdb(dir)) return dir;
    }
  }
  const which = spawnSync('sh', ['-c', 'command -v initdb'], { encoding: 'utf8' });
  const onPath = which.status === 0 ? which.stdout.trim() : '';
  if (onPath) {
    const dir = onPath.slice(0, onPath.lastIndexOf('/'));
    if (hasInitdb(dir)) return dir;
  }
  return null;
}

function run(command) {
  console.log(`$ ${command}`);
  execSync(command, { stdio: 'inherit' });
}

const isMain = process.argv[1] !== undefined && import.meta.url === pathToFileURL(process.argv[1]).href;
if (isMain) {
  if (findPostgresBin()) process.exit(0);
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  const isDebian = existsSync('/etc/debian_version');
  if (isRoot && isDebian && !process.env.PG_BIN) {
    try {
      console.log("No PostgreSQL server programs found: installing Debian's postgresql package.");
      run('apt-get update -qq');
      // policy-rc.d answering 101 keeps the package's own service from being started (and its cluster from
      // running): the tests start a server of their own on a free port.
      const policy = '/usr/sbin/policy-rc.d';
      const hadPolicy = existsSync(policy);
      if (!hadPolicy) run(`printf '#!/bin/sh\\nexit 101\\n' > ${policy} && chmod +x ${policy}`);
      try {
        run('DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends postgresql');
      } finally {
        if (!hadPolicy) run(`rm -f ${policy}`);
      }
    } catch {
      // Fall through to the message below.
    }
  }
  if (!findPostgresBin()) {
    console.error(
      'No PostgreSQL server programs (initdb, pg_ctl) for the tests of the database. Install them, then run again:\n' +
        '  on Debian as root:  apt-get update && apt-get install -y postgresql\n' +
        '  elsewhere:          your system\'s "postgresql" server package (PostgreSQL 13 or later)\n' +
        '  or point to them:   PG_BIN=/path/to/postgresql/bin npm test',
    );
    process.exit(1);
  }
}

// Makes sure a redis-server is there for the tests of rooms shared across server processes
// (server/src/redis.test.ts), installing Debian's package where it can, or says what to run.
// `node scripts/ensure-redis.mjs` exits 0 once `redis-server` runs, 1 with a message otherwise.
import { execSync, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { pathToFileURL } from 'node:url';

/** The redis-server to run: REDIS_SERVER if set, else the one on the PATH (or Debian's), or null. */
export function findRedisServer() {
  const candidates = [process.env.REDIS_SERVER, 'redis-server', '/usr/bin/redis-server'].filter(Boolean);
  for (const command of candidates) {
    const probe = spawnSync(command, ['--version'], { encoding: 'utf8' });
    if (probe.status === 0 && /Redis server/i.test(probe.stdout)) return command;
  }
  return null;
}

function run(command) {
  console.log(`$ ${command}`);
  execSync(command, { stdio: 'inherit' });
}

const isMain = process.argv[1] !== undefined && import.meta.url === pathToFileURL(process.argv[1]).href;
if (isMain) {
  if (findRedisServer()) process.exit(0);
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  const isDebian = existsSync('/etc/debian_version');
  if (isRoot && isDebian) {
    try {
      console.log("No redis-server found: installing Debian's redis-server package.");
      run('apt-get update -qq');
      // The package's service is not started here: the tests start their own server on a free port.
      run('DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends redis-server');
    } catch {
      // Fall through to the message below.
    }
  }
  if (!findRedisServer()) {
    console.error(
      'No redis-server for the tests of rooms shared across processes. Install one, then run again:\n' +
        '  on Debian as root:  apt-get update && apt-get install -y redis-server\n' +
        '  elsewhere:          your system\'s "redis" package (Redis 6 or later)\n' +
        '  or point to one:    REDIS_SERVER=/path/to/redis-server npm test',
    );
    process.exit(1);
  }
}

// Finds what the Firefox and WebKit smoke tests (tests/engines) run on: an X server, Firefox, WebKit's driver.
import { existsSync, readdirSync } from 'node:fs';

/**
 * The programs the smoke tests need, each with the Debian packages that bring it. Every one can be
 * pointed elsewhere with its environment variable.
 */
export const ENGINE_PROGRAMS = [
  // xauth too, for xvfb-run (the tests start Xvfb themselves; a person may want xvfb-run).
  { name: 'xvfb', env: 'XVFB_PATH', packages: ['xvfb', 'xauth'], candidates: () => ['/usr/bin/Xvfb'] },
  {
    name: 'firefox',
    env: 'FIREFOX_PATH',
    packages: ['firefox-esr'],
    candidates: () => ['/usr/bin/firefox-esr', '/usr/bin/firefox'],
  },
  {
    name: 'webkitDriver',
    env: 'WEBKIT_DRIVER_PATH',
    packages: ['webkit2gtk-driver'],
    candidates: () => ['/usr/bin/WebKitWebDriver'],
  },
  {
    name: 'miniBrowser',
    env: 'MINIBROWSER_PATH',
    packages: ['webkit2gtk-driver'],
    candidates: miniBrowsers,
  },
];

/** MiniBrowser (WebKitGTK's test browser) under /usr/lib/<multiarch>/webkit2gtk-4.1/, whatever the machine. */
function miniBrowsers() {
  let dirs = [];
  try {
    dirs = readdirSync('/usr/lib').filter((dir) => dir.endsWith('-linux-gnu'));
  } catch {
    // no /usr/lib: nothing to find
  }
  return dirs.flatMap((dir) => [
    `/usr/lib/${dir}/webkit2gtk-4.1/MiniBrowser`,
    `/usr/lib/${dir}/webkitgtk-6.0/MiniBrowser`,
  ]);
}

/** Path of one program (by its name in ENGINE_PROGRAMS), or undefined when it is not installed. */
export function findProgram(name) {
  const program = ENGINE_PROGRAMS.find((p) => p.name === name);
  if (!program) throw new Error(`Unknown program ${name}`);
  const candidates = [process.env[program.env], ...program.candidates()];
  return candidates.find((path) => path && existsSync(path));
}

/** The programs that are missing, as entries of ENGINE_PROGRAMS. */
export function missingPrograms() {
  return ENGINE_PROGRAMS.filter((program) => !findProgram(program.name));
}

// Finds a Chromium for Playwright: CHROMIUM_PATH, then Debian's /usr/bin/chromium, then Playwright's own.
import { existsSync } from 'node:fs';
import { chromium } from '@playwright/test';

/** Flags that make headless Chromium use software WebGL (SwiftShader) and stay off the network. */
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--use-angle=swiftshader',
  '--enable-unsafe-swiftshader',
  '--ignore-gpu-blocklist',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/** Path of a Chromium binary, or undefined when none is installed. */
export function findChromium() {
  const candidates = [process.env.CHROMIUM_PATH, '/usr/bin/chromium', safe(() => chromium.executablePath())];
  return candidates.find((path) => path && existsSync(path));
}

/**
 * Launches headless Chromium with CHROMIUM_ARGS, as the benchmark scripts measure it. Throws with a
 * hint when none is installed, rather than Playwright's advice to download its own.
 */
export async function launchChromium() {
  const executablePath = findChromium();
  if (!executablePath) {
    throw new Error('No Chromium found: run `node scripts/ensure-chromium.mjs` or set CHROMIUM_PATH.');
  }
  return chromium.launch({ executablePath, args: CHROMIUM_ARGS });
}

function safe(fn) {
  try {
    return fn();
  } catch {
    return undefined;
  }
}

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
 * The flag that composites the page on the CPU, as Chrome does on a machine without a GPU (SwiftShader
 * then draws WebGL only: Chromium's "WebGL fallback" use of it). Without it, CHROMIUM_ARGS make
 * SwiftShader stand in for a GPU for everything, the compositor too: a machine no player has (with a
 * GPU, compositing is the GPU's; without one, it is software), whose per-frame present of the whole
 * window costs tens of ms on 2 cores.
 */
export const SOFTWARE_COMPOSITING_ARGS = ['--disable-gpu-compositing'];

/**
 * Launches headless Chromium with CHROMIUM_ARGS, as the benchmark scripts measure it (`extraArgs`
 * added). Throws with a hint when none is installed, rather than Playwright's advice to download its own.
 */
export async function launchChromium(extraArgs = []) {
  const executablePath = findChromium();
  if (!executablePath) {
    throw new Error('No Chromium found: run `node scripts/ensure-chromium.mjs` or set CHROMIUM_PATH.');
  }
  return chromium.launch({ executablePath, args: [...CHROMIUM_ARGS, ...extraArgs] });
}

function safe(fn) {
  try {
    return fn();
  } catch {
    return undefined;
  }
}

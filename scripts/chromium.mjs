// Finds a Chromium for Playwright: CHROMIUM_PATH, then Debian's /usr/bin/chromium, then Playwright's own.
import { existsSync } from 'node:fs';
import { chromium } from '@playwright/test';

/**
 * Chromium's features turned off. Headless Chromium 156 opens its omnibox popup as a WebUI page in every
 * new context (a window of its own): a renderer that takes about 1.5 s of CPU, and the browser process
 * about 0.35 s more, for a popup no one sees. That was about a fifth of the browser tests' CPU (they
 * open some 200 contexts on 2 cores). Chromium reads only the last `--disable-features`, so Playwright's
 * own list (1.65) is repeated first, or it would be lost.
 */
const DISABLED_FEATURES = [
  // Playwright's.
  'AvoidUnnecessaryBeforeUnloadCheckSync',
  'DestroyProfileOnBrowserClose',
  'HttpsUpgrades',
  'HttpsFirstBalancedModeAutoEnable',
  'LensOverlay',
  'MediaRouter',
  'PaintHolding',
  'ThirdPartyStoragePartitioning',
  'AvoidCorsURLLoaderRestartOnRedirect',
  'OptimizationHints',
  'NetworkTimeServiceQuerying',
  'AimEnabled',
  'PreconnectToSearch',
  // Ours: the omnibox popup's WebUI page.
  'WebUIOmniboxPopup',
  'WebUIOmniboxAimPopup',
];

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
  `--disable-features=${DISABLED_FEATURES.join(',')}`,
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

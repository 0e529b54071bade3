// One small interface over two ways of driving a browser: Firefox through Puppeteer (WebDriver BiDi, no
// geckodriver) and WebKitGTK through its WebDriver (WebKitWebDriver, MiniBrowser) with WebdriverIO.
import puppeteer, { type Browser as PuppeteerBrowser, type Page } from 'puppeteer-core';
import { remote } from 'webdriverio';
import { endGroup, freePort, startGroup, track, waitForPort } from './processes.js';
import { within } from '../../server/src/within.js';

/** The viewport the tests see (as the Chromium suite's). */
export const VIEWPORT = { width: 1280, height: 720 };

/** One step of pointer input with the mouse, in viewport (CSS) pixels. */
export type PointerStep =
  { type: 'move'; x: number; y: number } | { type: 'down' } | { type: 'up' } | { type: 'pause'; ms: number };

/** A page in one browser, driven as the tests need it. */
export interface EngineDriver {
  /** Browser and version, as the browser says. */
  readonly version: string;
  goto(url: string): Promise<void>;
  /**
   * Runs `source` (the text of a function of the page's <dice-poker> element and `arg`) in the page and
   * resolves with what it returns (JSON-serialisable; its promise awaited); rejects with its error.
   */
  run(source: string, arg: unknown): Promise<unknown>;
  /** Real mouse input: the steps in order, pauses included. */
  pointer(steps: PointerStep[]): Promise<void>;
  /** Errors the driver itself saw in the page (console, uncaught), besides the page's own probe. */
  errors(): string[];
  close(): Promise<void>;
}

/**
 * The script that runs a page function: the result goes back as JSON text (BiDi drops an object met twice
 * in one result) and an error as its message. `__name` stands in for the helper that esbuild (tsx) may
 * call in the function's text.
 */
function pageScript(source: string, arg: unknown): string {
  return `(async () => {
    const __name = (target) => target;
    try {
      const fn = (${source});
      const value = await fn(document.querySelector('dice-poker'), ${JSON.stringify(arg ?? null)});
      return JSON.stringify({ value: value === undefined ? null : value });
    } catch (error) {
      return JSON.stringify({ error: String(error && error.stack ? error.message + '\\n' + error.stack : error) });
    }
  })()`;
}

function pageResult(text: unknown): unknown {
  if (typeof text !== 'string') throw new Error(`The page script returned ${String(text)}`);
  const result = JSON.parse(text) as { value?: unknown; error?: string };
  if (result.error !== undefined) throw new Error(`In the page: ${result.error}`);
  return result.value;
}

const round = (n: number) => Math.round(n);
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Firefox (Debian's ESR) through Puppeteer over WebDriver BiDi, headless on the X display. */
export async function launchFirefox(executablePath: string, display: string): Promise<EngineDriver> {
  let browser: PuppeteerBrowser | undefined;
  try {
    browser = await puppeteer.launch({
      browser: 'firefox',
      executablePath,
      headless: true,
      env: { ...process.env, DISPLAY: display },
      defaultViewport: VIEWPORT,
      timeout: 60_000,
      protocolTimeout: 60_000,
      extraPrefsFirefox: {
        // Software WebGL on Xvfb: Firefox would refuse WebGL on an unknown GPU.
        'webgl.force-enabled': true,
        'media.autoplay.default': 0,
      },
    });
  } catch (error) {
    throw new Error(`Firefox did not start: ${(error as Error).message}`, { cause: error });
  }
  const pid = browser.process()?.pid;
  track(pid);
  const seen: string[] = [];
  let page: Page;
  try {
    page = (await browser.pages())[0] ?? (await browser.newPage());
    // The default viewport is for pages opened later: the first one gets it here.
    await page.setViewport(VIEWPORT);
    page.on('console', (message) => {
      if (message.type() === 'error') seen.push(`console error: ${message.text()}`);
    });
    page.on('pageerror', (error) => seen.push(`page error: ${(error as Error).message ?? String(error)}`));
  } catch (error) {
    await endGroup(pid);
    throw error;
  }
  return {
    version: await browser.version(),
    async goto(url) {
      await page.goto(url, { waitUntil: 'load', timeout: 60_000 });
    },
    async run(source, arg) {
      return pageResult(await page.evaluate(pageScript(source, arg)));
    },
    async pointer(steps) {
      for (const step of steps) {
        if (step.type === 'move') await page.mouse.move(round(step.x), round(step.y));
        else if (step.type === 'down') await page.mouse.down();
        else if (step.type === 'up') await page.mouse.up();
        else await sleep(step.ms);
      }
    },
    errors: () => [...seen],
    async close() {
      await within(browser.close(), 10_000, 'Closing Firefox').catch(() => undefined);
      await endGroup(pid);
    },
  };
}

/** Sizes the window so that the page gets VIEWPORT (the window's frame and bars around it vary). */
async function fitViewport(browser: WebdriverIO.Browser): Promise<void> {
  await browser.setWindowSize(VIEWPORT.width, VIEWPORT.height);
  const inner = (await browser.execute('return [innerWidth, innerHeight];')) as [number, number];
  const [dw, dh] = [VIEWPORT.width - inner[0], VIEWPORT.height - inner[1]];
  if (dw !== 0 || dh !== 0) await browser.setWindowSize(VIEWPORT.width + dw, VIEWPORT.height + dh);
}

/** WebKitGTK's MiniBrowser through WebKitWebDriver (classic WebDriver), with WebdriverIO. */
export async function launchWebKit(
  driverPath: string,
  miniBrowserPath: string,
  display: string,
): Promise<EngineDriver> {
  const port = await freePort();
  const driver = startGroup(driverPath, [`--port=${port}`, '--host=127.0.0.1'], {
    ...process.env,
    DISPLAY: display,
  });
  let browser: WebdriverIO.Browser | undefined;
  const end = async () => {
    // The session first: MiniBrowser would outlive the driver. Then the driver's group, and with it any
    // MiniBrowser or web process left over.
    if (browser) await within(browser.deleteSession(), 10_000, 'Ending the WebKit session').catch(() => {});
    await endGroup(driver.pid);
  };
  try {
    await waitForPort(port, driver, 15_000);
    browser = await within(
      remote({
        hostname: '127.0.0.1',
        port,
        path: '/',
        logLevel: 'silent',
        connectionRetryTimeout: 60_000,
        connectionRetryCount: 0,
        capabilities: {
          // MiniBrowser without --automation never answers the new session.
          'webkitgtk:browserOptions': { binary: miniBrowserPath, args: ['--automation'] },
          // Classic WebDriver: what WebKitWebDriver serves in full.
          'wdio:enforceWebDriverClassic': true,
        } as WebdriverIO.Capabilities,
      }),
      30_000,
      'Starting a WebKit session',
    );
    await browser.setTimeouts(60_000, 60_000, 60_000);
    await fitViewport(browser);
  } catch (error) {
    await end();
    throw new Error(`WebKit did not start: ${(error as Error).message}`, { cause: error });
  }
  const session = browser;
  const caps = session.capabilities as WebdriverIO.Capabilities;
  return {
    version: `${caps.browserName ?? 'WebKit'} ${caps.browserVersion ?? ''}`.trim(),
    async goto(url) {
      await session.url(url);
    },
    async run(source, arg) {
      return pageResult(await session.execute(`return ${pageScript(source, arg)};`));
    },
    async pointer(steps) {
      let action = session.action('pointer', { parameters: { pointerType: 'mouse' } });
      for (const step of steps) {
        if (step.type === 'move') {
          action = action.move({ x: round(step.x), y: round(step.y), origin: 'viewport', duration: 0 });
        } else if (step.type === 'down') action = action.down({ button: 0 });
        else if (step.type === 'up') action = action.up({ button: 0 });
        else action = action.pause(step.ms);
      }
      await action.perform();
    },
    errors: () => [],
    close: end,
  };
}

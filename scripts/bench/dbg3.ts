import { chromium } from '@playwright/test';
const { findChromium, CHROMIUM_ARGS } = (await import(new URL('../chromium.mjs', import.meta.url).href)) as any;
const extra = process.env.EXTRA_ARGS ? process.env.EXTRA_ARGS.split(' ') : [];
const browser = await chromium.launch({ executablePath: findChromium(), args: [...CHROMIUM_ARGS, ...extra] });
const page = await browser.newPage({ viewport: { width: 1280, height: 720 } });
for (const q of process.argv.slice(2)) {
  await page.goto('file:///tmp/exp/' + (process.env.PAGE ?? 'fixed.html') + '?' + q);
  await page.waitForFunction(() => (window as any).result !== undefined, null, { timeout: 60000 });
  console.log(q, await page.evaluate(() => (window as any).result));
}
await browser.close();

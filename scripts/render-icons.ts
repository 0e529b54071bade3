// `npm run icons`: draws the page's icons from their SVG sources with the project's Chromium, and
// writes them into assets/ (the page's static files), where they are committed:
// - assets/icons/icon-192.png, icon-512.png: the web app manifest's icons (assets/icons/icon.svg);
// - assets/icons/icon-maskable-512.png: the same art on full-bleed felt, the dice inside the central
//   circle of 80% that a launcher's mask always keeps (the W3C manifest's "safe zone" for maskable);
// - assets/icons/apple-touch-icon.png (180 px, opaque: iOS puts no background behind it);
// - assets/favicon.ico: 16, 32 and 48 px renders of assets/favicon.svg, stored as PNGs inside the ICO
//   (every browser since IE 11 reads those), for the browsers and tools that ask /favicon.ico
//   whatever the page's link tag says.
// Run it again after changing either SVG. `--check` renders and compares instead of writing, and exits
// with code 1 when a committed file is not what its source gives.
import type { Browser } from '@playwright/test';
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { launchChromium } from './chromium.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
const ICON_SVG = `${root}assets/icons/icon.svg`;
const FAVICON_SVG = `${root}assets/favicon.svg`;

/** The share of a maskable icon's side the dice may span: the safe zone is a circle of 80% of it. */
const MASKABLE_SCALE = 0.8;

/**
 * The maskable icon's SVG from the plain one: the felt to the edges (the launcher draws the shape) and
 * the dice drawn smaller about the centre.
 * @throws Error when the source no longer has the parts this changes
 */
export function maskableOf(svg: string): string {
  const bleed = svg.replace(/(<rect id="bg"[^>]*?) rx="\d+"/, '$1');
  const shrunk = bleed.replace(
    '<g id="dice">',
    `<g id="dice" transform="translate(256 256) scale(${MASKABLE_SCALE}) translate(-256 -256)">`,
  );
  if (bleed === svg || shrunk === bleed)
    throw new Error(`${ICON_SVG}: no <rect id="bg" rx> or <g id="dice">`);
  return shrunk;
}

/** A PNG of `svg` drawn `size` CSS px square at pixel ratio 1 (transparent where the SVG draws nothing). */
async function render(browser: Browser, svg: string, size: number): Promise<Buffer> {
  const page = await browser.newPage({ viewport: { width: size, height: size }, deviceScaleFactor: 1 });
  try {
    const sized = svg.replace('<svg ', `<svg width="${size}" height="${size}" `);
    await page.setContent(
      `<!doctype html><html><body style="margin:0;background:transparent">${sized}</body></html>`,
    );
    return await page.screenshot({ omitBackground: true, clip: { x: 0, y: 0, width: size, height: size } });
  } finally {
    await page.close();
  }
}

/**
 * An ICO file holding `images` (PNGs, each square, at most 256 px): a 6-byte header, a 16-byte entry
 * per image (its size, 32 bits a pixel, its length and where it starts), then the PNGs as they are.
 */
export function icoOf(images: readonly { size: number; png: Buffer }[]): Buffer {
  const header = Buffer.alloc(6 + 16 * images.length);
  header.writeUInt16LE(0, 0); // reserved
  header.writeUInt16LE(1, 2); // 1: an icon (2 would be a cursor)
  header.writeUInt16LE(images.length, 4);
  let offset = header.length;
  images.forEach(({ size, png }, i) => {
    if (size < 1 || size > 256) throw new Error(`An ICO image is 1 to 256 px, not ${size}`);
    const at = 6 + 16 * i;
    header.writeUInt8(size % 256, at); // 0 means 256
    header.writeUInt8(size % 256, at + 1);
    header.writeUInt8(0, at + 2); // no palette
    header.writeUInt8(0, at + 3);
    header.writeUInt16LE(1, at + 4); // colour planes
    header.writeUInt16LE(32, at + 6); // bits a pixel
    header.writeUInt32LE(png.length, at + 8);
    header.writeUInt32LE(offset, at + 12);
    offset += png.length;
  });
  return Buffer.concat([header, ...images.map((image) => image.png)]);
}

/** Every file this script makes, by path, from the sources as they are now. */
async function drawAll(browser: Browser): Promise<Map<string, Buffer>> {
  const icon = readFileSync(ICON_SVG, 'utf8');
  const maskable = maskableOf(icon);
  const favicon = readFileSync(FAVICON_SVG, 'utf8');
  const files = new Map<string, Buffer>();
  files.set('assets/icons/icon-192.png', await render(browser, icon, 192));
  files.set('assets/icons/icon-512.png', await render(browser, icon, 512));
  files.set('assets/icons/icon-maskable-512.png', await render(browser, maskable, 512));
  files.set('assets/icons/apple-touch-icon.png', await render(browser, maskable, 180));
  const small = [];
  for (const size of [16, 32, 48]) small.push({ size, png: await render(browser, favicon, size) });
  files.set('assets/favicon.ico', icoOf(small));
  return files;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const check = process.argv.includes('--check');
  const browser = await launchChromium();
  try {
    const files = await drawAll(browser);
    let stale = 0;
    for (const [path, bytes] of files) {
      if (check) {
        const same = safeRead(`${root}${path}`)?.equals(bytes) ?? false;
        if (!same) stale++;
        console.log(`${same ? 'same' : 'DIFFERS'}  ${path}`);
      } else {
        writeFileSync(`${root}${path}`, bytes);
        console.log(`wrote ${path} (${bytes.length} bytes)`);
      }
    }
    if (stale > 0) process.exitCode = 1;
  } finally {
    await browser.close();
  }
}

function safeRead(path: string): Buffer | undefined {
  try {
    return readFileSync(path);
  } catch {
    return undefined;
  }
}

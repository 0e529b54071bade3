import type { Page } from '@playwright/test';

/** A point on the page, in CSS pixels. */
export interface Point {
  x: number;
  y: number;
}

/** What the screen shows of the table: where felt is, and how far each die's drawn edge is from its centre. */
export interface DrawnTable {
  /** Die centres (where the element says each die is drawn), by die index. */
  centres: Point[];
  /**
   * For each die, the distance (CSS px) from its centre to its drawn edge in each direction, read
   * from the screenshot: the first pixel of felt met walking out from the centre.
   */
  edges: { left: number; right: number; up: number; down: number }[];
  /** The felt point (read from the screenshot) farthest from every die. */
  openFelt: Point;
}

/** The four directions the edges are measured in. */
export const DIRECTIONS = {
  left: { x: -1, y: 0 },
  right: { x: 1, y: 0 },
  up: { x: 0, y: -1 },
  down: { x: 0, y: 1 },
} as const;

/**
 * Reads the table as drawn: a screenshot of the canvas (in CSS pixels) is scanned for felt (the
 * green cloth, and the shadows on it) and for the ivory dice. Nothing is taken from the scene's
 * geometry except each die's centre, which the element's public `dieAt` gives.
 */
export async function readDrawnTable(page: Page): Promise<DrawnTable> {
  const canvas = page.locator('dice-poker canvas');
  const box = (await canvas.boundingBox())!;
  const centres = await page.locator('dice-poker').evaluate((node) => {
    const el = node as HTMLElementTagNameMap['dice-poker'];
    return [0, 1, 2, 3, 4].map((i) => el.dieAt(i)!);
  });
  const png = await canvas.screenshot({ scale: 'css' });
  return page.evaluate(
    async ({ base64, box, centres, directions }) => {
      // Decoded from base64 here, not fetched as a data: URL: the page's CSP (connect-src) forbids that.
      const bytes = Uint8Array.from(atob(base64), (ch) => ch.charCodeAt(0));
      const bitmap = await createImageBitmap(new Blob([bytes], { type: 'image/png' }));
      const c = new OffscreenCanvas(bitmap.width, bitmap.height);
      const g = c.getContext('2d')!;
      g.drawImage(bitmap, 0, 0);
      const { data, width, height } = g.getImageData(0, 0, bitmap.width, bitmap.height);
      const felt = (x: number, y: number): boolean => {
        const px = Math.round(x - box.x);
        const py = Math.round(y - box.y);
        if (px < 0 || py < 0 || px >= width || py >= height) return false;
        const i = 4 * (py * width + px);
        const [r, gr, b] = [data[i]!, data[i + 1]!, data[i + 2]!];
        // Green cloth, lit or in shadow: green well above red and blue. Dice are ivory, wood is red-brown.
        return gr > r * 1.25 && gr > b * 1.15 && gr > 25;
      };
      const edges = centres.map((centre) => {
        const out = {} as Record<keyof typeof directions, number>;
        for (const [name, d] of Object.entries(directions) as [keyof typeof directions, Point][]) {
          let step = 1;
          // Three felt pixels in a row: past the die (a single dark pip or edge pixel does not count).
          while (
            step < 200 &&
            !(
              felt(centre.x + d.x * step, centre.y + d.y * step) &&
              felt(centre.x + d.x * (step + 1), centre.y + d.y * (step + 1)) &&
              felt(centre.x + d.x * (step + 2), centre.y + d.y * (step + 2))
            )
          )
            step++;
          out[name] = step;
        }
        return out;
      });
      let openFelt = { x: box.x + box.width / 2, y: box.y + box.height / 2 };
      let farthest = -1;
      for (let y = box.y + 8; y < box.y + box.height - 8; y += 6) {
        for (let x = box.x + 8; x < box.x + box.width - 8; x += 6) {
          if (!felt(x, y)) continue;
          const near = Math.min(...centres.map((p) => Math.hypot(p.x - x, p.y - y)));
          if (near > farthest) {
            farthest = near;
            openFelt = { x, y };
          }
        }
      }
      return { centres, edges, openFelt };
    },
    { base64: png.toString('base64'), box, centres, directions: DIRECTIONS },
  );
}

/**
 * A point just outside die `index`'s drawn edge, `gap` CSS px beyond it, in the direction whose
 * point is farthest from every other die (so that it can only mean this die, or none).
 */
export function besideDie(
  table: DrawnTable,
  gap: number,
): { index: number; point: Point; clearance: number } {
  let best: { index: number; point: Point; clearance: number } | null = null;
  table.centres.forEach((centre, index) => {
    for (const [name, d] of Object.entries(DIRECTIONS) as [keyof typeof DIRECTIONS, Point][]) {
      const edge = table.edges[index]![name];
      if (edge >= 150) continue; // no felt that way (a wall, or a die beside it)
      const reach = edge + gap;
      const point = { x: centre.x + d.x * reach, y: centre.y + d.y * reach };
      const clearance = Math.min(
        ...table.centres.filter((_, j) => j !== index).map((p) => Math.hypot(p.x - point.x, p.y - point.y)),
      );
      if (!best || clearance > best.clearance) best = { index, point, clearance };
    }
  });
  return best!;
}

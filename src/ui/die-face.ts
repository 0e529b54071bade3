import { svg, type SVGTemplateResult } from 'lit';

/** Pip centres of each face on a 3x3 grid (0..2 across and down), the standard layouts. */
export const PIPS: Record<number, [number, number][]> = {
  1: [[1, 1]],
  2: [
    [0, 0],
    [2, 2],
  ],
  3: [
    [0, 0],
    [1, 1],
    [2, 2],
  ],
  4: [
    [0, 0],
    [2, 0],
    [0, 2],
    [2, 2],
  ],
  5: [
    [0, 0],
    [2, 0],
    [1, 1],
    [0, 2],
    [2, 2],
  ],
  6: [
    [0, 0],
    [2, 0],
    [0, 1],
    [2, 1],
    [0, 2],
    [2, 2],
  ],
};

/** A die face as SVG (viewBox 0 0 30 30), for the tray and the flat fallback; 0 draws a blank die. */
export function dieFaceSvg(face: number): SVGTemplateResult {
  const pips = PIPS[face] ?? [];
  return svg`<svg viewBox="0 0 30 30" aria-hidden="true" focusable="false">
    <rect x="1" y="1" width="28" height="28" rx="6" class="body"></rect>
    ${pips.map(([c, r]) => svg`<circle cx=${7.5 + c * 7.5} cy=${7.5 + r * 7.5} r="2.7" class="pip"></circle>`)}
  </svg>`;
}

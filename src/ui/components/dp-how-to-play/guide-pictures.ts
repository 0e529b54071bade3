import { svg, type SVGTemplateResult } from 'lit';
import { PIPS } from '../../die-face.js';

/*
 * The guide's three small pictures, drawn inline (no image to fetch): the flick, the hold and the
 * sheet. Each is 120 x 80 units; the finger that flicks is classed for the styles, which move it
 * (and keep it still under reduced motion).
 */

/** A die seen from above: a rounded square of `size` at (x, y), showing `face`. */
function die(x: number, y: number, size: number, face: number, extra = ''): SVGTemplateResult {
  const step = size / 4;
  return svg`<g class="die ${extra}">
    <rect x=${x} y=${y} width=${size} height=${size} rx=${size / 5} fill="#f7f1e3" stroke="#3a2a1a" stroke-width="0.8" />
    ${PIPS[face]!.map(
      ([i, j]) =>
        svg`<circle cx=${x + step * (i + 1)} cy=${y + step * (j + 1)} r=${size / 11} fill="#1d1406" />`,
    )}
  </g>`;
}

/** The felt the dice lie on. */
const felt = svg`<rect x="2" y="2" width="116" height="76" rx="10" fill="#1f6b45" stroke="#5a3d22" stroke-width="3" />`;

/** The flick: a finger drags a die up across the felt, and the dice fly. */
export const flickPicture = svg`<svg viewBox="0 0 120 80" aria-hidden="true" focusable="false">
  ${felt}
  <path d="M60 66 C 58 46, 66 30, 62 12" fill="none" stroke="#ffd166" stroke-width="2.5" stroke-dasharray="5 4" stroke-linecap="round" />
  <path d="M55 18 L62 8 L69 18" fill="none" stroke="#ffd166" stroke-width="2.5" stroke-linecap="round" stroke-linejoin="round" />
  ${die(22, 20, 16, 5)} ${die(84, 28, 16, 3)}
  <g class="finger">
    <circle cx="60" cy="64" r="8" fill="rgba(255, 255, 255, 0.35)" stroke="#fff" stroke-width="1.5" />
  </g>
</svg>`;

/** The hold: five dice, two of them held (ringed in gold), with the keys that hold them. */
export const holdPicture = svg`<svg viewBox="0 0 120 80" aria-hidden="true" focusable="false">
  ${felt}
  ${[4, 4, 2, 6, 1].map((face, i) => {
    const held = i < 2;
    const x = 8 + i * 22;
    return svg`${held ? svg`<rect x=${x - 3} y="19" width="22" height="22" rx="6" fill="none" stroke="#ffd166" stroke-width="2.5" />` : ''}
      ${die(x, 22, 16, face)}
      <rect x=${x + 2} y="50" width="12" height="13" rx="3" fill=${held ? '#ffd166' : 'rgba(255, 255, 255, 0.2)'} />
      <text x=${x + 8} y="60" text-anchor="middle" font-size="9" font-weight="700" fill="#1d1406">${i + 1}</text>`;
  })}
</svg>`;

/** The sheet: rows, one picked for the dice thrown (a full house), the pointer on it. */
export const scorePicture = svg`<svg viewBox="0 0 120 80" aria-hidden="true" focusable="false">
  <rect x="14" y="4" width="70" height="72" rx="6" fill="#f7f1e3" stroke="#3a2a1a" stroke-width="1" />
  ${[0, 1, 2, 3, 4].map(
    (row) =>
      svg`<rect x="20" y=${11 + row * 13} width="36" height="5" rx="2" fill=${row === 2 ? '#1d1406' : '#b9ab93'} />
        <rect x="62" y=${10 + row * 13} width="16" height="8" rx="2" fill=${row === 2 ? '#e0a526' : row < 2 ? '#8a7a60' : '#e4dac6'} />`,
  )}
  <rect x="17" y="34" width="64" height="12" rx="3" fill="none" stroke="#e0a526" stroke-width="2" />
  <path d="M96 52 L86 42 L88 56 L91 52 L95 59 L98 57.5 L94.5 50.5 Z" fill="#fff" stroke="#1d1406" stroke-width="1" />
  ${die(94, 8, 12, 3)} ${die(94, 24, 12, 3)} ${die(106, 16, 12, 5)}
</svg>`;

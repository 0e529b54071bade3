import { css, html, type TemplateResult } from 'lit';
import { dieFaceSvg } from '../die-face.js';

/**
 * Five small dice in a row, the kept ones bright and the others faded: "keep these". With `held`
 * omitted every die is shown bright. The caller labels the group for screen readers.
 */
export function miniDice(dice: readonly number[], held?: readonly boolean[]): TemplateResult {
  return html`<span class="mini-dice">
    ${dice.map((face, i) => html`<span class="mini-die ${!held || held[i] ? 'kept' : 'rethrown'}">${dieFaceSvg(face)}</span>`)}
  </span>`;
}

/** Styles of `miniDice`. */
export const miniDiceStyles = css`
  .mini-dice {
    display: inline-flex;
    gap: 2px;
    vertical-align: middle;
  }
  .mini-die {
    width: var(--dp-mini-die, 1.15rem);
    height: var(--dp-mini-die, 1.15rem);
  }
  .mini-die svg {
    display: block;
    width: 100%;
    height: 100%;
  }
  .mini-die .body {
    fill: #fbf6ea;
    stroke: #9c8f77;
  }
  .mini-die .pip {
    fill: #2a2118;
  }
  .mini-die.rethrown {
    opacity: 0.28;
  }
`;

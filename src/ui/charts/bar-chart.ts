import { css, html, nothing, svg, type TemplateResult } from 'lit';

/** A bar chart: one bar per item, a labelled y axis with round ticks, a labelled x axis. */
export interface BarChartSpec {
  /** Heading of the chart for screen readers (the table beside it has the numbers). */
  title: string;
  /** One value per bar (null: no bar, e.g. a game without a review). */
  values: readonly (number | null)[];
  /** The x axis's tick label of each bar (shown for a few, evenly spaced). */
  labels: readonly string[];
  xLabel: string;
  yLabel: string;
  /** A value as a bar's tooltip shows it. */
  format: (value: number) => string;
  /** A tick of the y axis (round numbers: whole by default). */
  tickFormat?: (value: number) => string;
  /** Horizontal lines across the chart, e.g. averages. */
  lines?: readonly { value: number; label: string }[];
  /**
   * Room for at least this many bars (10 by default): a first game or two are bars of their usual
   * width from the left, not one bar filling the chart.
   */
  minSlots?: number;
}

const W = 320;
const H = 150;
const LEFT = 38;
const RIGHT = 6;
const TOP = 8;
const BOTTOM = 30;

/** Round tick values covering [lo, hi]: 1, 2 or 5 times a power of ten apart, about 4 of them. */
export function ticksOf(lo: number, hi: number): number[] {
  if (hi <= lo) hi = lo + 1; // all zeros (a perfect game's losses): still an axis to read
  const span = hi - lo;
  const raw = span / 4;
  const power = 10 ** Math.floor(Math.log10(raw));
  const step = [1, 2, 5, 10].map((m) => m * power).find((s) => s >= raw)!;
  const ticks: number[] = [];
  for (let t = Math.floor(lo / step) * step; t <= hi + step * 1e-9; t += step)
    ticks.push(Math.round(t / step) * step);
  if (ticks[ticks.length - 1]! < hi) ticks.push(ticks[ticks.length - 1]! + step);
  return ticks;
}

/**
 * An SVG bar chart as a Lit template, axes labelled, bars below zero drawn down (luck). Shared by the
 * review (points lost by round) and the history (score, points lost, luck per game). Style it with
 * `chartStyles`; it is an image to assistive technology, so give the numbers as a table too.
 */
export function barChart(spec: BarChartSpec): TemplateResult {
  const known = spec.values.filter((v): v is number => v !== null);
  const lineValues = (spec.lines ?? []).map((l) => l.value);
  const ticks = ticksOf(Math.min(0, ...known, ...lineValues), Math.max(0, ...known, ...lineValues));
  const lo = ticks[0]!;
  const hi = ticks[ticks.length - 1]!;
  const y = (v: number) => TOP + ((hi - v) / (hi - lo || 1)) * (H - TOP - BOTTOM);
  const n = Math.max(1, spec.minSlots ?? 10, spec.values.length);
  const slot = (W - LEFT - RIGHT) / n;
  const every = Math.max(1, Math.ceil(n / 13)); // at most 13 labels: every round of a review
  const zero = y(0);
  const tick = spec.tickFormat ?? ((t: number) => String(Math.round(t * 100) / 100));
  return html`<svg class="dp-chart" viewBox="0 0 ${W} ${H}" role="img" aria-label=${spec.title}>
    ${ticks.map(
      (t) => svg`<line class="grid" x1=${LEFT} x2=${W - RIGHT} y1=${y(t)} y2=${y(t)}></line>
        <text class="tick" x=${LEFT - 4} y=${y(t) + 3} text-anchor="end">${tick(t)}</text>`,
    )}
    ${spec.values.map((v, i) => {
      if (v === null) return nothing;
      const top = Math.min(y(v), zero);
      const h = Math.max(0.8, Math.abs(y(v) - zero));
      const cls = v < 0 ? 'bar below' : 'bar';
      return svg`<rect class=${cls} x=${LEFT + i * slot + slot * 0.15} y=${top} width=${slot * 0.7} height=${h}
        rx="1"><title>${spec.labels[i]}: ${spec.format(v)}</title></rect>`;
    })}
    ${(spec.lines ?? []).map(
      (l) => svg`<line class="mark" x1=${LEFT} x2=${W - RIGHT} y1=${y(l.value)} y2=${y(l.value)}><title
        >${l.label}</title></line>`,
    )}
    <line class="axis" x1=${LEFT} x2=${W - RIGHT} y1=${zero} y2=${zero}></line>
    <line class="axis" x1=${LEFT} x2=${LEFT} y1=${TOP} y2=${H - BOTTOM}></line>
    ${spec.labels.map((label, i) =>
      i % every === 0 || i === spec.labels.length - 1
        ? svg`<text class="tick" x=${LEFT + (i + 0.5) * slot} y=${H - BOTTOM + 10} text-anchor="middle"
            >${label}</text>`
        : nothing,
    )}
    <text class="label" x=${LEFT + (W - LEFT - RIGHT) / 2} y=${H - 4} text-anchor="middle">
      ${spec.xLabel}
    </text>
    <text
      class="label"
      transform="rotate(-90)"
      x=${-(TOP + (H - TOP - BOTTOM) / 2)}
      y="9"
      text-anchor="middle"
    >
      ${spec.yLabel}
    </text>
  </svg>`;
}

/** A chart's numbers as a table, for the keyboard and screen readers. */
export function dataTable(caption: string, head: readonly string[], rows: readonly (readonly string[])[]) {
  // Its own sideways scroll on a narrow screen, so the page never scrolls sideways.
  return html`<div class="dp-table-wrap">
    <table class="dp-table">
      <caption>
        ${caption}
      </caption>
      <thead>
        <tr>
          ${head.map((h) => html`<th scope="col">${h}</th>`)}
        </tr>
      </thead>
      <tbody>
        ${rows.map(
          (row) =>
            html`<tr>
              ${row.map((cell, i) => (i === 0 ? html`<th scope="row">${cell}</th>` : html`<td>${cell}</td>`))}
            </tr>`,
        )}
      </tbody>
    </table>
  </div>`;
}

/** Styles of `barChart` and `dataTable`, for the components that show them. */
export const chartStyles = css`
  .dp-chart {
    display: block;
    width: 100%;
    max-width: 28rem;
    height: auto;
    overflow: visible;
  }
  .dp-chart .bar {
    fill: var(--dp-accent, #e0a526);
  }
  .dp-chart .bar.below {
    fill: #8fb6ff;
  }
  .dp-chart .grid {
    stroke: rgba(255, 236, 200, 0.12);
    stroke-width: 0.6;
  }
  .dp-chart .axis {
    stroke: rgba(255, 236, 200, 0.6);
    stroke-width: 0.8;
  }
  .dp-chart .mark {
    stroke: #f3efe6;
    stroke-width: 1;
    stroke-dasharray: 4 3;
  }
  .dp-chart text {
    fill: currentColor;
    font-size: 9.5px;
  }
  .dp-chart .tick {
    opacity: 0.75;
  }
  .dp-chart .label {
    font-size: 10px;
    font-weight: 600;
  }
  .dp-table-wrap {
    overflow-x: auto;
    max-width: 100%;
  }
  .dp-table {
    border-collapse: collapse;
    font-variant-numeric: tabular-nums;
    font-size: 0.78rem;
    margin: 0.3rem 0;
  }
  .dp-table caption {
    text-align: start;
    opacity: 0.8;
    padding-bottom: 0.2rem;
  }
  .dp-table th,
  .dp-table td {
    padding: 0.1rem 0.5rem;
    text-align: end;
    white-space: nowrap;
    border-bottom: 1px solid rgba(255, 236, 200, 0.1);
  }
  .dp-table th[scope='col'],
  .dp-table th[scope='row'] {
    text-align: start;
    font-weight: 600;
  }
`;

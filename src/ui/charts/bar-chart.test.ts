// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import { render } from 'lit';
import { barChart, dataTable, ticksOf } from './bar-chart.js';

describe('ticksOf', () => {
  it.each([
    [0, 7, [0, 2, 4, 6, 8]],
    [0, 193.6, [0, 50, 100, 150, 200]],
    [-4.2, 7.1, [-5, 0, 5, 10]],
    [0, 0, [0, 0.5, 1]],
  ])('covers %d to %d with round ticks', (lo, hi, ticks) => {
    expect(ticksOf(lo, hi)).toEqual(ticks);
  });
});

describe('barChart', () => {
  it('draws a bar per value (up, or down below zero), labelled axes and a line per mark', () => {
    const host = document.createElement('div');
    render(
      barChart({
        title: 'Luck',
        values: [3, -2, null, 5],
        labels: ['1', '2', '3', '4'],
        xLabel: 'Games',
        yLabel: 'Points',
        format: (v) => v.toFixed(1),
        lines: [{ value: 2, label: 'average' }],
      }),
      host,
    );
    const svg = host.querySelector('svg')!;
    expect(svg.getAttribute('role')).toBe('img');
    expect(svg.getAttribute('aria-label')).toBe('Luck');
    expect(svg.querySelectorAll('rect.bar')).toHaveLength(3);
    expect(svg.querySelectorAll('rect.bar.below')).toHaveLength(1);
    expect([...svg.querySelectorAll('text.label')].map((t) => t.textContent!.trim())).toEqual([
      'Games',
      'Points',
    ]);
    expect(svg.querySelectorAll('line.mark')).toHaveLength(1);
    // The bar below zero starts at the zero line and goes down.
    const [up, down] = [...svg.querySelectorAll('rect.bar')];
    const zero = Number(down!.getAttribute('y'));
    expect(Number(up!.getAttribute('y')) + Number(up!.getAttribute('height'))).toBeCloseTo(zero, 6);
  });

  it('draws one game as one bar of a tenth of the chart, not the whole of it', () => {
    const host = document.createElement('div');
    const spec = { title: 'Score', labels: ['1'], xLabel: 'Games', yLabel: 'Points', format: String };
    render(barChart({ ...spec, values: [212] }), host);
    const width = (rect: Element) => Number(rect.getAttribute('width'));
    const one = width(host.querySelector('rect.bar')!);
    render(barChart({ ...spec, values: Array(10).fill(212), labels: [...'0123456789'] }), host);
    expect(one).toBeCloseTo(width(host.querySelector('rect.bar')!), 6);
    // The game's label under its bar.
    expect([...host.querySelectorAll('text.tick')].some((t) => t.textContent!.trim() === '1')).toBe(true);
  });

  it('has a table of the same numbers', () => {
    const host = document.createElement('div');
    render(dataTable('Luck', ['Game', 'Points'], [['1', '+3.0']]), host);
    expect(host.querySelector('caption')!.textContent!.trim()).toBe('Luck');
    expect(host.querySelector('tbody th[scope="row"]')!.textContent).toBe('1');
    expect(host.querySelector('tbody td')!.textContent).toBe('+3.0');
  });
});

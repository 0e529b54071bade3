import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import type { RuleSetId } from '../../src/engine/index.js';
import { expectedScoreFromStart, myopicTable, type StateValues } from '../../src/engine/solver/index.js';
import { loadOrSolveTable, tableAssetPath } from './solver-asset.js';
import { solvedTable, tableSource, whereSolved } from './solver-tables.js';

describe('the server’s optimal-play tables', () => {
  it('read yahtzee from its shipped, checksummed asset', () => {
    const solve = vi.fn<(rules: RuleSetId) => StateValues>();
    const { table, source } = loadOrSolveTable('yahtzee', tableAssetPath('yahtzee'), solve);
    expect(source).toBe('asset');
    expect(solve).not.toHaveBeenCalled();
    // The optimum RULES.md states for the forced joker, to the float32 the asset stores.
    expect(expectedScoreFromStart(table)).toBeCloseTo(254.5877, 3);
  });

  it('never play from a damaged asset: they solve the table instead, with a warning', () => {
    const dir = mkdtempSync(join(tmpdir(), 'dp-asset-'));
    const bytes = new Uint8Array(readFileSync(tableAssetPath('yahtzee')));
    bytes[bytes.length - 1]! ^= 0xff;
    const damaged = join(dir, 'solver-yahtzee.bin');
    writeFileSync(damaged, bytes);
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const stand = myopicTable('yahtzee');
    const { table, source } = loadOrSolveTable('yahtzee', damaged, () => stand);
    expect(source).toBe('solved');
    expect(table).toBe(stand);
    expect(String(warn.mock.calls[0]?.[0])).toMatch(/checksum/);
    warn.mockRestore();
  });

  it('solve the rule sets that ship no table', () => {
    const stand = myopicTable('seed');
    expect(loadOrSolveTable('seed', tableAssetPath('seed'), () => stand)).toEqual({
      table: stand,
      source: 'solved',
    });
  });

  it('are made in a worker thread, yatzy from its asset', async () => {
    const table = await solvedTable('yatzy');
    expect(whereSolved('yatzy')).toBe('worker');
    expect(tableSource('yatzy')).toBe('asset');
    expect(expectedScoreFromStart(table)).toBeCloseTo(248.44, 3);
  }, 30_000);
});

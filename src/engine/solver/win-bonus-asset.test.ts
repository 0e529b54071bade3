import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { decodeStateValues } from './table-asset.js';
import { stateValue } from './table.js';
import { fnv1a } from './win-asset.js';
import { solveBonusChances } from './win-bonus.js';
import { BONUS_ASSET_CHECKSUMS, decodeBonusChances } from './win-bonus-asset.js';
import { rowsTableOf } from './win-tables.js';

const read = (name: string): Uint8Array =>
  new Uint8Array(readFileSync(fileURLToPath(new URL(`./${name}`, import.meta.url))));

describe('the shipped bonus chances of yahtzee and yatzy (win-bonus-*.bin)', { timeout: 120_000 }, () => {
  for (const rules of ['yahtzee', 'yatzy'] as const) {
    it(`${rules}: pinned, refused damaged or for another rule set, and what the play followed gives`, () => {
      const bytes = read(`win-bonus-${rules}.bin`);
      expect(fnv1a(bytes, 16)).toBe(BONUS_ASSET_CHECKSUMS[rules]);
      const table = decodeStateValues(rules, read(`solver-${rules}.bin`));
      const rows = rowsTableOf(rules);
      const damaged = Uint8Array.from(bytes);
      damaged[40_000]! ^= 2;
      expect(() => decodeBonusChances(table, rows, damaged)).toThrow(/checksum/);
      expect(() => decodeBonusChances(table, rows, bytes.subarray(0, bytes.length - 2))).toThrow(/cut short/);
      const other = decodeStateValues(
        rules === 'yatzy' ? 'yahtzee' : 'yatzy',
        read(`solver-${rules === 'yatzy' ? 'yahtzee' : 'yatzy'}.bin`),
      );
      expect(() => decodeBonusChances(other, rows, bytes)).toThrow(/Not the/);

      const shipped = decodeBonusChances(table, rows, bytes);
      // Solved afresh for the late sheets (four rows free, among them an upper row so that the bonus
      // is open at many totals; under `yahtzee` the Yahtzee row filled, so both flags occur).
      const { sheet, model } = table;
      const free = [
        sheet.rows.indexOf('fours'),
        sheet.rows.indexOf('sixes'),
        sheet.rows.indexOf('chance'),
        sheet.rows.indexOf('fullHouse'),
      ];
      let from = sheet.allFilled;
      for (const row of free) from &= ~(1 << row);
      const solved = solveBonusChances(table, rows, from);
      let compared = 0;
      let open = 0;
      let worstChance = 0;
      let worstShift = 0;
      let worstSum = 0;
      for (let i = 0; i < solved.chance.length; i++) {
        if (Number.isNaN(solved.chance[i]!)) continue;
        compared++;
        if (solved.chance[i]! > 0 && solved.chance[i]! < 1) open++;
        worstChance = Math.max(worstChance, Math.abs(shipped.chance[i]! - solved.chance[i]!));
        if (sheet.flagStates > 1) {
          worstChance = Math.max(worstChance, Math.abs(shipped.yahtzee1[i]! - solved.yahtzee1[i]!));
          worstChance = Math.max(worstChance, Math.abs(shipped.yahtzee2[i]! - solved.yahtzee2[i]!));
        }
        worstShift = Math.max(worstShift, Math.abs(shipped.shift[i]! - solved.shift[i]!));
        // The parts add up to the table's value, state by state.
        const mask = Math.floor((i % ((sheet.allFilled + 1) * model.upperStates)) / model.upperStates);
        const y = sheet.flagStates > 1 ? shipped.yahtzee1[i]! + 2 * shipped.yahtzee2[i]! : 0;
        const sum =
          stateValue(rows, mask) +
          shipped.shift[i]! +
          model.points * shipped.chance[i]! +
          sheet.yahtzeeBonus * y;
        worstSum = Math.max(worstSum, Math.abs(sum - table.values[i]!));
      }
      expect(compared).toBeGreaterThan(500);
      expect(open).toBeGreaterThan(100);
      expect(worstChance).toBeLessThan(1e-5);
      expect(worstShift).toBeLessThan(5e-3);
      expect(worstSum).toBeLessThan(1e-9);
    });
  }
});

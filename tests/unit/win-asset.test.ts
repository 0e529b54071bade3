import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { createBot, playGame } from '../../src/engine/bots/index.js';
import { totals } from '../../src/engine/game.js';
import { ROWS } from '../../src/engine/rows.js';
import {
  decodeTargetTables,
  fnv1a,
  maxRemaining,
  reachChance,
  solveTargetTables,
  WIN_TARGETS_CHECKSUM,
} from '../../src/engine/solver/index.js';
import { loadWinTargets, WIN_TARGETS_FILE } from '../../scripts/win-asset-node.js';

const ALL = (1 << ROWS.length) - 1;

describe('the shipped target tables (src/engine/solver/win-targets.bin)', () => {
  it('carry the pinned checksum, and a damaged copy is refused', () => {
    const bytes = readFileSync(WIN_TARGETS_FILE);
    expect(new DataView(bytes.buffer, bytes.byteOffset).getUint32(12, true)).toBe(WIN_TARGETS_CHECKSUM);
    expect(fnv1a(bytes, 16)).toBe(WIN_TARGETS_CHECKSUM);
    const damaged = Uint8Array.from(bytes);
    damaged[40_000]! ^= 4;
    expect(() => decodeTargetTables(damaged)).toThrow(/checksum/);
  });

  it('agree with the tables solved again, on a sample of late sheets, to within 1/131,070', () => {
    const shipped = loadWinTargets();
    // Sheets with 4 to 6 free rows, and every sheet above each (the whole recursion under it).
    const samples = [
      ALL & ~0b1000000000111,
      ALL & ~0b0110100010001,
      ALL & ~0b1111000000000,
      ALL & ~0b0000011101100,
      ALL & ~0b1010101010100,
    ];
    let worst = 0;
    let compared = 0;
    for (const from of samples) {
      const solved = solveTargetTables({ from });
      for (let mask = from; mask <= ALL; mask++) {
        if ((mask & from) !== from) continue;
        for (let t = -1; t <= maxRemaining(mask) + 1; t++) {
          worst = Math.max(worst, Math.abs(reachChance(shipped, mask, t) - reachChance(solved, mask, t)));
          compared++;
        }
      }
    }
    expect(compared).toBeGreaterThan(5000);
    expect(worst).toBeLessThanOrEqual(0.5 / 65535 + 1e-12);
  });

  it('let winner play legal games against optimal from the first turn', () => {
    const targets = loadWinTargets();
    for (let seed = 1; seed <= 6; seed++) {
      const game = playGame({ players: ['w', 'o'], seed }, [
        createBot('winner', { winTargets: targets }),
        createBot('optimal'),
      ]);
      expect(game.over).toBe(true);
      expect(totals(game).every((total) => total > 0)).toBe(true);
    }
  });
});

import { describe, expect, it } from 'vitest';
import type { TableRecord } from '../../src/table/index.js';
import { keepSeconds, STORE_TTL_SECONDS } from './game-store.js';

const NOW = Date.UTC(2026, 11, 2, 12, 0, 0);
const DAY = 24 * 3600;

function table(pace: 'live' | 'own-pace', endsAt?: number): TableRecord {
  return { pace, ...(endsAt !== undefined ? { clock: { endsAt } } : {}) } as unknown as TableRecord;
}

describe('how long Redis keeps a game (Redis alone)', () => {
  it('keeps a live game a day after its last change', () => {
    expect(keepSeconds(table('live', NOW + 3 * DAY * 1000), STORE_TTL_SECONDS, NOW)).toBe(DAY);
    expect(keepSeconds(table('live'), STORE_TTL_SECONDS, NOW)).toBe(DAY);
  });

  it('keeps a game at one’s own pace a day past its turn’s deadline, however far off that is', () => {
    expect(keepSeconds(table('own-pace', NOW + 3 * DAY * 1000), STORE_TTL_SECONDS, NOW)).toBe(4 * DAY);
    expect(keepSeconds(table('own-pace', NOW + 1500), STORE_TTL_SECONDS, NOW)).toBe(DAY + 2);
    // A deadline passed (a stand-in is to play), or none (the lobby): a day.
    expect(keepSeconds(table('own-pace', NOW - 1000), STORE_TTL_SECONDS, NOW)).toBe(DAY);
    expect(keepSeconds(table('own-pace'), STORE_TTL_SECONDS, NOW)).toBe(DAY);
  });
});

import type { OnlineGameRecord } from '../../online/game-record.js';
import type { VerifyResult } from '../../online/verify.js';
import type { Lang } from '../i18n/index.js';
import { verifyStringsFor } from '../i18n/verify-strings.js';
import type { GameProofView } from './dice-poker.view.js';

/**
 * "Verify this game" in the page: runs the check (src/online/verify.ts, a chunk of its own: cannon-es is
 * in the page already, the check's own code is not needed before an online game ends) and keeps its
 * result to show, in the language shown.
 */
export class GameProofCheck {
  private result: VerifyResult | null = null;
  private busy = false;
  /** The commitment of the game the result is of: another game shows no old result. */
  private checked = '';

  constructor(private readonly changed: () => void) {}

  /** Checks `record`; the result is kept (and shown) once known. */
  async verify(record: OnlineGameRecord): Promise<VerifyResult> {
    this.busy = true;
    this.changed();
    try {
      const { verifyGame } = await import('../../online/verify.js');
      this.result = await verifyGame(record);
      this.checked = record.commitment;
      return this.result;
    } finally {
      this.busy = false;
      this.changed();
    }
  }

  /** What <dp-game-proof> shows now, for the game of `record`. */
  view(lang: Lang, record: OnlineGameRecord): GameProofView {
    const words = verifyStringsFor(lang);
    const result = record.commitment === this.checked ? this.result : null;
    return {
      words,
      result: result ? words.result(result) : '',
      busy: this.busy,
      failed: !!result && result.verdict !== 'verified',
    };
  }
}

/** Offers the record as a file to save (`taringupokker-ROOM.json`). */
export function saveRecordFile(record: OnlineGameRecord): void {
  const blob = new Blob([JSON.stringify(record, null, 1)], { type: 'application/json' });
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = `taringupokker-${record.roomId}.json`;
  link.click();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

import { observedBy, type OnlineGameRecord } from '../../online/game-record.js';
import {
  fingerprintText,
  keysUrl,
  MAX_KEYS_CHARS,
  parseKeySet,
  type RecordKey,
} from '../../online/record-signature.js';
import type { VerifyResult } from '../../online/verify.js';
import type { Lang } from '../i18n/index.js';
import { verifyStringsFor } from '../i18n/verify-strings.js';
import type { GameProofView } from './dice-poker.view-model.js';

/** Longest wait for the server's keys, ms. */
const KEYS_WAIT_MS = 10_000;

/**
 * "Verify this game" in the page: fetches the game server's public keys (KEYS_PATH), runs the check
 * (src/online/verify.ts, a chunk of its own: cannon-es is in the page already, the check's own code is
 * not needed before an online game ends) with what this page saw of the game (its commitment at the
 * start, its launches), and keeps its result to show, in the language shown, with the fingerprint of
 * the server's key.
 */
export class GameProofCheck {
  private result: VerifyResult | null = null;
  private busy = false;
  /** The room's game the result is shown with (its commitment): another game shows no old result. */
  private shownWith = '';
  /** The server's keys, once fetched (again after a failure). */
  private keys: Promise<RecordKey[]> | null = null;
  /** The fingerprint of the key the server signs with now, once its keys are fetched. */
  private currentKey = '';
  /** Saved records are checked from the start panel (`openChecks`): and the one opened last, if any. */
  private checksOpen = false;
  private opened: OnlineGameRecord | null = null;

  constructor(
    private readonly changed: () => void,
    /** The game server's address (the element's `server`, else the page's origin). */
    private readonly serverUrl: () => string = () => location.origin,
  ) {}

  /**
   * The server's keys, fetched once (a failure is fetched again next time; `fresh`, past any cache:
   * the server may have a new key since).
   */
  private serverKeys(fresh = false): Promise<RecordKey[]> {
    if (fresh) this.keys = null;
    this.keys ??= (async () => {
      const response = await fetch(keysUrl(this.serverUrl()), {
        signal: AbortSignal.timeout(KEYS_WAIT_MS),
        ...(fresh ? { cache: 'reload' as const } : {}),
      });
      if (!response.ok) throw new Error(`The server's keys: ${response.status}`);
      const text = await response.text();
      if (text.length > MAX_KEYS_CHARS) throw new Error('The server’s keys are too large');
      const keys = await parseKeySet(text);
      this.currentKey = keys.find((k) => k.current)?.id ?? '';
      this.changed();
      return keys;
    })().catch((error: unknown) => {
      this.keys = null;
      throw error;
    });
    return this.keys;
  }

  /**
   * Checks `record` (this room's, or one read from a file: `roomRecord` is this room's, whose game the
   * result is then shown with); the result is kept (and shown) once known.
   */
  async verify(
    record: OnlineGameRecord,
    roomRecord: OnlineGameRecord | null = record,
  ): Promise<VerifyResult> {
    this.busy = true;
    if (roomRecord === null) this.opened = record;
    this.changed();
    try {
      const { verifyGame } = await import('../../online/verify.js');
      const observed = observedBy(record);
      try {
        this.result = await verifyGame(record, { keys: await this.serverKeys(), observed });
        // Keys fetched before the server's key was rotated: asked again once, past any cache.
        if (this.result.verdict === 'unknown-key')
          this.result = await verifyGame(record, { keys: await this.serverKeys(true), observed });
      } catch {
        this.result = keysMissing(record);
      }
      return this.result;
    } finally {
      this.shownWith = roomRecord?.commitment ?? record.commitment;
      this.busy = false;
      this.changed();
    }
  }

  /** Saved records (a friend's) are opened and checked from the start panel from now on. */
  openChecks(): void {
    this.checksOpen = true;
    this.changed();
  }

  /** What <dp-game-proof> shows under the start panel (see `openChecks`), or null when it is not shown. */
  openedView(lang: Lang): GameProofView | null {
    return this.checksOpen ? this.view(lang, this.opened, false) : null;
  }

  /**
   * What <dp-game-proof> shows now, for the game of `record` (this room's, or the record opened: null
   * before one is), after this room's game (`roomGame`) or for a saved record opened.
   */
  view(lang: Lang, record: OnlineGameRecord | null, roomGame = true): GameProofView {
    const words = verifyStringsFor(lang);
    // The key is named as soon as the panel shows: its fingerprint is what a person compares.
    if (!this.keys) void this.serverKeys().catch(() => {});
    const result = record && record.commitment === this.shownWith ? this.result : null;
    return {
      words: { ...words, keyLine: this.currentKey ? words.signedBy(fingerprintText(this.currentKey)) : '' },
      result: result ? words.result(result) : '',
      busy: this.busy,
      failed: !!result && result.verdict !== 'verified',
      roomGame,
    };
  }
}

/** The verdict when the server's keys could not be had: nothing is said about the record. */
function keysMissing(record: OnlineGameRecord): VerifyResult {
  return {
    verdict: 'unverifiable',
    key: record.signature?.key ?? null,
    signatureEngine: null,
    throwsChecked: 0,
    launchesCompared: 0,
    physicsReproducible: true,
    finding: { step: 'crypto', at: null, detail: 'the server’s keys could not be fetched' },
  };
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

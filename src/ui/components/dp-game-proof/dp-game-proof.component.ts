import { html, LitElement, nothing } from 'lit';
import { property } from 'lit/decorators.js';
import { emit } from '../../events.js';
import { gameProofStyles } from './dp-game-proof.styles.js';

/** The words of the panel (src/ui/i18n/verify-strings.ts). */
export interface GameProofWords {
  title: string;
  verify: string;
  save: string;
  checking: string;
  /** Opens a record from a file. */
  open: string;
  /** Names the key that signs the server's records (its fingerprint); '' while it is not known. */
  keyLine?: string;
  /** Said of a file too large to be a record (game-record.ts `record-too-large`). */
  refused(code: string): string;
}

/**
 * Largest file opened, bytes: game-record.ts MAX_RECORD_BYTES (not imported: the panel loads with online
 * play, the record's code with the check). The size is looked at before the file is read.
 */
export const MAX_OPENED_BYTES = 1_000_000;

/**
 * After an online game: "Verify this game" (the server's signature over the record, the secret against
 * the commitment shown at the start, every throw's launch and rest: src/online/verify.ts) with its result
 * in words and the fingerprint of the key that signs; "Save the game record" (a file `npm run verify --
 * FILE` checks); and "Open a game record…", which verifies a record saved by anyone (a friend's), chosen
 * or dropped on the panel. Loaded with online play.
 *
 * @event {CustomEvent<{ record: string } | void>} dp-request-verify - Verify was pressed (no detail), or a record file was opened (its text).
 * @event {CustomEvent<void>} dp-request-save-record - Save was pressed.
 *
 * @tagname dp-game-proof
 */
export class DpGameProof extends LitElement {
  static override styles = gameProofStyles;

  @property({ attribute: false }) words!: GameProofWords;
  /** The result of the last check, in words ('' before one). */
  @property() result = '';
  /** A check is under way. */
  @property({ type: Boolean }) busy = false;
  /** The last check failed (the result reads as a warning). */
  @property({ type: Boolean }) failed = false;
  /**
   * Shown after this room's game (Verify and Save it); false where only a saved record is opened and
   * checked (from the start panel).
   */
  @property({ type: Boolean, attribute: 'room-game' }) roomGame = true;

  /** Reads a chosen or dropped file (its size first) and asks for it to be verified. */
  private async open(file: File | undefined): Promise<void> {
    if (!file) return;
    if (file.size > MAX_OPENED_BYTES) {
      this.result = this.words.refused('record-too-large');
      this.failed = true;
      return;
    }
    const record = await file.text();
    // The map of events (events.ts) types this request with no detail, as its button sends it.
    this.dispatchEvent(
      new CustomEvent('dp-request-verify', { detail: { record }, bubbles: true, composed: true }),
    );
  }

  private chosen(event: Event): void {
    const input = event.target as HTMLInputElement;
    void this.open(input.files?.[0]);
    input.value = ''; // the same file chosen again is read again
  }

  private dropped(event: DragEvent): void {
    event.preventDefault();
    if (!this.busy) void this.open(event.dataTransfer?.files[0]);
  }

  protected override render() {
    const w = this.words;
    // Not before its words are given (an element made by hand, or by a page that sets them later).
    if (!w) return nothing;
    return html`<section
      class="card"
      aria-label=${w.title}
      @dragover=${(e: DragEvent) => e.preventDefault()}
      @drop=${this.dropped}
    >
      <h3>${w.title}</h3>
      ${w.keyLine ? html`<p class="key" data-key-fingerprint>${w.keyLine}</p>` : nothing}
      <div class="actions">
        ${
          this.roomGame
            ? html`<button
                  class="secondary"
                  data-verify
                  ?disabled=${this.busy}
                  @click=${() => emit(this, 'dp-request-verify')}
                >
                  ${this.busy ? w.checking : w.verify}
                </button>
                <button
                  class="secondary"
                  data-save-record
                  @click=${() => emit(this, 'dp-request-save-record')}
                >
                  ${w.save}
                </button>`
            : nothing
        }
        <label class="open secondary ${this.busy ? 'disabled' : ''}" data-open-record>
          ${w.open}
          <input type="file" accept="application/json,.json" ?disabled=${this.busy} @change=${this.chosen} />
        </label>
      </div>
      ${
        this.result
          ? html`<p class="result ${this.failed ? 'failed' : ''}" role="status" data-verify-result>
              ${this.result}
            </p>`
          : nothing
      }
    </section>`;
  }
}

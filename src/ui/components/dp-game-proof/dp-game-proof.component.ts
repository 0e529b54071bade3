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
}

/**
 * After an online game: "Verify this game" (the secret against the commitment shown at the start,
 * every throw's launch and rest: src/online/verify.ts) with its result in words, and "Save the game
 * record" (a file `npm run verify -- FILE` checks). Loaded with online play.
 *
 * @event {CustomEvent<void>} dp-request-verify - Verify was pressed.
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

  protected override render() {
    const w = this.words;
    // Not before its words are given (an element made by hand, or by a page that sets them later).
    if (!w) return nothing;
    return html`<section class="card" aria-label=${w.title}>
      <h3>${w.title}</h3>
      <div class="actions">
        <button
          class="secondary"
          data-verify
          ?disabled=${this.busy}
          @click=${() => emit(this, 'dp-request-verify')}
        >
          ${this.busy ? w.checking : w.verify}
        </button>
        <button class="secondary" data-save-record @click=${() => emit(this, 'dp-request-save-record')}>
          ${w.save}
        </button>
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

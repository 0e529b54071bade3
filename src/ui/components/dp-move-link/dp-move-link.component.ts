import { html, nothing } from 'lit';
import { property, state } from 'lit/decorators.js';
import { MOVE_LINK_SECONDS } from '../../../online/protocol.js';
import type { Strings } from '../../i18n/index.js';
import { onlineStringsFor } from '../../i18n/online-strings.js';
import { emit } from '../../events.js';
import { OverlayPanel } from '../OverlayPanel.js';
import { moveLinkStyles } from './dp-move-link.styles.js';

/**
 * The link that takes this person's online seat to another device: shown to them alone, with what it
 * does, that it works once, until when, and a way to copy (or share) it.
 *
 * @event {CustomEvent<void>} dp-request-close - "Close" was pressed (or Escape).
 *
 * @tagname dp-move-link
 */
export class DpMoveLink extends OverlayPanel {
  static override styles = moveLinkStyles;

  /** The texts of the current language. */
  @property({ attribute: false }) strings!: Strings;
  /** The link (the page's address with the room and the move key in its fragment). */
  @property() link = '';
  /** Until when it works, ms since 1970. */
  @property({ type: Number }) until = 0;

  @state() private copied = false;

  protected override willUpdate(changed: Map<string, unknown>): void {
    if (changed.has('link')) this.copied = false;
  }

  private async copy(): Promise<void> {
    try {
      await navigator.clipboard.writeText(this.link);
      this.copied = true;
    } catch {
      // No clipboard (an insecure page, a refusal): the link is selected for the player to copy.
      this.renderRoot.querySelector<HTMLInputElement>('[data-move-url]')?.select();
    }
  }

  private async share(): Promise<void> {
    try {
      await navigator.share({ url: this.link });
    } catch {
      // Shared nowhere (dismissed): the link is still here to copy.
    }
  }

  private close(): void {
    emit(this, 'dp-request-close');
  }

  protected override render() {
    const o = onlineStringsFor(this.strings.lang);
    const time = new Date(this.until).toLocaleTimeString(this.strings.lang, {
      hour: '2-digit',
      minute: '2-digit',
    });
    const canShare = typeof navigator !== 'undefined' && typeof navigator.share === 'function';
    return html`<div
      class="card"
      role="dialog"
      aria-labelledby="move-title"
      @keydown=${(e: KeyboardEvent) => e.key === 'Escape' && this.close()}
    >
      <h2 id="move-title">${o.moveTitle}</h2>
      <p>${o.moveHelp(Math.round(MOVE_LINK_SECONDS / 60))}</p>
      <span class="row">
        <input
          data-move-url
          readonly
          aria-label=${o.moveTitle}
          .value=${this.link}
          @focus=${(e: Event) => (e.target as HTMLInputElement).select()}
        />
        <button type="button" class="secondary" data-copy-move @click=${() => void this.copy()}>
          ${this.copied ? o.copied : o.copy}
        </button>
        ${
          canShare
            ? html`<button type="button" class="secondary" data-share-move @click=${() => void this.share()}>
                ${o.share}
              </button>`
            : nothing
        }
      </span>
      <p class="help" data-move-until>${o.moveUntil(time)}</p>
      <div class="buttons">
        <button type="button" class="primary" data-close-move @click=${this.close}>${o.close}</button>
      </div>
    </div>`;
  }
}

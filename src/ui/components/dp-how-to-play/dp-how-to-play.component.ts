import { html } from 'lit';
import { property } from 'lit/decorators.js';
import type { Strings } from '../../i18n/index.js';
import { guideStringsFor } from '../../i18n/guide-strings.js';
import { emit } from '../../events.js';
import { OverlayPanel } from '../OverlayPanel.js';
import { howToPlayStyles } from './dp-how-to-play.styles.js';
import { flickPicture, holdPicture, scorePicture } from './guide-pictures.js';

/**
 * "How to play": the three things a new player needs (the flick, the hold, the sheet), each with a
 * small picture. A dialog: it opens by itself on a first visit and from the "How to play" buttons;
 * its button or Escape closes it (the element gives the keyboard back to where it was).
 *
 * @event {CustomEvent<void>} dp-request-close-guide - The guide's button or Escape was pressed.
 *
 * @tagname dp-how-to-play
 */
export class DpHowToPlay extends OverlayPanel {
  static override styles = howToPlayStyles;

  /** The texts of the current language (the guide's own are read by its language). */
  @property({ attribute: false }) strings!: Strings;

  private close(): void {
    emit(this, 'dp-request-close-guide');
  }

  private readonly onKeyDown = (event: KeyboardEvent): void => {
    // Escape closes the guide, and no panel behind it (the start panel's Escape goes back to a game).
    if (event.key !== 'Escape') return;
    event.preventDefault();
    event.stopPropagation();
    this.close();
  };

  protected override render() {
    const g = guideStringsFor(this.strings.lang);
    const steps = [
      { picture: flickPicture, title: g.flickTitle, text: g.flick, name: 'flick' },
      { picture: holdPicture, title: g.holdTitle, text: g.hold, name: 'hold' },
      { picture: scorePicture, title: g.scoreTitle, text: g.score, name: 'score' },
    ];
    return html`<div
      class="card"
      role="dialog"
      aria-modal="true"
      aria-labelledby="guide-title"
      aria-describedby="guide-intro"
      @keydown=${this.onKeyDown}
    >
      <h2 id="guide-title">${g.title}</h2>
      <p id="guide-intro" class="intro">${g.intro}</p>
      <ol class="steps">
        ${steps.map(
          (step) =>
            html`<li class="step" data-step=${step.name}>
              <span class="picture">${step.picture}</span>
              <span class="words">
                <strong>${step.title}</strong>
                <span>${step.text}</span>
              </span>
            </li>`,
        )}
      </ol>
      <div class="buttons">
        <button type="button" class="primary" data-close-guide @click=${this.close}>${g.close}</button>
      </div>
    </div>`;
  }
}

declare global {
  interface GlobalEventHandlersEventMap {
    /** "How to play" was read: close it. */
    'dp-request-close-guide': CustomEvent<void>;
  }
}

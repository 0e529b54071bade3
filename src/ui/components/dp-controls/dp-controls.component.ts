import { LitElement, html, nothing } from 'lit';
import { property } from 'lit/decorators.js';
import { canHold, canRoll, rollsLeft, type Game } from '../../../engine/index.js';
import type { Strings } from '../../i18n/index.js';
import { emit } from '../../events.js';
import { dieFaceSvg } from '../../die-face.js';
import { controlsStyles } from './dp-controls.styles.js';

/**
 * The throw controls: a roll button that shows the throws left, a short hint, and a tray of the five
 * dice with their hold state (an alternative to clicking the 3D dice).
 *
 * @event {CustomEvent<void>} dp-request-roll - The player pressed the roll button.
 * @event {CustomEvent<{ index: number }>} dp-request-hold - The player toggled a die in the tray.
 *
 * @csspart roll-button - The roll button.
 * @csspart tray - The row of five dice.
 *
 * @tagname dp-controls
 */
export class DpControls extends LitElement {
  /** focus() on the controls lands on their first button (the no-3D fallback puts the keyboard here). */
  static override shadowRootOptions = { ...LitElement.shadowRootOptions, delegatesFocus: true };

  static override styles = controlsStyles;

  /** The game to show. */
  @property({ attribute: false }) game: Game | null = null;
  /** The texts of the current language. */
  @property({ attribute: false }) strings!: Strings;
  /** True while dice are rolling. */
  @property({ type: Boolean }) busy = false;

  private hint(game: Game): string {
    const s = this.strings;
    // Said for the pointer the player has: a finger swipes and taps, a mouse flicks and clicks.
    const touch = typeof matchMedia === 'function' && matchMedia('(pointer: coarse)').matches;
    if (game.rollsUsed === 0) return touch ? s.touchHints.first : s.hintFirst;
    if (rollsLeft(game) > 0) return touch ? s.touchHints.hold : s.hintHold;
    return s.hintScore;
  }

  protected override render() {
    const game = this.game;
    if (!game || game.over) return nothing;
    const s = this.strings;
    const name = game.players[game.current]!.name;
    const holdable = canHold(game) && !this.busy;
    return html`<div class="card">
      <p class="turn">${s.turnOf(name, game.turn)}</p>
      <div
        class="tray ${game.rollsUsed === 0 ? 'unthrown' : ''}"
        part="tray"
        role="group"
        aria-label=${s.trayLabel}
      >
        ${game.dice.map(
          (face, index) =>
            html`<button
              class="die"
              data-die=${index}
              aria-pressed=${game.held[index] ? 'true' : 'false'}
              aria-label=${s.die(index, face, game.held[index]!)}
              ?disabled=${!holdable}
              @click=${() => emit(this, 'dp-request-hold', { index })}
            >
              ${dieFaceSvg(face)}
            </button>`,
        )}
      </div>
      <button
        class="primary roll"
        part="roll-button"
        ?disabled=${this.busy || !canRoll(game)}
        @click=${() => emit(this, 'dp-request-roll')}
      >
        ${this.busy ? s.throwing : s.roll}
        <small>${s.rollsLeft(rollsLeft(game))}</small>
      </button>
      <p class="hint">${this.hint(game)}</p>
    </div>`;
  }
}

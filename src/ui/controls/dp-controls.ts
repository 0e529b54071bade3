import { LitElement, html, css, nothing } from 'lit';
import { property } from 'lit/decorators.js';
import { canHold, canRoll, rollsLeft, type Game } from '../../engine/index.js';
import type { Strings } from '../i18n/index.js';
import { emit } from '../events.js';
import { dieFaceSvg } from '../die-face.js';
import { panelStyles } from '../shared.styles.js';

/**
 * The throw controls: a roll button that shows the throws left, a short hint, and a tray of the five
 * dice with their hold state (an alternative to clicking the 3D dice).
 *
 * @event dp-request-roll - The player pressed the roll button.
 * @event dp-request-hold - The player toggled a die in the tray: `{ index }`.
 * @csspart roll-button - The roll button.
 * @csspart tray - The row of five dice.
 *
 * @tagname dp-controls
 */
export class DpControls extends LitElement {
  /** focus() on the controls lands on their first button (the no-3D fallback puts the keyboard here). */
  static override shadowRootOptions = { ...LitElement.shadowRootOptions, delegatesFocus: true };

  static override styles = [
    panelStyles,
    css`
      :host {
        display: block;
        container-type: inline-size;
      }
      .card {
        display: flex;
        align-items: center;
        gap: 0.8rem;
        padding: 0.55rem 0.8rem;
        flex-wrap: wrap;
        justify-content: center;
      }
      .turn {
        flex: 1 1 100%;
        text-align: center;
        font-weight: 600;
        margin: 0;
      }
      /* A short phone held upright hides it (<dice-poker> sets the property): the sheet needs the room. */
      .hint {
        display: var(--dp-controls-hint-display, block);
        flex: 1 1 100%;
        text-align: center;
        margin: 0;
        font-size: 0.85rem;
        opacity: 0.8;
      }
      .tray {
        display: flex;
        gap: 0.35rem;
      }
      .die {
        width: 2.4rem;
        height: 2.4rem;
        padding: 0;
        border: 2px solid transparent;
        border-radius: 9px;
        background: none;
        /* None under reduced motion: <dice-poker reduced-motion> sets it, as does the media query below. */
        transition: var(--dp-tray-transition, transform 0.12s);
      }
      @media (prefers-reduced-motion: reduce) {
        .die {
          transition: none;
        }
      }
      .die svg {
        width: 100%;
        height: 100%;
        display: block;
      }
      .die .body {
        fill: #fbf6ea;
        stroke: #9c8f77;
      }
      .die .pip {
        fill: #2a2118;
      }
      .die[aria-pressed='true'] {
        border-color: var(--dp-held, #ffd166);
        transform: translateY(-3px);
        box-shadow: 0 0 10px rgba(255, 209, 102, 0.6);
      }
      .die:disabled {
        opacity: 0.9;
      }
      /* Before the turn's first throw the tray shows the last turn's dice: faded, as not yet this turn's. */
      .tray.unthrown .die {
        opacity: 0.45;
      }
      .roll {
        min-width: 9rem;
      }
      .roll small {
        display: block;
        font-weight: 500;
        font-size: 0.72rem;
      }
      /* A phone: smaller dice, so the tray and the roll button share a line and the table keeps room. */
      @container (max-width: 400px) {
        .card {
          gap: 0.5rem 0.6rem;
        }
        .die {
          width: 2rem;
          height: 2rem;
        }
        .roll {
          min-width: 6.5rem;
          padding-inline: 0.6rem;
        }
        .hint {
          font-size: 0.8rem;
        }
      }
    `,
  ];

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
        @click=${() => emit(this, 'dp-request-roll', undefined)}
      >
        ${this.busy ? s.throwing : s.roll}
        <small>${s.rollsLeft(rollsLeft(game))}</small>
      </button>
      <p class="hint">${this.hint(game)}</p>
    </div>`;
  }
}

// Once per page: a second copy of the library must not throw.
if (!customElements.get('dp-controls')) customElements.define('dp-controls', DpControls);

declare global {
  interface HTMLElementTagNameMap {
    'dp-controls': DpControls;
  }
}

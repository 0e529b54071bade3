import { LitElement, html, nothing } from 'lit';
import { property } from 'lit/decorators.js';
import { canHold, canRoll, rollsLeft, turnsOf, type Game } from '../../../engine/index.js';
import type { Strings } from '../../i18n/index.js';
import { emit } from '../../events.js';
import { dieFaceSvg } from '../../die-face.js';
import { firstThrowHint, pointerIsTouch } from '../../throw-hint.js';
import { controlsStyles } from './dp-controls.styles.js';

/**
 * Who plays a turn this page only watches: a computer, another person (online), or no one can, for the
 * game server is out of reach or saves the last change (online). `name` is the player whose turn it is.
 */
export interface TurnWait {
  kind: 'computer' | 'person' | 'link' | 'saving';
  name: string;
}

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
  /** Set on a turn this page only watches: the controls say whose it is instead of asking to throw. */
  @property({ attribute: false }) waiting: TurnWait | null = null;
  /** Online, the turn is this page's own: said plainly, and the throw button stands out. */
  @property({ type: Boolean }) mine = false;

  private hint(game: Game): string {
    const s = this.strings;
    const waiting = this.waiting;
    if (waiting?.kind === 'link') return s.waiting.linkHint;
    if (waiting?.kind === 'saving') return s.waiting.savingHint;
    if (waiting) return s.waiting.watch(waiting.name);
    if (game.rollsUsed === 0) return firstThrowHint(s);
    if (rollsLeft(game) > 0) return pointerIsTouch() ? s.touchHints.hold : s.hintHold;
    return s.hintScore;
  }

  /**
   * The throw button's words: what pressing it does, or while it cannot, why (dice rolling, whose turn
   * it is, the server away). While a throw is in the air, the throws left are counted after it.
   */
  private rollWords(game: Game) {
    const s = this.strings;
    const waiting = this.waiting;
    const left = rollsLeft(game);
    if (this.busy) return html`${s.throwing} <small>${s.rollsLeft(Math.max(0, left - 1))}</small>`;
    if (waiting?.kind === 'link' || waiting?.kind === 'saving')
      return html`${s.waiting[waiting.kind]} <small>&nbsp;</small>`;
    if (waiting) {
      const under = waiting.kind === 'computer' ? s.waiting.thinking : s.rollsLeft(left);
      return html`${s.waiting.turnOf(waiting.name)} <small>${under}</small>`;
    }
    return html`${s.roll} <small>${s.rollsLeft(left)}</small>`;
  }

  /** The whole of the words on the button, for a pointer that rests on it (a long name is cut short there). */
  private waitingTitle(waiting: TurnWait): string {
    const s = this.strings;
    return waiting.kind === 'link' || waiting.kind === 'saving'
      ? s.waiting[waiting.kind]
      : s.waiting.turnOf(waiting.name);
  }

  protected override render() {
    const game = this.game;
    if (!game || game.over) return nothing;
    const s = this.strings;
    const name = game.players[game.current]!.name;
    const waiting = this.waiting;
    const locked = this.busy || waiting !== null;
    const holdable = canHold(game) && !locked;
    const unthrown = game.rollsUsed === 0;
    return html`<div class="card">
      <p class="turn ${this.mine ? 'mine' : ''}" data-turn>
        ${this.mine ? s.yourTurn(name, game.turn, turnsOf(game.rules)) : s.turnOf(name, game.turn, turnsOf(game.rules))}
      </p>
      <div class="tray ${unthrown ? 'unthrown' : ''}" part="tray" role="group" aria-label=${s.trayLabel}>
        ${game.dice.map(
          (face, index) =>
            html`<button
              class="die"
              data-die=${index}
              aria-pressed=${game.held[index] ? 'true' : 'false'}
              aria-label=${unthrown ? s.dieUnthrown(index) : s.die(index, face, game.held[index]!)}
              ?disabled=${!holdable}
              @click=${() => emit(this, 'dp-request-hold', { index })}
            >
              ${
                // Before the turn's first throw the dice have no faces to show (not the last turn's,
                // nor a placeholder 1 to 5): blank.
                dieFaceSvg(unthrown ? 0 : face)
              }
            </button>`,
        )}
      </div>
      <button
        class="primary roll ${this.mine && !locked ? 'mine' : ''} ${waiting ? 'waiting' : ''}"
        part="roll-button"
        title=${this.waiting ? this.waitingTitle(this.waiting) : nothing}
        ?disabled=${locked || !canRoll(game)}
        @click=${() => emit(this, 'dp-request-roll')}
      >
        ${this.rollWords(game)}
      </button>
      <p class="hint">${this.hint(game)}</p>
    </div>`;
  }
}

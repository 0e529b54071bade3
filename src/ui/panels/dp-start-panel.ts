import { html, css } from 'lit';
import { property, state } from 'lit/decorators.js';
import { MAX_NAME_LENGTH, MAX_PLAYERS, RULE_SETS, type RuleSetId } from '../../engine/index.js';
import type { Strings } from '../i18n/index.js';
import { emit } from '../events.js';
import { SEAT_KINDS, isSeatKind, type SeatKind } from '../coach/seats.js';
import { OverlayPanel } from './OverlayPanel.js';
import { coachStringsFor } from '../i18n/coach-strings.js';

/**
 * Before a game: 1 to 6 players and their names, and the rule set.
 *
 * @event dp-request-new-game - Start was pressed: `{ players, rules }`.
 * @event dp-request-cancel - Back to the game in progress (also Escape).
 *
 * @tagname dp-start-panel
 */
export class DpStartPanel extends OverlayPanel {
  static override styles = [
    ...OverlayPanel.styles,
    css`
      .card {
        width: min(24rem, calc(100vw - 2rem));
      }
      h2 {
        margin: 0 0 0.8rem;
        font-size: 1.5rem;
      }
      .warning {
        margin: -0.4rem 0 0.8rem;
        color: var(--dp-accent, #e0a526);
      }
      fieldset {
        border: none;
        margin: 0 0 0.8rem;
        padding: 0;
        /* A fieldset is as wide as its content by default: on a phone the name rows would overflow. */
        min-width: 0;
      }
      legend {
        font-weight: 600;
        margin-bottom: 0.4rem;
      }
      .name {
        display: flex;
        gap: 0.4rem;
        margin-bottom: 0.35rem;
      }
      input,
      select {
        font: inherit;
        flex: 1;
        min-width: 0;
        box-sizing: border-box;
        padding: 0.4rem 0.55rem;
        border-radius: 8px;
        border: 1px solid rgba(255, 236, 200, 0.35);
        background: rgba(255, 255, 255, 0.92);
        color: #1d1406;
      }
      select {
        width: 100%;
      }
      select.seat {
        width: auto;
        flex: 0 0 auto;
        /* The name keeps at least half the row. */
        max-width: min(9.5rem, 45%);
      }
      .remove {
        width: 2.2rem;
        border-radius: 8px;
        border: 1px solid rgba(255, 236, 200, 0.35);
        background: transparent;
      }
      .actions {
        display: flex;
        justify-content: space-between;
        gap: 0.6rem;
        margin-top: 0.6rem;
      }
    `,
  ];

  /** The texts of the current language. */
  @property({ attribute: false }) strings!: Strings;
  /** Names to start from (the last game's, or the attribute's). */
  @property({ attribute: false }) names: string[] = [];
  /** Who played each seat last time (human or a computer). */
  @property({ attribute: false }) seats: SeatKind[] = [];
  /** Whether a game is in progress that the player may go back to. */
  @property({ type: Boolean }) cancellable = false;
  /** Rule set to start from. */
  @property() rules: RuleSetId = 'seed';

  @state() private draft: string[] = [];
  @state() private draftSeats: SeatKind[] = [];
  @state() private draftRules: RuleSetId = 'seed';

  protected override willUpdate(changed: Map<string, unknown>): void {
    if (changed.has('names')) {
      this.draft = this.names.length ? [...this.names] : [this.strings.defaultName(1)];
      this.draftSeats = this.draft.map((_, i) => this.seats[i] ?? 'human');
    }
    if (changed.has('rules')) this.draftRules = this.rules;
  }

  private cancel(): void {
    if (this.cancellable)
      this.dispatchEvent(new CustomEvent('dp-request-cancel', { bubbles: true, composed: true }));
  }

  private readonly onKeyDown = (event: KeyboardEvent): void => {
    if (event.key !== 'Escape' || !this.cancellable) return;
    event.preventDefault();
    this.cancel();
  };

  private start(event: Event): void {
    event.preventDefault();
    const players = this.draft.map((name, i) => name.trim() || this.strings.defaultName(i + 1));
    emit(this, 'dp-request-new-game', { players, rules: this.draftRules, seats: [...this.draftSeats] });
  }

  private addPlayer(): void {
    this.draft = [...this.draft, this.strings.defaultName(this.draft.length + 1)];
    this.draftSeats = [...this.draftSeats, 'human'];
  }

  private removePlayer(index: number): void {
    this.draft = this.draft.filter((_, j) => j !== index);
    this.draftSeats = this.draftSeats.filter((_, j) => j !== index);
  }

  private setSeat(index: number, value: string): void {
    if (isSeatKind(value)) this.draftSeats = this.draftSeats.map((kind, j) => (j === index ? value : kind));
  }

  private rename(index: number, value: string): void {
    this.draft = this.draft.map((name, i) => (i === index ? value : name));
  }

  protected override render() {
    const s = this.strings;
    return html`<form class="card" @submit=${this.start} @keydown=${this.onKeyDown}>
      <h2>${s.title}</h2>
      ${this.cancellable ? html`<p class="warning" data-discard-warning>${s.confirmNewGame}</p>` : ''}
      <fieldset>
        <legend>${s.players}</legend>
        ${this.draft.map(
          (name, i) =>
            html`<div class="name">
              <input
                .value=${name}
                maxlength=${MAX_NAME_LENGTH}
                aria-label=${s.playerName(i + 1)}
                data-player=${i}
                @input=${(e: Event) => this.rename(i, (e.target as HTMLInputElement).value)}
              />
              <select
                class="seat"
                aria-label="${coachStringsFor(s.lang).seatKind} ${i + 1}"
                data-seat=${i}
                @change=${(e: Event) => this.setSeat(i, (e.target as HTMLSelectElement).value)}
              >
                ${SEAT_KINDS.map(
                  (kind) =>
                    html`<option value=${kind} ?selected=${kind === (this.draftSeats[i] ?? 'human')}>
                      ${coachStringsFor(s.lang).seats[kind]}
                    </option>`,
                )}
              </select>
              ${
                this.draft.length > 1
                  ? html`<button
                      type="button"
                      class="remove"
                      aria-label="${s.removePlayer} ${i + 1}"
                      @click=${() => this.removePlayer(i)}
                    >
                      ✕
                    </button>`
                  : ''
              }
            </div>`,
        )}
        <button
          type="button"
          class="secondary"
          data-add-player
          ?disabled=${this.draft.length >= MAX_PLAYERS}
          @click=${() => this.addPlayer()}
        >
          + ${s.addPlayer}
        </button>
      </fieldset>
      <fieldset>
        <legend>${s.ruleSet}</legend>
        <select
          aria-label=${s.ruleSet}
          @change=${(e: Event) => (this.draftRules = (e.target as HTMLSelectElement).value as RuleSetId)}
        >
          ${RULE_SETS.map((id) => html`<option value=${id} ?selected=${id === this.draftRules}>${s.rules[id]}</option>`)}
        </select>
      </fieldset>
      <div class="actions">
        ${
          this.cancellable
            ? html`<button type="button" class="secondary" data-cancel @click=${() => this.cancel()}>
                ${s.cancelNewGame}
              </button>`
            : html`<span></span>`
        }
        <button class="primary" type="submit" data-start>${s.start}</button>
      </div>
    </form>`;
  }
}

// Once per page: a second copy of the library must not throw.
if (!customElements.get('dp-start-panel')) customElements.define('dp-start-panel', DpStartPanel);

declare global {
  interface HTMLElementTagNameMap {
    'dp-start-panel': DpStartPanel;
  }
}

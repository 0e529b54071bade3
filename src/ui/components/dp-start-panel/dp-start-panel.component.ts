import { html, nothing } from 'lit';
import { property, state } from 'lit/decorators.js';
import { MAX_NAME_LENGTH, MAX_PLAYERS, RULE_SETS, type RuleSetId } from '../../../engine/index.js';
import type { Strings } from '../../i18n/index.js';
import { emit } from '../../events.js';
import type { NewGameOptions } from '../../new-game-options.js';
import { SEAT_KINDS, isSeatKind, type SeatKind } from '../../coach/seats.js';
import { localShownName } from '../../shown-names.js';
import { OverlayPanel } from '../OverlayPanel.js';
import { startPanelStyles } from './dp-start-panel.styles.js';
import { coachStringsFor } from '../../i18n/coach-strings.js';
import { needsNetworkFor } from '../../i18n/offline-strings.js';

/** Whether two lists of names are the same names in the same order. */
function sameNames(a: readonly string[] | undefined, b: readonly string[]): boolean {
  return !!a && a.length === b.length && a.every((name, i) => name === b[i]);
}

/**
 * Before a game: 1 to 6 players and their names, and the rule set.
 *
 * @event {CustomEvent<NewGameOptions>} dp-request-new-game - Start was pressed: `{ players, rules, seats }`.
 * @event {CustomEvent<void>} dp-request-history - "History" was pressed: every finished game, with its review.
 * @event {CustomEvent<void>} dp-request-check-record - "Check a game record" was pressed.
 * @event {CustomEvent<{ name: string }>} dp-request-host - "Play online" was pressed: a room for the first player.
 * @event {CustomEvent<void>} dp-request-guide - "How to play" was pressed (shown only with `guide`).
 * @event {CustomEvent<void>} dp-request-cancel - Back to the game in progress (Cancel or Escape, when `cancellable`).
 *
 * @tagname dp-start-panel
 */
export class DpStartPanel extends OverlayPanel {
  static override styles = startPanelStyles;

  /** The texts of the current language. */
  @property({ attribute: false }) strings!: Strings;
  /** Names to start from (the last game's, or the attribute's). */
  @property({ attribute: false }) names: string[] = [];
  /** Who played each seat last time (human or a computer). */
  @property({ attribute: false }) seats: SeatKind[] = [];
  /** Whether a game is in progress that the player may go back to. */
  @property({ type: Boolean }) cancellable = false;
  /** Whether "How to play" is offered (its button beside the title). */
  @property({ type: Boolean }) guide = false;
  /** Rule set to start from. */
  @property() rules: RuleSetId = 'seed';

  @state() private draft: string[] = [];
  @state() private draftSeats: SeatKind[] = [];
  @state() private draftRules: RuleSetId = 'seed';
  /** "Play online" was pressed with no network: said under the button until the network is back. */
  @state() private offlineSaid = false;

  private readonly onOnline = (): void => {
    this.offlineSaid = false;
  };

  override connectedCallback(): void {
    super.connectedCallback();
    window.addEventListener('online', this.onOnline);
  }

  override disconnectedCallback(): void {
    super.disconnectedCallback();
    window.removeEventListener('online', this.onOnline);
  }

  protected override willUpdate(changed: Map<string, unknown>): void {
    // Only other names start the draft again: the element hands over the same names as a new array
    // whenever it renders, which must not undo what the player typed, added or picked meanwhile.
    if (changed.has('names') && !sameNames(changed.get('names') as string[] | undefined, this.names)) {
      this.draft = this.names.length ? [...this.names] : [this.strings.defaultName(1)];
      this.draftSeats = this.draft.map((_, i) => this.seats[i] ?? 'human');
    }
    // The names the page gave follow the language and the kind of seat: "Mängija 2", "Computer · good".
    if (changed.has('names') || changed.has('strings')) this.nameGiven();
    if (changed.has('rules')) this.draftRules = this.rules;
  }

  private cancel(): void {
    if (this.cancellable) emit(this, 'dp-request-cancel');
  }

  private readonly onKeyDown = (event: KeyboardEvent): void => {
    if (event.key !== 'Escape' || !this.cancellable) return;
    event.preventDefault();
    this.cancel();
  };

  private start(event: Event): void {
    event.preventDefault();
    const players = this.draft.map(
      (name, i) =>
        name.trim() || localShownName(this.strings.defaultName(i + 1), this.draftSeats[i]!, i, this.strings),
    );
    const options: NewGameOptions = { players, rules: this.draftRules, seats: [...this.draftSeats] };
    emit(this, 'dp-request-new-game', options);
  }

  /** "Play online": a room of their own for the first player, who invites the others. */
  private playOnline(): void {
    // Offline, no room can be made: said here, beside the button pressed, for as long as it holds.
    if (!navigator.onLine) {
      this.offlineSaid = true;
      return;
    }
    emit(this, 'dp-request-host', { name: this.draft[0]?.trim() || this.strings.defaultName(1) });
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
    if (!isSeatKind(value)) return;
    this.draftSeats = this.draftSeats.map((kind, j) => (j === index ? value : kind));
    this.nameGiven();
  }

  /** The names the page gave (not typed) as it gives them now (see shown-names.ts localShownName). */
  private nameGiven(): void {
    this.draft = this.draft.map((name, i) =>
      localShownName(name, this.draftSeats[i] ?? 'human', i, this.strings),
    );
  }

  private rename(index: number, value: string): void {
    this.draft = this.draft.map((name, i) => (i === index ? value : name));
  }

  protected override render() {
    const s = this.strings;
    const full = this.draft.length >= MAX_PLAYERS;
    const seatWords = coachStringsFor(s.lang);
    return html`<form class="card" @submit=${this.start} @keydown=${this.onKeyDown}>
      <h2>${s.title}</h2>
      ${this.cancellable ? html`<p class="warning" data-discard-warning>${s.confirmNewGame}</p>` : ''}
      <fieldset>
        <legend>${s.players}</legend>
        ${this.draft.map(
          (name, i) =>
            html`<div class="name ${(this.draftSeats[i] ?? 'human') === 'human' ? '' : 'computer'}">
              <input
                .value=${name}
                title=${name}
                maxlength=${MAX_NAME_LENGTH}
                aria-label=${s.playerName(i + 1)}
                data-player=${i}
                @input=${(e: Event) => this.rename(i, (e.target as HTMLInputElement).value)}
              />
              <select
                class="seat"
                aria-label="${seatWords.seatKind} ${i + 1}"
                title=${seatWords.seats[this.draftSeats[i] ?? 'human']}
                data-seat=${i}
                @change=${(e: Event) => this.setSeat(i, (e.target as HTMLSelectElement).value)}
              >
                ${SEAT_KINDS.map(
                  (kind) =>
                    html`<option value=${kind} ?selected=${kind === (this.draftSeats[i] ?? 'human')}>
                      ${seatWords.seats[kind]}
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
        <div class="add">
          <button
            type="button"
            class="secondary"
            data-add-player
            ?disabled=${full}
            aria-describedby=${full ? 'players-full' : nothing}
            @click=${() => this.addPlayer()}
          >
            + ${s.addPlayer}
          </button>
          ${full ? html`<span id="players-full" class="full" data-players-full>${s.playersFull(MAX_PLAYERS)}</span>` : nothing}
        </div>
      </fieldset>
      <fieldset>
        <legend>${s.ruleSet}</legend>
        <div class="rules">
          <select
            aria-label=${s.ruleSet}
            aria-describedby="rules-summary"
            @change=${(e: Event) => (this.draftRules = (e.target as HTMLSelectElement).value as RuleSetId)}
          >
            ${RULE_SETS.map((id) => html`<option value=${id} ?selected=${id === this.draftRules}>${s.rules[id]}</option>`)}
          </select>
          <span id="rules-summary" data-rules-summary>${s.ruleSummaries[this.draftRules]}</span>
        </div>
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
      <p class="online">
        ${
          // After the fields and Start: a panel that opens takes the keyboard to its first name.
          this.guide
            ? html`<button
                type="button"
                class="secondary"
                data-guide
                @click=${() => emit(this, 'dp-request-guide')}
              >
                <span aria-hidden="true">?</span> ${s.howToPlay}
              </button>`
            : nothing
        }
        <button type="button" class="secondary" data-play-online @click=${() => this.playOnline()}>
          ${s.playOnline}
        </button>
        <button
          type="button"
          class="secondary"
          data-show-history
          @click=${() => emit(this, 'dp-request-history')}
        >
          ${s.coach.showHistory}
        </button>
        <button
          type="button"
          class="secondary"
          data-check-record
          @click=${() => emit(this, 'dp-request-check-record')}
        >
          ${s.checkRecord}
        </button>
      </p>
      ${
        this.offlineSaid
          ? html`<p class="offline" role="alert" data-offline-note>${needsNetworkFor(s.lang)}</p>`
          : nothing
      }
    </form>`;
  }
}

declare global {
  interface GlobalEventHandlersEventMap {
    /** The start panel's "History": open the History panel. */
    'dp-request-history': CustomEvent<void>;
    /** The start panel's "How to play": open the guide. */
    'dp-request-guide': CustomEvent<void>;
    /** The start panel's "Check a game record": the panel that opens and checks a saved record. */
    'dp-request-check-record': CustomEvent<void>;
  }
}

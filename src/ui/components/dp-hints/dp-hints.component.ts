import { LitElement, html, nothing, type PropertyValues } from 'lit';
import { property, state } from 'lit/decorators.js';
import type { Game } from '../../../engine/index.js';
import type { Strings } from '../../i18n/index.js';
import { coachStringsFor } from '../../i18n/coach-strings.js';
import { adviceFits, hintsView, positionKey, type HoldHint } from '../../coach/hints-model.js';
import { miniDice } from '../../coach/mini-dice.js';
import { hintsStyles } from './dp-hints.styles.js';
import type { Advice } from '../../coach/protocol.js';
import type { SolverClient } from '../../coach/SolverClient.js';

/**
 * The coach: for the dice on the table, the expected final score of each free row and of the best few
 * holds (which dice to keep, shown as small dice), the optimal one marked. Before the first throw of a
 * turn it shows only the expected score of the position. It never holds anything up: advice arrives
 * when the solver has it, and an answer for dice no longer on the table is dropped.
 *
 * Give it `advice` directly, or a `client` to ask.
 *
 * @csspart card - The hints card.
 * @cssproperty --dp-mini-die - Size of the small dice (default 1.15rem).
 *
 * @tagname dp-hints
 */
export class DpHints extends LitElement {
  static override styles = hintsStyles;

  /** The game whose player to act is advised. */
  @property({ attribute: false }) game: Game | null = null;
  /** The texts of the current language. */
  @property({ attribute: false }) strings!: Strings;
  /** Advice to show; when null the hints ask `client`. */
  @property({ attribute: false }) advice: Advice | null = null;
  /** The solver to ask when no `advice` is given. */
  @property({ attribute: false }) client: SolverClient | null = null;
  /** How many holds to list. */
  @property({ type: Number, attribute: 'hold-count' }) holdCount = 3;

  @state() private fetched: { key: string; advice: Advice } | null = null;
  @state() private failedKey = '';
  private askedKey = '';

  protected override willUpdate(changed: PropertyValues<this>): void {
    if ((changed.has('game') || changed.has('client') || changed.has('advice')) && !this.advice) this.ask();
  }

  /** Asks the client about the position on the table, unless that answer is here or on its way. */
  private ask(): void {
    const game = this.game;
    const client = this.client;
    if (!game || game.over || !client) return;
    const key = positionKey(game);
    if (this.fetched?.key === key || this.askedKey === key) return;
    this.askedKey = key;
    client.advise(game).then(
      (advice) => {
        if (this.askedKey !== key) return; // an answer for dice no longer on the table
        if (advice) this.fetched = { key, advice };
        else this.askedKey = ''; // superseded by someone else's question: ask again on the next update
      },
      () => {
        if (this.askedKey === key) this.failedKey = key;
      },
    );
  }

  /** The advice for the position on the table, if it is here. */
  private current(game: Game): Advice | null {
    if (this.advice) return adviceFits(this.advice, game) ? this.advice : null;
    return this.fetched?.key === positionKey(game) ? this.fetched.advice : null;
  }

  private renderHold(hold: HoldHint, label?: string) {
    const s = coachStringsFor(this.strings.lang);
    const what = hold.kept.length ? `${s.hold} ${hold.kept.join(' ')}` : s.holdNone;
    return html`<li class=${hold.best ? 'best' : ''} data-hold=${hold.kept.join('')}>
      <span role="img" aria-label=${what}>${miniDice(hold.dice, hold.held)}</span>
      <span class="what">${label ?? (hold.kept.length ? nothing : s.holdNone)}</span>
      ${hold.best ? html`<span class="tag">${s.best}</span>` : nothing}
      <span class="value">${s.number(hold.expected)}</span>
    </li>`;
  }

  protected override render() {
    const game = this.game;
    if (!game || game.over || !this.strings) return nothing;
    const s = this.strings;
    const c = coachStringsFor(s.lang);
    const advice = this.current(game);
    const failed = !advice && this.failedKey === positionKey(game);
    const view = advice && game.rollsUsed > 0 ? hintsView(advice, game, this.holdCount) : null;
    return html`<section
      class="card"
      part="card"
      aria-label=${c.hints}
      aria-busy=${advice ? 'false' : 'true'}
    >
      <header>
        <h3>${c.hints}</h3>
        <span title=${c.expectedHelp}>
          ${c.expectedScore}
          <span class="expected" data-expected>${advice ? c.number(advice.expected) : '…'}</span>
        </span>
      </header>
      ${!advice ? html`<p class="note">${failed ? c.unavailable : c.thinking}</p>` : nothing}
      ${
        view && view.holds.length
          ? html`<h4>${c.holds}</h4>
              <ol data-holds>
                ${view.holds.map((hold) => this.renderHold(hold))}
                ${view.yourHold ? this.renderHold(view.yourHold, c.yourHold) : nothing}
              </ol>`
          : nothing
      }
      ${
        view
          ? html`<h4>${c.rows}</h4>
              <ol data-rows>
                ${view.rows.map(
                  (row) =>
                    html`<li class=${row.best ? 'best' : ''} data-row=${row.row}>
                      <span class="what"
                        >${c.scored(s.rows[row.row], row.points)}${row.bonus ? ` +${row.bonus}` : ''}</span
                      >
                      ${row.best ? html`<span class="tag">${c.best}</span>` : nothing}
                      <span class="value">${c.number(row.expected)}</span>
                    </li>`,
                )}
              </ol>`
          : nothing
      }
    </section>`;
  }
}

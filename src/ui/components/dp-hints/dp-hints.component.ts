import { LitElement, html, nothing, type PropertyValues } from 'lit';
import { property, state } from 'lit/decorators.js';
import type { Game } from '../../../engine/index.js';
import { rowName, type Strings } from '../../i18n/index.js';
import { coachStringsFor } from '../../i18n/coach-strings.js';
import {
  adviceFits,
  hintsView,
  playerChances,
  positionKey,
  seatPlaysOf,
  winFits,
  winKey,
  type HoldHint,
} from '../../coach/hints-model.js';
import { miniDice } from '../../coach/mini-dice.js';
import { hintsStyles } from './dp-hints.styles.js';
import type { Advice, WinAdvice } from '../../coach/protocol.js';
import type { SolverClient } from '../../coach/SolverClient.js';
import type { SeatKind } from '../../coach/seats.js';

/**
 * The coach: for the dice on the table, the expected final score of each free row and of the best few
 * holds (which dice to keep, shown as small dice), the optimal one marked. Before the first throw of a
 * turn it shows only the expected score of the position. It never holds anything up: advice arrives
 * when the solver has it, and an answer for dice no longer on the table is dropped.
 *
 * In a game of two or more it also shows each player's chance to win now (the line) and, beside each
 * expected score, the chance to win of taking that hold or row and playing on to win ("…" while the
 * chance-to-win model is being built; none where it has nothing to say, e.g. early in a game whose
 * target tables are not loaded, or without its worker). Each has its own tooltip, and a note under
 * the line says what the numbers beside a choice are: the line is the player's best choice to win, so
 * no choice reads above it (issue 21).
 *
 * Give it `advice` (and `win`) directly, or a `client` to ask.
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
  /** The chance to win to show; when null the hints ask `client` (in a game of two or more). */
  @property({ attribute: false }) win: WinAdvice | null = null;
  /** The solver to ask when no `advice` is given. */
  @property({ attribute: false }) client: SolverClient | null = null;
  /**
   * Who plays each seat: the chance to win judges each seat as it plays (a person and the computer that
   * plays to win, to win; the other computers, for points), so that the chance beside the choice a
   * person's best play to win makes is their chance in the line. Every seat a person when empty.
   */
  @property({ attribute: false }) seats: readonly SeatKind[] = [];
  /** How many holds to list. */
  @property({ type: Number, attribute: 'hold-count' }) holdCount = 3;

  @state() private fetched: { key: string; advice: Advice } | null = null;
  @state() private failedKey = '';
  private askedKey = '';
  @state() private winFetched: { key: string; win: WinAdvice } | null = null;
  /** The chance to win cannot be had (no worker, or it failed): it is not shown. */
  @state() private winOff = false;
  @state() private winFailedKey = '';
  private winAskedKey = '';

  protected override willUpdate(changed: PropertyValues<this>): void {
    const asked = changed.has('game') || changed.has('client') || changed.has('seats');
    if ((asked || changed.has('advice')) && !this.advice) this.ask();
    if ((asked || changed.has('win')) && !this.win) this.askWin();
  }

  /** Asks the client for the chance to win of the position on the table, in a game of two or more. */
  private askWin(): void {
    const game = this.game;
    const client = this.client;
    if (!game || game.over || game.players.length < 2 || !client?.winAdvice || this.winOff) return;
    const seats = seatPlaysOf(this.seats, game.players.length);
    const key = winKey(game, seats);
    if (this.winFetched?.key === key || this.winAskedKey === key) return;
    this.winAskedKey = key;
    client.winAdvice(game, seats).then(
      (win) => {
        if (this.winAskedKey !== key) return;
        if (win) this.winFetched = { key, win };
        else this.winAskedKey = ''; // superseded: ask again on the next update
      },
      (error: { code?: string }) => {
        if (this.winAskedKey !== key) return;
        // No worker for it: not shown from now on. A refused position: nothing for this one.
        if (error?.code === 'unavailable' || error?.code === 'disposed') this.winOff = true;
        else this.winFailedKey = key;
      },
    );
  }

  /** The chance to win for the position on the table, if it is here. */
  private currentWin(game: Game): WinAdvice | null {
    if (this.win) return winFits(this.win, game) ? this.win : null;
    return this.winFetched?.key === this.winKeyOf(game) ? this.winFetched.win : null;
  }

  /** What decides the chance to win shown: the position, the sheets, and how each seat plays. */
  private winKeyOf(game: Game): string {
    return winKey(game, seatPlaysOf(this.seats, game.players.length));
  }

  /** Whether the chance to win has a place in these hints (a game of two or more, a way to know it). */
  private winShown(game: Game): boolean {
    return game.players.length >= 2 && (!!this.win || (!!this.client?.winAdvice && !this.winOff));
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

  /** The chance to win beside an expected score: "…" while it comes, nothing when there is none. */
  private renderWin(win: number | undefined, pending: boolean) {
    const c = coachStringsFor(this.strings.lang);
    if (win !== undefined) {
      return html`<span class="win" data-win title=${c.choiceHelp} aria-label=${c.winOf(win)}
        >${c.percent(win)}</span
      >`;
    }
    return pending ? html`<span class="win pending" data-win aria-hidden="true">…</span>` : nothing;
  }

  private renderHold(hold: HoldHint, label?: string, winPending = false) {
    const s = coachStringsFor(this.strings.lang);
    const what = hold.kept.length ? `${s.hold} ${hold.kept.join(' ')}` : s.holdNone;
    return html`<li class=${hold.best ? 'best' : ''} data-hold=${hold.kept.join('')}>
      <span role="img" aria-label=${what}>${miniDice(hold.dice, hold.held)}</span>
      <span class="what">${label ?? (hold.kept.length ? nothing : s.holdNone)}</span>
      ${hold.best ? html`<span class="tag">${s.best}</span>` : nothing}
      <span class="value">${s.number(hold.expected)}</span>
      ${this.renderWin(hold.win, winPending)}
    </li>`;
  }

  /** Every player's chance to win now, in one line: who is likely to win. */
  private renderChances(game: Game, win: WinAdvice | null) {
    const c = coachStringsFor(this.strings.lang);
    if (!win) return html`<p class="chances note" data-chances aria-busy="true">${c.winPending}</p>`;
    return html`<p class="chances" data-chances title=${c.lineHelp}>
      <span class="label">${c.winChance}:</span>
      ${playerChances(win, game).map(
        (p, i) =>
          html`${i ? ', ' : ''}<span class=${p.current ? 'player current' : 'player'} data-chance=${i}
              >${p.name} <strong>${c.percent(p.chance)}</strong></span
            >`,
      )}
    </p>`;
  }

  protected override render() {
    const game = this.game;
    if (!game || game.over || !this.strings) return nothing;
    const s = this.strings;
    const c = coachStringsFor(s.lang);
    const advice = this.current(game);
    const failed = !advice && this.failedKey === positionKey(game);
    const shown = this.winShown(game);
    const win = shown ? this.currentWin(game) : null;
    // "…" beside the values until the chance to win is here (then nothing where it has none).
    const winPending = shown && !win && this.winFailedKey !== this.winKeyOf(game);
    const view = advice && game.rollsUsed > 0 ? hintsView(advice, game, this.holdCount, win) : null;
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
      ${shown && (win || winPending) ? this.renderChances(game, win) : nothing}
      ${shown && (win || winPending) && view ? html`<p class="note choice-note" data-choice-note>${c.choiceNote}</p>` : nothing}
      ${!advice ? html`<p class="note">${failed ? c.unavailable : c.thinking}</p>` : nothing}
      ${
        view && view.holds.length
          ? html`<h4>${c.holds}</h4>
              <ol data-holds>
                ${view.holds.map((hold) => this.renderHold(hold, undefined, winPending))}
                ${view.yourHold ? this.renderHold(view.yourHold, c.yourHold, winPending) : nothing}
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
                        >${c.scored(rowName(s, game.rules, row.row), row.points)}${row.bonus ? ` +${row.bonus}` : ''}</span
                      >
                      ${row.best ? html`<span class="tag">${c.best}</span>` : nothing}
                      <span class="value">${c.number(row.expected)}</span>
                      ${this.renderWin(row.win, winPending)}
                    </li>`,
                )}
              </ol>`
          : nothing
      }
    </section>`;
  }
}

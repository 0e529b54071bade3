import { LitElement, html, nothing } from 'lit';
import { property, state } from 'lit/decorators.js';
import { UPPER_ROWS, bonusParts, rowsOf, totals, type Game, type RowId } from '../../../engine/index.js';
import { rowHint, rowName, type Strings } from '../../i18n/index.js';
import { emit } from '../../events.js';
import { scorecardStyles } from './dp-scorecard.styles.js';

/** Which position a game is at: the same game (its seed), after the same actions. */
function positionKey(game: Game | null | undefined): string {
  return game ? `${game.seed}:${game.log.length}` : '';
}

/**
 * The score sheet: 13 rows, a column per player, running totals, the current player marked. For the
 * current dice each free row of the player to act shows what it would score (the engine says so via
 * `options`); choosing one asks <dice-poker> to score it, and a 0 is confirmed first.
 *
 * @event {CustomEvent<{ row: RowId }>} dp-request-score - The player chose a row (a 0 once confirmed).
 *
 * @tagname dp-scorecard
 */
export class DpScorecard extends LitElement {
  static override styles = scorecardStyles;

  /** The game to show (data down; the scorecard never changes it). */
  @property({ attribute: false }) game: Game | null = null;
  /** What each free row would score now, from the engine. */
  @property({ attribute: false }) options: Partial<Record<RowId, number>> = {};
  /** The texts of the current language. */
  @property({ attribute: false }) strings!: Strings;
  /** No choosing while the dice roll. */
  @property({ type: Boolean }) disabled = false;

  /** A row whose 0 awaits confirmation. */
  @state() private confirming: RowId | null = null;

  protected override willUpdate(changed: Map<string, unknown>): void {
    // The same position sent again as a new object keeps the question; a new position, or its row no
    // longer offered at 0, ends it.
    if (!this.confirming || !(changed.has('game') || changed.has('options'))) return;
    const before = changed.has('game') ? (changed.get('game') as Game | null) : this.game;
    if (positionKey(before) !== positionKey(this.game) || this.options[this.confirming] !== 0)
      this.confirming = null;
  }

  /** The player whose column was last brought into view (see followCurrent). */
  private followed: number | null = null;

  protected override updated(changed: Map<string, unknown>): void {
    if (changed.has('game') && this.game && this.game.current !== this.followed) this.followCurrent();
    // The question about a 0 takes the keyboard with it, on the safe answer: Enter, pressed twice in a
    // hurry, goes back to the sheet rather than throw a row away; "Score 0" is one Tab further.
    if (changed.has('confirming') && this.confirming) {
      this.placeQuestion(this.confirming);
      // All of the question in a short sheet's view (the row it asks about lies next to it).
      this.renderRoot.querySelector('.ask')?.scrollIntoView({ block: 'nearest', inline: 'nearest' });
      this.renderRoot.querySelector<HTMLButtonElement>('[data-cancel-zero]')?.focus({ preventScroll: true });
    }
  }

  /**
   * Brings the column of the player whose turn it is into view when the sheet is wider than its box (six
   * players on a phone): the box it scrolls in is the element's parent. The row names stick to the
   * left, so the column must come clear of them, not merely into the box.
   */
  private followCurrent(): void {
    const game = this.game!;
    this.followed = game.current;
    const scroller = this.parentElement;
    const column = this.renderRoot.querySelector<HTMLElement>('thead th.current');
    const names = this.renderRoot.querySelector<HTMLElement>('thead th:first-child');
    if (!scroller || !column || !names || scroller.scrollWidth <= scroller.clientWidth) return;
    const box = scroller.getBoundingClientRect();
    const { left, right } = column.getBoundingClientRect();
    const clear = names.getBoundingClientRect().right;
    // A little room beyond the column's edge, so its border shows too.
    const shift = left < clear ? left - clear - 6 : right > box.right ? right - box.right + 10 : 0;
    if (shift === 0) return;
    const still = matchMedia('(prefers-reduced-motion: reduce)').matches;
    scroller.scrollBy({ left: shift, behavior: still ? 'instant' : 'smooth' });
  }

  /**
   * Lays the question about a 0 over the sheet beside the row it asks about: just under it for a row
   * in the sheet's upper half, just over it for the others. The sheet keeps its size, and the row stays
   * in sight.
   */
  private placeQuestion(row: RowId): void {
    const card = this.renderRoot.querySelector<HTMLElement>('.card');
    const question = this.renderRoot.querySelector<HTMLElement>('.confirm');
    const line = this.renderRoot.querySelector<HTMLElement>(`tr[data-row="${row}"]`);
    if (!card || !question || !line) return;
    // As wide as the view the element scrolls in (the card inside it may be wider), before it is measured.
    question.style.setProperty('--ask-width', `${this.clientWidth}px`);
    const box = card.getBoundingClientRect();
    const at = line.getBoundingClientRect();
    const top = at.top - box.top;
    const under = top + at.height / 2 < box.height / 2;
    // A couple of pixels apart: the row's border stays clear too.
    const place = under ? top + at.height + 2 : top - question.offsetHeight - 2;
    question.style.top = `${Math.max(0, Math.min(place, box.height - question.offsetHeight))}px`;
  }

  /** Whether the player to act may choose `row` now (its cell offers a score, and none are locked). */
  private choosable(row: RowId): boolean {
    return !this.disabled && this.options[row] !== undefined && !this.game?.over;
  }

  /** The question about a 0 answered "Cancel": it goes, and the keyboard is back on the row it asked about. */
  private keepRow(row: RowId): void {
    this.confirming = null;
    void this.updateComplete.then(() =>
      this.renderRoot.querySelector<HTMLButtonElement>(`button.option[data-row="${row}"]`)?.focus(),
    );
  }

  private choose(row: RowId): void {
    if (this.options[row] === 0 && this.confirming !== row) {
      this.confirming = row;
      return;
    }
    this.confirming = null;
    emit(this, 'dp-request-score', { row });
  }

  /** Arrow keys move between the rows the player may choose; Enter or Space chooses (native buttons). */
  private onKeyDown(event: KeyboardEvent): void {
    if (event.key !== 'ArrowDown' && event.key !== 'ArrowUp') return;
    const buttons = [...this.renderRoot.querySelectorAll<HTMLButtonElement>('button.option:not(:disabled)')];
    if (buttons.length === 0) return;
    event.preventDefault();
    const at = buttons.indexOf(this.renderRoot.querySelector<HTMLButtonElement>('button.option:focus')!);
    const step = event.key === 'ArrowDown' ? 1 : -1;
    const next =
      at === -1 ? (step === 1 ? 0 : buttons.length - 1) : (at + step + buttons.length) % buttons.length;
    buttons[next]!.focus();
  }

  /** Puts the keyboard on the first row the player may choose. */
  focusOptions(): void {
    this.renderRoot.querySelector<HTMLButtonElement>('button.option:not(:disabled)')?.focus();
  }

  private cell(row: RowId, player: number) {
    const game = this.game!;
    const filled = game.players[player]!.scores[row];
    if (filled !== undefined) return filled;
    const option = player === game.current ? this.options[row] : undefined;
    if (option === undefined) return nothing;
    const s = this.strings;
    return html`<button
      class="option ${option === 0 ? 'zero' : ''}"
      data-row=${row}
      ?disabled=${this.disabled}
      aria-label="${rowName(s, game.rules, row)}: ${s.scores(option)}"
      title=${rowHint(s, game.rules, row)}
      @click=${() => this.choose(row)}
    >
      ${option}
    </button>`;
  }

  protected override render() {
    const game = this.game;
    if (!game) return nothing;
    const s = this.strings;
    const sums = totals(game);
    // The bonus lines are the engine's (bonusParts): the upper bonus where the rule set has one, and the
    // Yahtzee bonuses under `yahtzee`.
    const parts = game.players.map((p) => bonusParts(game.rules, p.scores, p.yahtzeeBonuses ?? 0));
    const showBonus = parts[0]!.upperBonusPoints > 0;
    const showYahtzeeBonus = parts[0]!.hasYahtzeeBonus;
    return html`<div class="card" @keydown=${this.onKeyDown}>
      <table aria-label=${s.sheet}>
        <caption>
          ${s.sheet}
        </caption>
        <thead>
          <tr>
            <th scope="col"><span hidden>${s.player}</span></th>
            ${game.players.map(
              (p, i) =>
                html`<th
                  scope="col"
                  class=${p.out ? 'out' : i === game.current && !game.over ? 'current' : ''}
                  title=${p.out ? s.playerOut(p.name) : p.name}
                  aria-label=${p.out ? s.playerOut(p.name) : p.name}
                  ?data-out=${!!p.out}
                >
                  <span class="who">${p.name}</span>
                </th>`,
            )}
          </tr>
        </thead>
        <tbody>
          ${rowsOf(game.rules).map(
            (row) =>
              html`<tr class=${row === UPPER_ROWS.at(-1) && !showBonus ? 'upper-end' : ''} data-row=${row}>
                  <th
                    scope="row"
                    title=${rowHint(s, game.rules, row)}
                    class=${this.choosable(row) ? 'choosable' : ''}
                    @click=${() => this.choosable(row) && this.choose(row)}
                  >
                    ${rowName(s, game.rules, row)}
                  </th>
                  ${game.players.map(
                    (p, i) =>
                      html`<td class=${p.out ? 'out' : i === game.current && !game.over ? 'current' : ''}>
                        ${this.cell(row, i)}
                      </td>`,
                  )}
                </tr>
                ${
                  showBonus && row === 'sixes'
                    ? html`<tr class="upper-end" data-bonus="upper">
                        <th scope="row">${s.bonus}</th>
                        ${parts.map((part) => html`<td>${part.upperBonus}</td>`)}
                      </tr>`
                    : nothing
                }`,
          )}
          ${
            showYahtzeeBonus
              ? html`<tr data-bonus="yahtzee">
                  <th scope="row">${s.yahtzeeBonus}</th>
                  ${parts.map((part) =>
                    // The points, and (once there are any) how many bonuses made them: "200 ×2".
                    part.yahtzeeBonuses
                      ? html`<td title=${s.yahtzeeBonusCount(part.yahtzeeBonuses)}>
                          ${part.yahtzeeBonus} <small class="count">×${part.yahtzeeBonuses}</small>
                        </td>`
                      : html`<td>${part.yahtzeeBonus}</td>`,
                  )}
                </tr>`
              : nothing
          }
        </tbody>
        <tfoot>
          <tr>
            <th scope="row">${s.total}</th>
            ${sums.map((total, i) => html`<td data-total=${i}>${total}</td>`)}
          </tr>
        </tfoot>
      </table>
      ${
        this.confirming
          ? html`<div
              class="confirm"
              role="alertdialog"
              aria-label=${s.confirmZero(rowName(s, game.rules, this.confirming))}
            >
              <div class="ask">
                <p>${s.confirmZero(rowName(s, game.rules, this.confirming))}</p>
                <button class="secondary" data-cancel-zero @click=${() => this.keepRow(this.confirming!)}>
                  ${s.cancel}
                </button>
                <button class="primary" data-confirm-zero @click=${() => this.choose(this.confirming!)}>
                  ${s.scoreZero}
                </button>
              </div>
            </div>`
          : nothing
      }
    </div>`;
  }
}

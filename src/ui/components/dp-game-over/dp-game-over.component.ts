import { html, nothing } from 'lit';
import { property, state } from 'lit/decorators.js';
import { totals, winners, type Game } from '../../../engine/index.js';
import type { Strings } from '../../i18n/index.js';
import { verdictOf } from '../../verdict.js';
import { shownDate } from '../../i18n/dates.js';
import type { HighScore } from '../../persistence/index.js';
import { emit } from '../../events.js';
import { OverlayPanel } from '../OverlayPanel.js';
import { gameOverStyles } from './dp-game-over.styles.js';

/**
 * After the last row: totals, the winner or winners (a draw said as such), and "new game".
 *
 * @event {CustomEvent<void>} dp-request-setup - "New game" was pressed.
 * @event {CustomEvent<void>} dp-request-clear-history - "Clear best scores" was pressed, and confirmed.
 *
 * @slot - More buttons beside "New game" (the element puts "Show review" there).
 *
 * @tagname dp-game-over
 */
export class DpGameOver extends OverlayPanel {
  static override styles = gameOverStyles;

  /** The finished game. */
  @property({ attribute: false }) game!: Game;
  /** The texts of the current language. */
  @property({ attribute: false }) strings!: Strings;
  /** This page's best scores, best first. */
  @property({ attribute: false }) history: HighScore[] = [];

  /** "Clear best scores" was pressed: asked first, as nothing brings them back (and it sits by New game). */
  @state() private askingToClear = false;

  private readonly askToClear = async (): Promise<void> => {
    this.askingToClear = true;
    await this.updateComplete;
    // The safe answer has the keyboard: Enter twice keeps the scores.
    this.renderRoot.querySelector<HTMLButtonElement>('[data-keep-history]')?.focus();
  };

  private readonly keep = (): void => {
    this.askingToClear = false;
  };

  private readonly clear = (): void => {
    this.askingToClear = false;
    emit(this, 'dp-request-clear-history');
  };

  protected override render() {
    const s = this.strings;
    const sums = totals(this.game);
    const won = winners(this.game);
    const names = this.game.players.map((p) => p.name);
    const verdict = verdictOf(this.game, s);
    // Those still in the game first (one who forfeited cannot win), each part by total.
    const out = (i: number) => (this.game.players[i]!.out ? 1 : 0);
    const order = names.map((_, i) => i).sort((a, b) => out(a) - out(b) || sums[b]! - sums[a]!);
    return html`<div class="card" role="dialog" aria-labelledby="over-title">
      <h2 id="over-title">${s.gameOver}</h2>
      <p class="verdict" data-verdict>${verdict}</p>
      <ol>
        ${order.map(
          (i) =>
            html`<li class=${won.includes(i) ? 'win' : ''}>
              <span>${this.game.players[i]!.out ? s.playerOut(names[i]!) : names[i]}</span
              ><span>${s.points(sums[i]!)}</span>
            </li>`,
        )}
      </ol>
      ${
        this.history.length
          ? html`<h3>${s.bestScores}</h3>
              <ol class="history" data-history>
                ${this.history.map(
                  (entry) =>
                    html`<li>
                      <span>${entry.name}</span><span class="score">${entry.score}</span>
                      <time datetime=${entry.date}>${shownDate(entry.date, s.lang)}</time>
                    </li>`,
                )}
              </ol>`
          : nothing
      }
      <div class="buttons">
        <button class="primary" data-new-game @click=${() => emit(this, 'dp-request-setup')}>
          ${s.newGame}
        </button>
        ${this.history.length && !this.askingToClear ? html`<button class="secondary" data-clear-history @click=${this.askToClear}>${s.clearScores}</button>` : nothing}
        <slot></slot>
      </div>
      ${
        this.askingToClear
          ? html`<div class="ask" role="alertdialog" aria-labelledby="clear-ask">
              <p id="clear-ask">${s.clearScoresAsk}</p>
              <div class="buttons">
                <button class="secondary" data-keep-history @click=${this.keep}>${s.keepScores}</button>
                <button class="secondary" data-confirm-clear @click=${this.clear}>${s.clearScoresYes}</button>
              </div>
            </div>`
          : nothing
      }
    </div>`;
  }
}

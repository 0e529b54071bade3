import { html, css, nothing } from 'lit';
import { property } from 'lit/decorators.js';
import { totals, winners, type Game } from '../../engine/index.js';
import type { Strings } from '../i18n/index.js';
import { verdictOf } from '../verdict.js';
import type { HighScore } from '../persistence/index.js';
import { OverlayPanel } from './OverlayPanel.js';

/**
 * After the last row: totals, the winner or winners (a draw said as such), and "new game".
 *
 * @event dp-request-setup - "New game" was pressed.
 * @event dp-request-clear-history - "Clear best scores" was pressed.
 *
 * @tagname dp-game-over
 */
export class DpGameOver extends OverlayPanel {
  static override styles = [
    ...OverlayPanel.styles,
    css`
      .card {
        width: min(22rem, calc(100vw - 2rem));
        text-align: center;
      }
      h2 {
        margin: 0 0 0.3rem;
      }
      .verdict {
        font-size: 1.25rem;
        color: var(--dp-accent, #ffd166);
        margin: 0 0 0.8rem;
      }
      ol {
        list-style: none;
        padding: 0;
        margin: 0 0 1rem;
      }
      li {
        display: flex;
        justify-content: space-between;
        padding: 0.25rem 0.3rem;
        border-bottom: 1px solid rgba(255, 236, 200, 0.15);
      }
      li.win {
        font-weight: 700;
      }
      h3 {
        margin: 0.6rem 0 0.3rem;
        font-size: 1rem;
      }
      .history li {
        font-size: 0.85rem;
      }
      .history .score {
        margin-left: auto;
        font-weight: 600;
      }
      .history time {
        opacity: 0.7;
        padding-left: 0.9rem;
      }
      .buttons {
        display: flex;
        gap: 0.5rem;
        justify-content: center;
        flex-wrap: wrap;
      }
    `,
  ];

  /** The finished game. */
  @property({ attribute: false }) game!: Game;
  /** The texts of the current language. */
  @property({ attribute: false }) strings!: Strings;
  /** This page's best scores, best first. */
  @property({ attribute: false }) history: HighScore[] = [];

  protected override render() {
    const s = this.strings;
    const sums = totals(this.game);
    const won = winners(this.game);
    const names = this.game.players.map((p) => p.name);
    const verdict = verdictOf(this.game, s);
    const order = names.map((_, i) => i).sort((a, b) => sums[b]! - sums[a]!);
    return html`<div class="card" role="dialog" aria-labelledby="over-title">
      <h2 id="over-title">${s.gameOver}</h2>
      <p class="verdict" data-verdict>${verdict}</p>
      <ol>
        ${order.map(
          (i) =>
            html`<li class=${won.includes(i) ? 'win' : ''}>
              <span>${names[i]}</span><span>${s.points(sums[i]!)}</span>
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
                      <time datetime=${entry.date}
                        >${new Date(entry.date).toLocaleDateString(this.lang || undefined)}</time
                      >
                    </li>`,
                )}
              </ol>`
          : nothing
      }
      <div class="buttons">
        <button
          class="primary"
          data-new-game
          @click=${() => this.dispatchEvent(new CustomEvent('dp-request-setup', { bubbles: true, composed: true }))}
        >
          ${s.newGame}
        </button>
        ${
          this.history.length
            ? html`<button
                class="secondary"
                data-clear-history
                @click=${() =>
                  this.dispatchEvent(
                    new CustomEvent('dp-request-clear-history', { bubbles: true, composed: true }),
                  )}
              >
                ${s.clearScores}
              </button>`
            : nothing
        }
      </div>
    </div>`;
  }
}

// Once per page: a second copy of the library must not throw.
if (!customElements.get('dp-game-over')) customElements.define('dp-game-over', DpGameOver);

declare global {
  interface HTMLElementTagNameMap {
    'dp-game-over': DpGameOver;
  }
}

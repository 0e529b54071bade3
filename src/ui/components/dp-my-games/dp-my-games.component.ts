import { css, html, LitElement, nothing } from 'lit';
import { property } from 'lit/decorators.js';
import { emit } from '../../events.js';
import { panelStyles } from '../../shared.styles.js';

/** One of my online games, as the list shows it (words made by online play, in the page's language). */
export interface MyGameRow {
  roomId: string;
  /** Who plays, `Mari, Jüri and you`. */
  players: string;
  /** Whose turn, and the time left: `Your turn · 23 h left`. */
  status: string;
  /** When it last changed: `Last move 2 h ago`. */
  detail: string;
  /** It is my turn there. */
  mine: boolean;
}

/** What <dp-my-games> shows. */
export interface MyGamesView {
  title: string;
  /** `2 waiting on you`, or ''. */
  waiting: string;
  /** The Open button's word. */
  open: string;
  rows: MyGameRow[];
}

/**
 * "My games": every online game this browser holds a seat in, whose turn it is and when it last
 * changed, those waiting on me first, each opened with one button. Shown under the start panel.
 *
 * @event {CustomEvent<{ roomId: string }>} dp-request-open-game - Open was pressed for that game.
 *
 * @tagname dp-my-games
 */
export class DpMyGames extends LitElement {
  static override styles = [
    panelStyles,
    css`
      :host {
        display: block;
      }
      .card {
        width: min(24rem, calc(100vw - 2rem));
        box-sizing: border-box;
        padding: 12px 16px;
      }
      h2 {
        margin: 0 0 8px;
        font-size: 1.05rem;
      }
      h2 small {
        font-weight: 600;
        color: var(--dp-accent, #f5c542);
        margin-inline-start: 0.5em;
      }
      ul {
        list-style: none;
        margin: 0;
        padding: 0;
        display: grid;
        gap: 6px;
        max-height: 40vh;
        overflow-y: auto;
      }
      li {
        display: flex;
        align-items: center;
        gap: 12px;
        padding: 6px 8px;
        border-radius: 8px;
        background: rgba(255, 255, 255, 0.05);
      }
      li.mine {
        outline: 2px solid var(--dp-accent, #f5c542);
      }
      .text {
        flex: 1;
        min-width: 0;
      }
      .players {
        font-weight: 600;
        overflow-wrap: anywhere;
      }
      .status,
      .detail {
        font-size: 0.85rem;
      }
      .detail {
        opacity: 0.75;
      }
      button {
        min-height: 36px;
        min-width: 64px;
      }
    `,
  ];

  @property({ attribute: false }) view: MyGamesView | null = null;

  protected override render() {
    const view = this.view;
    if (!view || view.rows.length === 0) return nothing;
    return html`<section class="card" aria-labelledby="my-games-title" data-my-games>
      <h2 id="my-games-title">
        ${view.title}${view.waiting ? html` <small data-my-games-waiting>${view.waiting}</small>` : nothing}
      </h2>
      <ul>
        ${view.rows.map(
          (row) =>
            html`<li class=${row.mine ? 'mine' : ''} data-my-game=${row.roomId}>
              <div class="text">
                <div class="players">${row.players}</div>
                <div class="status">${row.status}</div>
                <div class="detail">${row.detail}</div>
              </div>
              <button
                type="button"
                class=${row.mine ? 'primary' : 'secondary'}
                aria-label=${`${view.open}: ${row.players}`}
                @click=${() => emit(this, 'dp-request-open-game', { roomId: row.roomId })}
              >
                ${view.open}
              </button>
            </li>`,
        )}
      </ul>
    </section>`;
  }
}

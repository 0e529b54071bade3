import { LitElement, html, nothing, type PropertyValues } from 'lit';
import { barChart, dataTable } from '../../charts/bar-chart.js';
import { property, state } from 'lit/decorators.js';
import type { Game } from '../../../engine/index.js';
import type { WinReviewedDecision } from '../../../engine/solver/index.js';
import {
  worstDecisions,
  type GameReview,
  type PlayerReview,
  type ReviewedDecision,
  type ReviewOption,
} from '../../../engine/solver/review.js';
import type { Strings } from '../../i18n/index.js';
import { miniDice } from '../../coach/mini-dice.js';
import { lossByRound, optionText, WIN_LOSS_MIN, winOption, worstByWin } from '../../coach/review-model.js';
import { reviewStyles } from './dp-review.styles.js';
import type { SolverClient } from '../../coach/SolverClient.js';
import { coachStringsFor } from '../../i18n/coach-strings.js';
import { seatPlaysOf } from '../../coach/hints-model.js';
import type { SeatKind } from '../../coach/seats.js';

/**
 * After a game, like a chess engine's review: for each player the expected points lost against
 * optimal play in total and round by round, the worst decisions (what was chosen, what was best, and
 * what it cost), and every decision on request.
 *
 * In a game of two or more it can judge the decisions by the chance to win instead (a switch, or
 * `by="win"`): each player's decisions that gave up the most chance to win, and all of them.
 *
 * Give it a `review` (and `winReview`) directly, or the finished `game` and a `client` to ask.
 *
 * @csspart card - The review card.
 * @cssproperty --dp-mini-die - Size of the small dice (default 1.15rem).
 *
 * @tagname dp-review
 */
export class DpReview extends LitElement {
  static override styles = reviewStyles;

  /** The game to review (normally a finished one). */
  @property({ attribute: false }) game: Game | null = null;
  /** The texts of the current language. */
  @property({ attribute: false }) strings!: Strings;
  /** A review to show; when null the component asks `client` for one of `game`. */
  @property({ attribute: false }) review: GameReview | null = null;
  /** The solver to ask when no `review` is given. */
  @property({ attribute: false }) client: SolverClient | null = null;
  /** The decisions judged by the chance to win; when null the component asks `client` (when shown). */
  @property({ attribute: false }) winReview: WinReviewedDecision[] | null = null;
  /** What the decisions are judged by: expected points, or the chance to win (games of two or more). */
  @property({ reflect: true }) by: 'points' | 'win' = 'points';
  /** Who played each seat: the review by chance to win judges each seat as it played (see dp-hints). */
  @property({ attribute: false }) seats: readonly SeatKind[] = [];
  /** How many of each player's worst decisions to list. */
  @property({ type: Number, attribute: 'worst-count' }) worstCount = 5;

  @state() private fetched: { game: Game; review: GameReview } | null = null;
  @state() private failed: Game | null = null;
  private askedFor: Game | null = null;
  @state() private winFetched: { game: Game; decisions: WinReviewedDecision[] } | null = null;
  @state() private winFailed: Game | null = null;
  private winAskedFor: Game | null = null;

  protected override willUpdate(changed: PropertyValues<this>): void {
    if (changed.has('game') || changed.has('client') || changed.has('by')) this.askWin();
    if (!(changed.has('game') || changed.has('client')) || this.review) return;
    const { game, client } = this;
    if (!game || !client || this.askedFor === game) return;
    this.askedFor = game;
    client.review(game).then(
      (review) => {
        if (this.askedFor === game) this.fetched = { game, review };
      },
      () => {
        if (this.askedFor === game) this.failed = game;
      },
    );
  }

  /** Whether the review can judge by the chance to win: a game of two or more, and a way to know it. */
  private winOffered(): boolean {
    return (this.game?.players.length ?? 0) >= 2 && (!!this.winReview || !!this.client?.winReview);
  }

  /** Asks the client for the review by chance to win, once a game, when it is shown. */
  private askWin(): void {
    const { game, client } = this;
    if (this.by !== 'win' || this.winReview || !game || !client?.winReview || this.winAskedFor === game)
      return;
    if (game.players.length < 2) return;
    this.winAskedFor = game;
    client.winReview(game, seatPlaysOf(this.seats, game.players.length)).then(
      (decisions) => {
        if (this.winAskedFor === game) this.winFetched = { game, decisions };
      },
      () => {
        if (this.winAskedFor === game) this.winFailed = game;
      },
    );
  }

  private option(option: ReviewOption, dice: number[]) {
    const text = optionText(option, this.strings, this.game?.rules);
    return option.type === 'row'
      ? html`<span>${text}</span>`
      : html`<span role="img" aria-label=${text}>${miniDice(dice, option.held)}</span>`;
  }

  private decision(d: ReviewedDecision) {
    const s = coachStringsFor(this.strings.lang);
    return html`<li class=${d.loss >= 0.005 ? 'lost' : 'good'}>
      <span class="when">${s.when(d.turn, d.rollsUsed)}</span>
      <span class="dice" role="img" aria-label=${d.dice.join(' ')}>${miniDice(d.dice)}</span>
      <span class="choice"><small>${s.chosen}</small> ${this.option(d.chosen, d.dice)}</span>
      <span class="choice"><small>${s.best}</small> ${this.option(d.best, d.dice)}</span>
      <span class="loss">${d.loss >= 0.005 ? s.loss(d.loss) : '–'}</span>
    </li>`;
  }

  private winDecision(d: WinReviewedDecision) {
    const s = coachStringsFor(this.strings.lang);
    const lost = d.loss >= WIN_LOSS_MIN;
    return html`<li class=${lost ? 'lost' : 'good'}>
      <span class="when">${s.when(d.turn, d.rollsUsed)}</span>
      <span class="dice" role="img" aria-label=${d.dice.join(' ')}>${miniDice(d.dice)}</span>
      <span class="choice"
        ><small>${s.chosen}</small> ${this.option(winOption(d.chosen, d.dice), d.dice)}</span
      >
      <span class="choice"><small>${s.best}</small> ${this.option(winOption(d.best, d.dice), d.dice)}</span>
      <span class="loss">${lost ? s.winLoss(d.loss) : '–'}</span>
    </li>`;
  }

  /** One player's decisions judged by the chance to win. */
  private winPlayer(decisions: WinReviewedDecision[], player: number, name: string) {
    const s = coachStringsFor(this.strings.lang);
    const own = decisions.filter((d) => d.player === player);
    const worst = worstByWin(decisions, player, this.worstCount);
    return html`<article data-player=${player} data-by-win>
      <header>
        <h3>${name}</h3>
        <span class="total">${s.decisions(own.length)}</span>
      </header>
      <h4>${s.worstDecisions}</h4>
      ${
        worst.length
          ? html`<ol class="decisions" data-worst>
              ${worst.map((d) => this.winDecision(d))}
            </ol>`
          : html`<p class="note">${s.noMistakes}</p>`
      }
      <details>
        <summary>${s.allDecisions}</summary>
        <ol class="decisions" data-all>
          ${own.map((d) => this.winDecision(d))}
        </ol>
      </details>
    </article>`;
  }

  private renderByWin() {
    const s = coachStringsFor(this.strings.lang);
    const game = this.game!;
    const decisions = this.winReview ?? (this.winFetched?.game === game ? this.winFetched.decisions : null);
    const failed = !decisions && this.winFailed === game;
    return html`<p class="note">${s.reviewWinIntro}</p>
      ${
        decisions
          ? game.players.map((p, i) => this.winPlayer(decisions, i, p.name))
          : html`<p class="note" role="status">${failed ? s.unavailable : s.reviewing}</p>`
      }`;
  }

  /** The switch between judging by points and by the chance to win. */
  private renderSwitch() {
    const s = coachStringsFor(this.strings.lang);
    const choose = (by: 'points' | 'win') => () => (this.by = by);
    return html`<div class="by" role="group" aria-label=${s.reviewBy}>
      <button type="button" data-by="points" aria-pressed=${this.by === 'points'} @click=${choose('points')}>
        ${s.byPoints}
      </button>
      <button type="button" data-by="win" aria-pressed=${this.by === 'win'} @click=${choose('win')}>
        ${s.byWin}
      </button>
    </div>`;
  }

  /** A bar per round, as tall as the points lost in it, axes labelled (the chart the History shares). */
  private chart(review: PlayerReview) {
    const s = coachStringsFor(this.strings.lang);
    const rounds = lossByRound(review);
    const labels = rounds.map((_, turn) => String(turn + 1));
    return html`${barChart({
        title: s.lossByRound,
        values: rounds,
        labels,
        xLabel: s.roundAxis,
        yLabel: s.pointsLost,
        format: s.number,
      })}
      <details>
        <summary>${s.asTable}</summary>
        ${dataTable(
          s.lossByRound,
          [s.roundAxis, s.pointsLost],
          rounds.map((loss, turn) => [labels[turn]!, s.number(loss)]),
        )}
      </details>`;
  }

  private player(review: PlayerReview) {
    const s = coachStringsFor(this.strings.lang);
    // Only what is shown as lost: a loss that rounds to 0.0 is no mistake to list.
    const worst = worstDecisions(review, this.worstCount, 0.05);
    return html`<article data-player=${review.player}>
      <header>
        <h3>${review.name}</h3>
        <span class="total" data-loss>${s.pointsLost}: <strong>${s.number(review.totalLoss)}</strong></span>
      </header>
      <p class="facts">
        ${s.finalScore} ${review.score} · ${s.optimalExpected} ${s.number(review.expectedAtStart)} ·
        ${s.decisions(review.decisions.length)}
      </p>
      <p class="chart-title">${s.lossByRound}</p>
      ${this.chart(review)}
      <h4>${s.worstDecisions}</h4>
      ${
        worst.length
          ? html`<ol class="decisions" data-worst>
              ${worst.map((d) => this.decision(d))}
            </ol>`
          : html`<p class="note">${s.noMistakes}</p>`
      }
      <details>
        <summary>${s.allDecisions}</summary>
        <ol class="decisions" data-all>
          ${review.decisions.map((d) => this.decision(d))}
        </ol>
      </details>
    </article>`;
  }

  protected override render() {
    if (!this.strings) return nothing;
    const s = coachStringsFor(this.strings.lang);
    const review = this.review ?? (this.fetched?.game === this.game ? this.fetched?.review : null);
    const failed = !review && !!this.game && this.failed === this.game;
    const offered = this.winOffered();
    const byWin = offered && this.by === 'win';
    const winReady =
      !!this.winReview ||
      (!!this.game && this.winFetched?.game === this.game) ||
      this.winFailed === this.game;
    return html`<section
      class="card"
      part="card"
      aria-label=${s.review}
      aria-busy=${(byWin ? winReady : review) ? 'false' : 'true'}
    >
      <h2>${s.review}</h2>
      ${
        // The expected scores and losses below are the rule set's own: which one, said first.
        this.game
          ? html`<p class="note" data-review-rules>
              ${this.strings.ruleSet}: ${this.strings.rules[this.game.rules]}
            </p>`
          : nothing
      }
      ${offered ? this.renderSwitch() : nothing}
      ${
        byWin
          ? this.renderByWin()
          : html`<p class="note">${s.reviewIntro}</p>
              ${
                review
                  ? review.players.map((p) => this.player(p))
                  : html`<p class="note" role="status">${failed ? s.unavailable : s.reviewing}</p>`
              }`
      }
    </section>`;
  }
}

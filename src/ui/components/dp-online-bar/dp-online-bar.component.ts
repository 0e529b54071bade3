import { html, LitElement, nothing, svg, type PropertyValues } from 'lit';
import { property, state } from 'lit/decorators.js';
import { TURN_COUNTDOWN_SECONDS } from '../../../online/protocol.js';
import { emit } from '../../events.js';
import { onlineBarStyles } from './dp-online-bar.styles.js';

/**
 * The signs a narrow bar keeps when it leaves out the words (they stay for screen readers): a clock
 * before the time left, a bell for notifications of my turn.
 */
const CLOCK_ICON = svg`<svg class="icon" viewBox="0 0 16 16" aria-hidden="true"><circle cx="8" cy="8" r="6.3" fill="none" stroke="currentColor" stroke-width="1.5"/><path d="M8 4.4V8l2.6 1.6" fill="none" stroke="currentColor" stroke-width="1.5" stroke-linecap="round"/></svg>`;
const BELL_ICON = svg`<svg class="icon" viewBox="0 0 16 16" aria-hidden="true"><path d="M8 1.8c-2.5 0-4.2 1.9-4.2 4.4v2.9L2.4 11.4h11.2L12.2 9.1V6.2C12.2 3.7 10.5 1.8 8 1.8z" fill="none" stroke="currentColor" stroke-width="1.4" stroke-linejoin="round"/><path d="M6.3 13.2a1.8 1.8 0 0 0 3.4 0" fill="none" stroke="currentColor" stroke-width="1.4" stroke-linecap="round"/></svg>`;

/**
 * A nudge of the turn's person: the button that sends one (`label` "Nudge Jüri"), or, once one was
 * sent this turn, who nudged whom (`sent`).
 */
export interface NudgeView {
  label: string;
  sent: boolean;
}

/** Someone asking for a seat by its name, as the bar shows them. */
export interface ClaimView {
  seat: number;
  /** What the bar says of them. */
  text: string;
}

/**
 * What an online game shows over the table besides the game: the turn clock, counting down in a
 * turn's last TURN_COUNTDOWN_SECONDS seconds, and those who ask for a seat by its name without its key,
 * with "Let in" and "Refuse" for the one who may answer. Loaded with online play.
 *
 * @event {CustomEvent<{ seat: number; admit: boolean }>} dp-request-answer-claim - Let in, or Refuse.
 * @event {CustomEvent<{ on: boolean }>} dp-request-notify - Notifications of my turn on, or off.
 * @event {CustomEvent<void>} dp-request-nudge - Nudge: remind the person whose turn it is.
 * @event {CustomEvent<void>} dp-request-leave - Stop watching (for one who watches).
 *
 * @tagname dp-online-bar
 */
export class DpOnlineBar extends LitElement {
  static override styles = onlineBarStyles;

  /** When the timed turn under way ends (performance.now() time), or null. */
  @property({ attribute: false }) clockEndsAt: number | null = null;
  /** Says whose time it is (`Time left for Mari`). */
  @property() clockLabel = '';
  /**
   * At one's own pace, how the hours or days left are written: the clock is shown all the turn, and
   * read again every minute; null (live) shows it only as it counts down the turn's last seconds.
   */
  @property({ attribute: false }) longLeft: ((seconds: number) => string) | null = null;
  /** At one's own pace, the switch for notifications of my turn, or null. */
  @property({ attribute: false }) notify: { on: boolean; label: string } | null = null;
  /** At one's own pace, the nudge of the person whose turn it is, or null. */
  @property({ attribute: false }) nudge: NudgeView | null = null;
  /** For one who watches the game: whom they watch, and the words of the button that stops; or null. */
  @property({ attribute: false }) watching: { label: string; leave: string } | null = null;
  /** Those who ask for a seat, for this page to answer. */
  @property({ attribute: false }) claims: ClaimView[] = [];
  @property() letIn = 'Let in';
  @property() refuse = 'Refuse';

  /** Whole seconds left of the timed turn, as shown. */
  @state() private secondsLeft: number | null = null;
  private timer: ReturnType<typeof setTimeout> | undefined;

  override connectedCallback(): void {
    super.connectedCallback();
    // Put back on the page: read the clock again (taking it off stopped the timer).
    if (this.hasUpdated) this.tick();
  }

  override disconnectedCallback(): void {
    super.disconnectedCallback();
    clearTimeout(this.timer);
  }

  protected override willUpdate(changed: PropertyValues<this>): void {
    if (changed.has('clockEndsAt') || changed.has('longLeft')) this.tick();
  }

  /** Reads the clock, and looks again when the shown second would change. */
  private tick(): void {
    clearTimeout(this.timer);
    if (this.clockEndsAt === null || !Number.isFinite(this.clockEndsAt)) {
      this.secondsLeft = null;
      return;
    }
    const ms = this.clockEndsAt - performance.now();
    this.secondsLeft = Math.max(0, Math.ceil(ms / 1000));
    if (ms <= 0) return;
    if (this.longLeft && ms > TURN_COUNTDOWN_SECONDS * 1000) {
      // Hours or days shown in minutes: look again when the minute shown changes.
      this.timer = setTimeout(() => this.tick(), Math.max(50, Math.min(ms % 60_000 || 60_000, ms - 15_000)));
      return;
    }
    // Wake when the next whole second is reached (or when the countdown starts showing).
    const toCountdown = ms - TURN_COUNTDOWN_SECONDS * 1000;
    const wait = toCountdown > 0 ? toCountdown : ms - (this.secondsLeft - 1) * 1000;
    this.timer = setTimeout(() => this.tick(), Math.max(50, wait));
  }

  protected override render() {
    const left = this.secondsLeft;
    const counting = left !== null && left <= TURN_COUNTDOWN_SECONDS;
    const long = left !== null && !counting && this.longLeft;
    return html`${
      this.watching
        ? html`<p class="clock watching" role="status" data-watching>${this.watching.label}</p>
            <button
              type="button"
              class="clock notify"
              data-stop-watching
              @click=${() => emit(this, 'dp-request-leave')}
            >
              ${this.watching.leave}
            </button>`
        : nothing
    }
    ${
      counting
        ? html`<p class="clock ${left <= 5 ? 'urgent' : ''}" role="timer" data-turn-clock>
            ${CLOCK_ICON}<span class="label">${this.clockLabel}</span>
            <b>0:${String(left).padStart(2, '0')}</b>
          </p>`
        : long
          ? html`<p class="clock" role="timer" data-turn-clock>
              ${CLOCK_ICON}<span class="label">${this.clockLabel}</span> <b>${long(left)}</b>
            </p>`
          : nothing
    }
    ${
      this.notify
        ? html`<button
            type="button"
            class="clock notify bell"
            aria-pressed=${this.notify.on ? 'true' : 'false'}
            title=${this.notify.label}
            data-notify-turn
            @click=${() => emit(this, 'dp-request-notify', { on: !this.notify!.on })}
          >
            ${BELL_ICON}<span class="label">${this.notify.on ? '✓ ' : ''}${this.notify.label}</span>
          </button>`
        : nothing
    }
    ${
      this.nudge
        ? this.nudge.sent
          ? html`<p class="clock nudged" role="status" data-nudged>${this.nudge.label}</p>`
          : html`<button
              type="button"
              class="clock notify"
              data-nudge
              @click=${() => emit(this, 'dp-request-nudge')}
            >
              ${this.nudge.label}
            </button>`
        : nothing
    }
    ${this.claims.map(
      (claim) =>
        html`<div class="claim card" role="alert" data-claim=${claim.seat}>
          <p>${claim.text}</p>
          <div class="actions">
            <button
              class="secondary"
              data-refuse-claim
              @click=${() => emit(this, 'dp-request-answer-claim', { seat: claim.seat, admit: false })}
            >
              ${this.refuse}
            </button>
            <button
              class="primary"
              data-admit-claim
              @click=${() => emit(this, 'dp-request-answer-claim', { seat: claim.seat, admit: true })}
            >
              ${this.letIn}
            </button>
          </div>
        </div>`,
    )}`;
  }
}

import { shownName } from '../../shown-names.js';
import { html, nothing } from 'lit';
import { property, state } from 'lit/decorators.js';
import { BOT_IDS, type BotId } from '../../../engine/bots/bot.js';
import { MAX_NAME_LENGTH, RULE_SETS, type RuleSetId } from '../../../engine/index.js';
import {
  MAX_SEATS,
  MIN_SEATS,
  OWN_PACE_SECONDS_CHOICES,
  TURN_SECONDS_CHOICES,
  type RoomPace,
  type RoomView,
  type TimeUp,
} from '../../../online/protocol.js';
import { emit } from '../../events.js';
import type { Strings } from '../../i18n/index.js';
import { onlineStringsFor } from '../../i18n/online-strings.js';
import { OverlayPanel } from '../OverlayPanel.js';
import { onlinePanelStyles } from './dp-online-panel.styles.js';

/** The links the room's panel offers to send. */
type LinkKind = 'invite' | 'watch';

/**
 * Online play before the game: joining a friend's room (a name, then Join), or the room itself: the
 * invite link and the link to watch, each with a copy button, who sits at the table (and who is away), and for the host the
 * computers to add and the Start button.
 *
 * @event {CustomEvent<{ name: string }>} dp-request-join - Join was pressed, with the name typed.
 * @event {CustomEvent<void>} dp-request-online-start - The host pressed Start.
 * @event {CustomEvent<{ kind: BotId }>} dp-request-add-bot - The host added a computer.
 * @event {CustomEvent<{ seat: number }>} dp-request-remove-seat - The host emptied a seat.
 * @event {CustomEvent<{ rules: RuleSetId }>} dp-request-rules - The host chose the rule set.
 * @event {CustomEvent<{ seconds: number, pace: RoomPace }>} dp-request-clock - The host chose how the room
 *   is played (live, or at one's own pace) and the time for a turn.
 * @event {CustomEvent<void>} dp-request-leave - Leave (or Back, from joining).
 *
 * @tagname dp-online-panel
 */
export class DpOnlinePanel extends OverlayPanel {
  static override styles = onlinePanelStyles;

  /** The texts of the current language. */
  @property({ attribute: false }) strings!: Strings;
  /** The room (in the lobby), or null while joining. */
  @property({ attribute: false }) room: RoomView | null = null;
  /** This page's seat in the room. */
  @property({ type: Number }) seat = -1;
  /** The invite link of the room. */
  @property() invite = '';
  /** The link to watch the room (no seat). */
  @property() watchLink = '';
  /** This page watches the room: no seat, no invite to send, Stop watching to go. */
  @property({ type: Boolean }) watching = false;
  /** Who invited this page (from the invite link), named on the join panel; '' when unknown. */
  @property() invitedBy = '';
  /** A request is on its way (joining): the buttons wait. */
  @property({ type: Boolean }) busy = false;
  /** The name to start from. */
  @property() name = '';
  /** The invite is to another game than the one this browser holds a seat in: say that one is kept. */
  @property({ type: Boolean }) keptElsewhere = false;
  /** The name of the seat this page asks for without its key (waiting for the host), or null. */
  @property({ attribute: false }) claiming: string | null = null;

  @state() private draftName = '';
  @state() private botKind: BotId = 'good';
  /** The link copied last, or null. */
  @state() private copied: LinkKind | null = null;

  protected override willUpdate(changed: Map<string, unknown>): void {
    if (changed.has('name')) this.draftName = this.name;
  }

  private join(event: Event): void {
    event.preventDefault();
    emit(this, 'dp-request-join', { name: this.draftName.trim() });
  }

  private async copy(kind: LinkKind, link: string): Promise<void> {
    try {
      await navigator.clipboard.writeText(link);
    } catch {
      // No clipboard (an insecure page, a refusal): the link is selected for the player to copy.
      const field = kind === 'invite' ? '[data-invite]' : '[data-watch-link]';
      this.renderRoot.querySelector<HTMLInputElement>(field)?.select();
      return;
    }
    this.copied = kind;
  }

  /** A link to send (the invite, or the link to watch), read-only, with its copy button and what it does. */
  private linkField(kind: LinkKind, label: string, link: string, help: string) {
    const o = onlineStringsFor(this.strings.lang);
    return html`<label class="invite"
        >${label}
        <span class="row">
          <input
            ?data-invite=${kind === 'invite'}
            ?data-watch-link=${kind === 'watch'}
            readonly
            .value=${link}
            @focus=${(e: Event) => (e.target as HTMLInputElement).select()}
          />
          <button
            type="button"
            class="secondary"
            ?data-copy=${kind === 'invite'}
            ?data-copy-watch=${kind === 'watch'}
            @click=${() => void this.copy(kind, link)}
          >
            ${this.copied === kind ? o.copied : o.copy}
          </button>
        </span>
      </label>
      <p class="help">${help}</p>`;
  }

  protected override render() {
    if (this.claiming !== null) return this.renderClaiming(this.claiming);
    return this.room ? this.renderRoom(this.room) : this.renderJoin();
  }

  /** Asking for a seat by its name: the host is asked; Back gives up. */
  private renderClaiming(name: string) {
    const o = onlineStringsFor(this.strings.lang);
    return html`<div class="card">
      <h2>${o.joinTitle}</h2>
      <p class="help" role="status" data-claim-waiting>${o.claimWaiting(name)}</p>
      <div class="actions">
        <button type="button" class="secondary" data-leave @click=${() => emit(this, 'dp-request-leave')}>
          ${o.back}
        </button>
      </div>
    </div>`;
  }

  /**
   * How the room is played and the time for a turn: live (seconds, everyone at the table at once) or
   * at one's own pace (hours or days, each taking their turn when they like). The host chooses, the
   * others see it; both are told what it means.
   */
  private renderClock(room: RoomView, isHost: boolean) {
    const o = onlineStringsFor(this.strings.lang);
    const { pace, seconds, timeUp } = room.clock;
    const ownPace = pace === 'own-pace';
    const meaning = html`<p class="help" data-pace-help>
      ${ownPace ? o.ownPaceHelp(o.duration(seconds), timeUp === 'forfeit') : o.liveHelp}
    </p>`;
    if (!isHost) {
      return html`<p class="help" data-clock>
          ${o.turnClock}: ${ownPace ? o.ownPace : o.live}, ${o.duration(seconds)}
        </p>
        ${meaning}`;
    }
    // At one's own pace the host also chooses what a turn run out does.
    const timeUpChoice = ownPace
      ? html`<label class="row clock"
          >${o.whenTimeIsUp}
          <select
            class="time-up"
            data-time-up
            @change=${(e: Event) =>
              emit(this, 'dp-request-clock', {
                seconds,
                pace,
                timeUp: (e.target as HTMLSelectElement).value as TimeUp,
              })}
          >
            <option value="stand-in" ?selected=${timeUp !== 'forfeit'}>${o.timeUpStandIn}</option>
            <option value="forfeit" ?selected=${timeUp === 'forfeit'}>${o.timeUpForfeit}</option>
          </select>
        </label>`
      : nothing;
    const option = (choicePace: RoomPace, n: number) =>
      html`<option value=${`${choicePace}:${n}`} ?selected=${pace === choicePace && n === seconds}>
        ${o.duration(n)}
      </option>`;
    return html`<label class="row clock"
        >${o.turnClock}
        <select
          data-clock
          @change=${(e: Event) => {
            const [chosenPace, chosen] = (e.target as HTMLSelectElement).value.split(':');
            emit(this, 'dp-request-clock', {
              seconds: Number(chosen),
              pace: chosenPace as RoomPace,
              ...(chosenPace === 'own-pace' ? { timeUp } : {}),
            });
          }}
        >
          <optgroup label=${o.live}>${TURN_SECONDS_CHOICES.map((n) => option('live', n))}</optgroup>
          <optgroup label=${o.ownPace}>
            ${OWN_PACE_SECONDS_CHOICES.map((n) => option('own-pace', n))}
          </optgroup>
        </select>
      </label>
      ${timeUpChoice} ${meaning}`;
  }

  /** The rule set the room will play: the host chooses from all of them, the others see which. */
  private renderRules(room: RoomView, isHost: boolean) {
    const s = this.strings;
    const summary = s.ruleSummaries[room.rules];
    if (!isHost)
      return html`<p class="help" data-room-rules>${s.ruleSet}: ${s.rules[room.rules]} (${summary})</p>`;
    return html`<label class="row rules"
        >${s.ruleSet}
        <select
          data-room-rules
          aria-describedby="rules-summary"
          @change=${(e: Event) =>
            emit(this, 'dp-request-rules', { rules: (e.target as HTMLSelectElement).value as RuleSetId })}
        >
          ${RULE_SETS.map((id) => html`<option value=${id} ?selected=${id === room.rules}>${s.rules[id]}</option>`)}
        </select>
      </label>
      <p class="help" id="rules-summary" data-rules-summary>${summary}</p>`;
  }

  private renderJoin() {
    const o = onlineStringsFor(this.strings.lang);
    return html`<form class="card" @submit=${this.join}>
      <h2>${o.joinTitle}</h2>
      ${this.invitedBy ? html`<p class="inviter" data-inviter>${o.invitedBy(this.invitedBy)}</p>` : nothing}
      ${this.keptElsewhere ? html`<p class="help kept" data-kept-elsewhere>${o.otherGameKept}</p>` : nothing}
      <label
        >${o.yourName}
        <input
          data-online-name
          .value=${this.draftName}
          maxlength=${MAX_NAME_LENGTH}
          required
          autocomplete="nickname"
          @input=${(e: Event) => (this.draftName = (e.target as HTMLInputElement).value)}
        />
      </label>
      <div class="actions">
        <button type="button" class="secondary" data-leave @click=${() => emit(this, 'dp-request-leave')}>
          ${o.back}
        </button>
        <button class="primary" type="submit" data-join ?disabled=${this.busy || !this.draftName.trim()}>
          ${this.busy ? o.joining : o.join}
        </button>
      </div>
    </form>`;
  }

  private renderRoom(room: RoomView) {
    const o = onlineStringsFor(this.strings.lang);
    const isHost = room.host === this.seat;
    const full = room.seats.length >= MAX_SEATS;
    return html`<div class="card">
      <h2>${this.watching ? o.watchingTitle : this.strings.playOnline}</h2>
      ${this.watching ? nothing : this.linkField('invite', o.invite, this.invite, o.inviteHelp)}
      ${this.linkField('watch', o.watchLink, this.watchLink, o.watchHelp)}
      <h3>${o.seats}</h3>
      <ol class="seats" data-seats>
        ${room.seats.map(
          (seat, i) =>
            html`<li data-seat=${i} class=${seat.connected ? '' : 'away'}>
              <span class="who"
                >${shownName(seat.name, seat.kind !== 'human', this.strings)}${seat.kind !== 'human' ? html` <small>(${o.computer[seat.kind] ?? seat.kind})</small>` : nothing}</span
              >
              <span class="tags">
                ${i === room.host ? html`<small class="tag">${o.host}</small>` : nothing}
                ${i === this.seat ? html`<small class="tag">${o.you}</small>` : nothing}
                ${!seat.connected ? html`<small class="tag">${o.away}</small>` : nothing}
                ${
                  isHost && i !== this.seat
                    ? html`<button
                        type="button"
                        class="remove"
                        data-remove=${i}
                        aria-label=${o.remove(seat.name)}
                        @click=${() => emit(this, 'dp-request-remove-seat', { seat: i })}
                      >
                        ✕
                      </button>`
                    : nothing
                }
              </span>
            </li>`,
        )}
      </ol>
      ${
        isHost
          ? html`<div class="row add">
              <select
                aria-label=${o.addComputer}
                @change=${(e: Event) => (this.botKind = (e.target as HTMLSelectElement).value as BotId)}
              >
                ${BOT_IDS.map(
                  (kind) =>
                    html`<option value=${kind} ?selected=${kind === this.botKind}>
                      ${o.computer[kind] ?? kind}
                    </option>`,
                )}
              </select>
              <button
                type="button"
                class="secondary"
                data-add-bot
                ?disabled=${full}
                @click=${() => emit(this, 'dp-request-add-bot', { kind: this.botKind })}
              >
                + ${o.addComputer}
              </button>
            </div>`
          : html`<p class="help" data-waiting>${o.waitingForHost}</p>`
      }
      ${this.renderRules(room, isHost)} ${this.renderClock(room, isHost)}
      ${isHost && room.seats.length < MIN_SEATS ? html`<p class="help">${o.needTwo}</p>` : nothing}
      <div class="actions">
        <button type="button" class="secondary" data-leave @click=${() => emit(this, 'dp-request-leave')}>
          ${this.watching ? o.stopWatching : o.leave}
        </button>
        ${
          isHost
            ? html`<button
                type="button"
                class="primary"
                data-online-start
                ?disabled=${room.seats.length < MIN_SEATS}
                @click=${() => emit(this, 'dp-request-online-start')}
              >
                ${o.start}
              </button>`
            : nothing
        }
      </div>
    </div>`;
  }
}

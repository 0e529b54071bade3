import { html, nothing, type TemplateResult } from 'lit';
import { scoreOptions, type Game, type RowId, type RuleSetId } from '../../engine/index.js';
import type { NewGameOptions } from '../new-game-options.js';
import type { BotId } from '../../engine/bots/index.js';
import type { RequestClockDetail } from '../events.js';
import type { TurnWait } from '../components/dp-controls/dp-controls.component.js';
import type { DicePokerView } from './dice-poker.view-model.js';
import { firstThrowHint } from '../throw-hint.js';

// The element's shadow DOM as a template of its view model (dice-poker.view-model.ts): what it shows
// and where the player's requests go, made by overlay-view.ts.

function onlinePanel(v: DicePokerView): TemplateResult {
  const o = v.online;
  return html`<div class="modal" lang=${v.language} ?inert=${v.guide.open}>
    <dp-online-panel
      .strings=${v.strings}
      .room=${o.lobby}
      .seat=${o.seat}
      .invite=${o.invite}
      .watchLink=${o.watchLink}
      ?watching=${o.watching}
      .invitedBy=${o.invitedBy}
      .name=${o.playerName || v.lastName}
      ?keptElsewhere=${o.keptElsewhere}
      .claiming=${o.claiming}
      ?busy=${o.busy}
      @dp-request-rules=${(e: CustomEvent<{ rules: RuleSetId }>) => v.on.setRoomRules(e.detail.rules)}
      @dp-request-clock=${(e: CustomEvent<RequestClockDetail>) => v.on.setClock(e.detail.seconds, e.detail.pace, e.detail.timeUp)}
      @dp-request-join=${(e: CustomEvent<{ name: string }>) => v.on.join(e.detail.name)}
      @dp-request-online-start=${v.on.startOnline}
      @dp-request-add-bot=${(e: CustomEvent<{ kind: BotId }>) => v.on.addBot(e.detail.kind)}
      @dp-request-remove-seat=${(e: CustomEvent<{ seat: number }>) => v.on.removeSeat(e.detail.seat)}
      @dp-request-leave=${v.on.leave}
    ></dp-online-panel>
  </div>`;
}

/**
 * The turn clock and the asks for a seat: in the table's strip while the game is played, over
 * everything while a panel is open (an ask is answered even from the lobby).
 */
function onlineBar(v: DicePokerView): TemplateResult | typeof nothing {
  const bar = v.online.bar;
  if (!bar) return nothing;
  return html`<dp-online-bar
    class="online-bar"
    lang=${v.language}
    ?inert=${v.guide.open}
    .clockEndsAt=${bar.clockEndsAt}
    .clockLabel=${bar.clockLabel}
    .longLeft=${bar.longLeft}
    .notify=${bar.notify}
    @dp-request-notify=${(e: CustomEvent<{ on: boolean }>) => v.on.notifyTurn(e.detail.on)}
    .nudge=${bar.nudge}
    @dp-request-nudge=${v.on.nudge}
    .watching=${bar.watching}
    @dp-request-leave=${v.on.leave}
    .claims=${bar.claims}
    .letIn=${bar.letIn}
    .refuse=${bar.refuse}
    @dp-request-answer-claim=${(e: CustomEvent<{ seat: number; admit: boolean }>) =>
      v.on.answerClaim(e.detail.seat, e.detail.admit)}
  ></dp-online-bar>`;
}

function startPanel(v: DicePokerView): TemplateResult {
  const game = v.game;
  return html`<div class="modal" lang=${v.language} ?inert=${v.guide.open}>
    ${v.notice ? html`<p class="saved-notice" role="alert">${v.notice}</p>` : nothing}
    <dp-start-panel
      .strings=${v.strings}
      .names=${game?.players.map((p) => p.name) ?? [v.online.playerName || v.lastName].filter(Boolean)}
      .seats=${v.seats}
      .rules=${game?.rules ?? v.rules}
      ?cancellable=${!!game && !game.over}
      ?guide=${v.guide.offered}
      @dp-request-guide=${v.on.openGuide}
      @dp-request-new-game=${(e: CustomEvent<NewGameOptions>) => v.on.start(e.detail)}
      @dp-request-cancel=${() => v.on.setUp(false)}
      @dp-request-host=${(e: CustomEvent<{ name: string }>) => v.on.host(e.detail.name)}
      @dp-request-history=${v.on.openHistory}
      @dp-request-check-record=${v.on.checkRecord}
    ></dp-start-panel>
    ${
      v.online.proof && !v.online.proof.roomGame
        ? html`<dp-game-proof
            .words=${v.online.proof.words}
            .result=${v.online.proof.result}
            ?busy=${v.online.proof.busy}
            ?failed=${v.online.proof.failed}
            .roomGame=${false}
            @dp-request-verify=${v.on.verify}
          ></dp-game-proof>`
        : nothing
    }
    ${
      v.online.myGames
        ? html`<dp-my-games
            .view=${v.online.myGames}
            @dp-request-open-game=${(e: CustomEvent<{ roomId: string }>) => v.on.openGame(e.detail.roomId)}
          ></dp-my-games>`
        : nothing
    }
  </div>`;
}

/** The History panel (a chunk of its own, loaded when opened), over whichever panel opened it. */
function historyPanel(v: DicePokerView): TemplateResult {
  return html`<div class="modal" lang=${v.language} ?inert=${v.guide.open}>
    <dp-history
      .strings=${v.strings}
      .games=${v.playHistory.games}
      .note=${v.playHistory.note}
      @dp-request-close-history=${v.on.closeHistory}
      @dp-request-import-history=${(e: CustomEvent<{ text: string }>) => v.on.importHistory(e.detail.text)}
    ></dp-history>
  </div>`;
}

/** Online, after the game: who asks for a rematch, and the button that asks for (or agrees to) it. */
function rematchParts(v: DicePokerView): TemplateResult | typeof nothing {
  const rematch = v.online.rematch;
  if (!rematch) return nothing;
  // Asked by another player: the answer is the thing to do now.
  const invited = !rematch.asked && rematch.note !== '';
  return html`${rematch.note ? html`<p class="rematch-note" role="status" data-rematch-status>${rematch.note}</p>` : nothing}
    <button
      class="${invited ? 'primary' : 'secondary'} review-button"
      data-rematch
      ?disabled=${rematch.asked}
      @click=${v.on.rematch}
    >
      ${rematch.label}
    </button>`;
}

function gameOverPanel(v: DicePokerView, game: Game): TemplateResult {
  return html`<div class="modal" lang=${v.language} ?inert=${v.guide.open}>
    <div class="stack">
      <dp-game-over
        .strings=${v.strings}
        .game=${game}
        .history=${v.history}
        lang=${v.language}
        @dp-request-setup=${() => v.on.setUp(true)}
        @dp-request-clear-history=${v.on.clearHistory}
      >
        ${rematchParts(v)}
        ${
          // Inside the game-over card, with its other buttons (its slot).
          v.showReview
            ? nothing
            : html`<button class="secondary review-button" data-show-review @click=${v.on.showReview}>
                ${v.strings.coach.showReview}
              </button>`
        }
        <button class="secondary review-button" data-show-history @click=${v.on.openHistory}>
          ${v.strings.coach.showHistory}
        </button>
      </dp-game-over>
      ${
        v.online.proof?.roomGame
          ? html`<dp-game-proof
              .words=${v.online.proof.words}
              .result=${v.online.proof.result}
              ?busy=${v.online.proof.busy}
              ?failed=${v.online.proof.failed}
              @dp-request-verify=${v.on.verify}
              @dp-request-save-record=${v.on.saveRecord}
            ></dp-game-proof>`
          : nothing
      }
      ${
        v.showReview
          ? html`<dp-review
              .game=${game}
              .strings=${v.strings}
              .seats=${v.seats}
              .client=${v.solver}
            ></dp-review>`
          : nothing
      }
    </div>
  </div>`;
}

function topbar(v: DicePokerView, playing: boolean): TemplateResult {
  const s = v.strings;
  return html`<div class="topbar" lang=${v.language} ?inert=${v.guide.open}>
    <button
      data-lang-toggle
      lang=${v.language === 'et' ? 'en' : 'et'}
      title=${s.language}
      @click=${v.on.toggleLang}
    >
      ${s.otherLanguage}
    </button>
    <button data-mute aria-pressed=${v.muted ? 'true' : 'false'} @click=${v.on.toggleMute}>
      ${v.muted ? s.sound.off : s.sound.on}
    </button>
    ${
      v.guide.offered
        ? html`<button data-guide-top aria-label=${s.howToPlay} title=${s.howToPlay} @click=${v.on.openGuide}>
            <span aria-hidden="true">?</span>
          </button>`
        : nothing
    }
    ${
      playing
        ? html`<button data-hints aria-pressed=${v.hintsOn ? 'true' : 'false'} @click=${v.on.toggleHints}>
              ${v.hintsOn ? s.coach.hintsOn : s.coach.hintsOff}
            </button>
            <button data-new-game-top @click=${v.on.newGame}>${s.newGame}</button>`
        : nothing
    }
    ${
      v.online.move
        ? html`<button data-move-seat title=${v.online.move.label} @click=${v.on.moveLink}>
            <span aria-hidden="true">⇄</span> <span class="move-label">${v.online.move.label}</span>
          </button>`
        : nothing
    }
  </div>`;
}

/** The link to play this online seat on another device, over everything, until closed. */
function moveLinkPanel(v: DicePokerView, link: { url: string; until: number }): TemplateResult {
  return html`<div class="modal" lang=${v.language} ?inert=${v.guide.open}>
    <dp-move-link
      .strings=${v.strings}
      .link=${link.url}
      .until=${link.until}
      @dp-request-close=${v.on.closeMoveLink}
    ></dp-move-link>
  </div>`;
}

/** "How to play", over everything (the rest inert behind it) until its button or Escape closes it. */
function guidePanel(v: DicePokerView): TemplateResult {
  return html`<div class="modal guide" lang=${v.language}>
    <dp-how-to-play .strings=${v.strings} @dp-request-close-guide=${v.on.closeGuide}></dp-how-to-play>
  </div>`;
}

/** The whole shadow DOM of <dice-poker>. */
export function renderDicePoker(v: DicePokerView): TemplateResult {
  const { strings: s, game } = v;
  const onlinePanelOpen = (v.online.joining || !!v.online.lobby) && !v.settingUp;
  const playing = !!game && !game.over && !v.settingUp && !onlinePanelOpen;
  const modal = !game || game.over || v.settingUp || onlinePanelOpen;
  // Someone else plays now (a computer, or online another seat): this page only watches.
  const watching = v.botTurn || v.othersTurn;
  const locked = v.busy || watching;
  const name = game ? game.players[game.current]!.name : '';
  const online = v.online.seat >= 0;
  // Online, the turn of this page's seat that it cannot play: the room is out of reach, or saving.
  const waiting: TurnWait | null = v.botTurn
    ? { kind: 'computer', name }
    : v.othersTurn
      ? { kind: game?.current !== v.online.seat ? 'person' : v.online.saving ? 'saving' : 'link', name }
      : null;
  // While a panel asks something, the game behind it is inert: the keyboard stays in the panel.
  return html`<div
      class="layout ${game ? 'with-sheet' : ''}"
      lang=${v.language}
      ?inert=${modal || v.guide.open}
    >
      <div class="table" part="table">
        ${
          // While the game is played the bar has a strip of its own above the felt (no die under it);
          // over a panel it lies over everything, outside the inert game.
          modal ? nothing : onlineBar(v)
        }
        <div class="stage"></div>
        <p class="keys" id="keys">${s.keys}</p>
        ${v.noWebgl ? html`<p class="notice" role="status">${s.noWebgl}</p>` : nothing}
        ${v.message ? html`<p class="toast" role="alert">${v.message}</p>` : nothing}
        ${
          // Where the controls have no room for their help line (a phone on its side, a short one
          // upright), how to throw is said on the felt, where the flick is made, until the first throw.
          playing && !locked && !v.message && game.rollsUsed === 0
            ? html`<p class="felt-hint" data-felt-hint>${firstThrowHint(s)}</p>`
            : nothing
        }
        ${
          playing && v.online.notice
            ? html`<p class="notice" role="status" data-away>${v.online.notice}</p>`
            : nothing
        }
        ${
          playing && v.botTurn
            ? html`<p class="bot-bar">
                ${s.coach.botThinking(name)}
                <button class="secondary" data-skip @click=${v.on.skipBot}>${s.coach.skip}</button>
              </p>`
            : nothing
        }
      </div>
      ${
        playing
          ? html`<dp-controls
              part="controls"
              exportparts="roll-button, tray"
              .game=${game}
              .strings=${s}
              .busy=${v.busy}
              .waiting=${waiting}
              ?mine=${online && !watching && game?.current === v.online.seat}
              @dp-request-roll=${v.on.roll}
              @dp-request-hold=${(e: CustomEvent<{ index: number }>) => v.on.hold(e.detail.index)}
            ></dp-controls>`
          : nothing
      }
      ${
        game
          ? html`<div class="sheet">
              ${
                playing && v.hintsOn && !watching
                  ? html`<dp-hints
                      .game=${game}
                      .strings=${s}
                      .seats=${v.seats}
                      .client=${v.solver}
                    ></dp-hints>`
                  : nothing
              }
              <dp-scorecard
                part="scorecard"
                .game=${game}
                .strings=${s}
                .options=${playing && !watching ? scoreOptions(game) : {}}
                ?disabled=${locked}
                @dp-request-score=${(e: CustomEvent<{ row: RowId }>) => v.on.score(e.detail.row)}
              ></dp-scorecard>
              <div class="more-below" aria-hidden="true">
                <svg viewBox="0 0 16 10"><path d="M2 2l6 6 6-6"></path></svg>
              </div>
            </div>`
          : nothing
      }
    </div>
    ${
      v.playHistory.open
        ? historyPanel(v)
        : onlinePanelOpen
          ? onlinePanel(v)
          : !game || v.settingUp
            ? startPanel(v)
            : game.over
              ? gameOverPanel(v, game)
              : nothing
    }
    ${modal ? onlineBar(v) : nothing} ${topbar(v, playing)}
    ${v.online.move?.link ? moveLinkPanel(v, v.online.move.link) : nothing}
    ${v.guide.open ? guidePanel(v) : nothing}
    <div class="sr-only" role="status" aria-live="polite" lang=${v.language}>${v.announcement}</div>`;
}

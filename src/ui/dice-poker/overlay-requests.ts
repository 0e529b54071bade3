import type { TableHandlers } from '../../scene/index.js';
import { stringsFor } from '../i18n/index.js';
import type { DicePokerView } from './dice-poker.view-model.js';
import type { ElementCalls, ElementParts } from './element-parts.js';
import { focusOpened, focusPanel, focusTable, followPanel, keepKeyboardOnThrow } from './keyboard-focus.js';
import type { KeyActions } from './KeyboardController.js';
import type { SoundController } from './SoundController.js';
import type { Toast } from './Toast.js';

/** Runs a player's request; a refusal is shown (a toast in the player's words), never thrown. */
export function attempt(toast: Toast, request: () => unknown): void {
  try {
    const result = request();
    if (result instanceof Promise) result.catch((e: unknown) => toast.refused(e));
  } catch (error) {
    toast.refused(error);
  }
}

/** What the overlay's controls ask, each of the part it concerns (the game's moves through the element's public calls). */
export function overlayRequests(parts: ElementParts): DicePokerView['on'] {
  const { element, sessions, overlay, coach, sound, saves, toast } = parts;
  const run = (request: () => unknown) => attempt(toast, request);
  // People's requests count only on their own turns; a computer seat plays through the API.
  const playing = () => sessions.personMayAct;
  const online = () => sessions.online;
  return {
    roll: () => playing() && (keepKeyboardOnThrow(element), run(() => element.roll())),
    hold: (index) => playing() && run(() => element.toggleHold(index)),
    // A row chosen on the sheet: its button goes away, so the keyboard goes back to the table.
    score: (row) => playing() && (run(() => element.score(row)), focusTable(element)),
    // Start pressed: the game begins and the keyboard goes to the table, where R or Space throws.
    start: (options) => (
      saves.rememberName(options.players?.find((_, i) => (options.seats?.[i] ?? 'human') === 'human')),
      run(() => element.newGame(options)),
      focusTable(element)
    ),
    setUp: (open) => overlay.setUp(open),
    newGame: () => askNewGame(parts),
    toggleLang: () => saves.pickLang(element.language === 'et' ? 'en' : 'et'),
    toggleHints: () => toggleHints(parts),
    openGuide: () => overlay.openGuide(),
    closeGuide: () => overlay.closeGuide(),
    toggleMute: () => sound.toggleMute(),
    showReview: () => void coach.load().then(() => overlay.openReview()),
    skipBot: () => sessions.local.skip(),
    clearHistory: () => saves.bestScores.clear(),
    openHistory: () => void saves.playHistory.show().then(() => focusPanel(element)),
    closeHistory: () => (saves.playHistory.hide(), followPanel(element, true)),
    importHistory: (text) => saves.playHistory.importFile(text, element.language),
    host: (name) => (saves.rememberName(name), run(() => element.hostOnline({ name }))),
    startOnline: () => run(() => element.startOnline()),
    // Verify pressed (no detail), or a record file opened in the panel (its text: a friend's game).
    verify: (event?: Event) =>
      run(() => element.verifyGameRecord((event as CustomEvent<{ record?: string } | null>)?.detail?.record)),
    // Online play's other requests, straight to it (the room's own to the room played: `room`).
    join: (name) => (saves.rememberName(name), run(() => online()?.joinInvited(name))),
    addBot: (kind) => run(() => online()?.room.request('add-bot', { kind })),
    removeSeat: (seat) => run(() => online()?.room.request('remove-seat', { seat })),
    leave: () => run(() => online()?.back()),
    answerClaim: (seat, admit) => run(() => online()?.room.request('answer-claim', { seat, admit })),
    setRoomRules: (rules) => run(() => online()?.room.request('rules', { rules })),
    setClock: (seconds, pace, timeUp) => run(() => online()?.room.setClock(seconds, pace, timeUp)),
    saveRecord: () => online()?.saveRecord(),
    // The game opened takes the keyboard from the start panel that had it (gone now): R throws at once.
    openGame: (roomId) => (
      overlay.setUp(false),
      run(() =>
        online()
          ?.openGame(roomId)
          .then(() => focusOpened(element)),
      )
    ),
    notifyTurn: (on) => run(() => online()?.setNotifying(on)),
    nudge: () => run(() => online()?.room.request('nudge', {})),
    rematch: () => run(() => online()?.room.request('rematch', {})),
    moveLink: () => run(() => online()?.moveLink()),
    closeMoveLink: () => online()?.seatMove.close(),
    // Online play's chunk holds the check: loaded for it (the panel then shows under the start panel).
    checkRecord: () => run(() => sessions.onlinePlay().then((play) => play.proof.openChecks())),
  };
}

/** "New game": the panel, at once or once the dice in the air rest (the player is told it waits). */
function askNewGame({ element, overlay, toast }: ElementParts): void {
  if (overlay.askNewGame()) toast.show(stringsFor(element.language).newGameWaits);
}

/** Hints on or off (the coach is loaded for them). */
function toggleHints({ overlay, coach }: ElementParts): void {
  overlay.toggleHints();
  if (overlay.hintsOn) void coach.load();
}

/** What the keys ask (see key-commands.ts). */
export function keyActions(parts: ElementParts): KeyActions {
  const { element, sessions, toast } = parts;
  return {
    // Behind "How to play" the game waits: its keys are the guide's (Escape), not the game's.
    context: () => {
      const free = !parts.overlay.guideOpen;
      return { playing: free && sessions.personMayAct, canStartOver: free && !!sessions.game };
    },
    throw: () => (keepKeyboardOnThrow(element), attempt(toast, () => element.roll())),
    hold: (index) => attempt(toast, () => element.toggleHold(index)),
    rows: () => element.renderRoot.querySelector('dp-scorecard')?.focusOptions(),
    hints: () => toggleHints(parts),
    newGame: () => askNewGame(parts),
  };
}

/** What the pointer on the table asks. */
export function tableHandlers(element: ElementCalls, toast: Toast, sound: SoundController): TableHandlers {
  return {
    throw: (gesture) => void element.roll(gesture).catch((e: unknown) => toast.refused(e)),
    tapDie: (index) => attempt(toast, () => element.toggleHold(index)),
    // A tap that meant no die throws nothing after the first throw: say how to throw instead.
    tapMissed: (pointer) => {
      const s = stringsFor(element.language);
      toast.show(pointer === 'mouse' ? s.hintFirst : s.touchHints.first);
    },
    impact: (speed) => sound.impact(speed),
  };
}

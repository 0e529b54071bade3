import { stringsFor } from '../i18n/index.js';
import type { DicePokerView } from './dice-poker.view-model.js';
import type { ElementParts } from './element-parts.js';
import { loadGuide, loadOnlinePanel, loadStartPanel } from './panel-chunks.js';

/** Everything the overlay draws now, read from the element's parts; `on`: what its controls ask. */
export function overlayView(parts: ElementParts, on: DicePokerView['on']): DicePokerView {
  const { element, sessions, overlay, table, coach, sound, saves, toast, announcer } = parts;
  const game = overlay.shownGame(sessions.game);
  const online = sessions.onlineView(game);
  const onlinePanel = online.joining || !!online.lobby;
  const startPanel = !onlinePanel && (!game || overlay.settingUp);
  if (onlinePanel) loadOnlinePanel();
  else if (startPanel) loadStartPanel();
  if (overlay.guideOpen) loadGuide();
  // My games are listed under the start panel (read while it shows, if this browser keeps any seat).
  sessions.followMyGames(startPanel);
  return {
    strings: stringsFor(element.language),
    language: element.language,
    game,
    seats: sessions.session.seatKinds,
    rules: parts.rules(),
    busy: sessions.busy,
    settingUp: overlay.settingUp,
    botTurn: sessions.botTurn,
    othersTurn: sessions.othersTurn,
    hintsOn: overlay.hintsOn,
    lastName: saves.lastName,
    guide: { open: overlay.guideOpen, offered: !element.noGuide },
    showReview: overlay.showReview,
    muted: sound.muted,
    noWebgl: table.noWebgl,
    notice: overlay.notice,
    message: toast.text,
    announcement: announcer.announcement,
    solver: coach.solver,
    history: game?.over ? saves.bestScores.list() : [],
    playHistory: saves.playHistory,
    online,
    on,
  };
}

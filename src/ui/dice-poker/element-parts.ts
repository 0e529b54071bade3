import type { RuleSetId } from '../../engine/index.js';
import type { ChangeAnnouncer } from './ChangeAnnouncer.js';
import type { CoachLoader } from './CoachLoader.js';
import type { DicePoker } from './dice-poker.component.js';
import type { FocusHost } from './keyboard-focus.js';
import type { Overlay } from './Overlay.js';
import type { SaveSlot } from './SaveSlot.js';
import type { SessionController } from './SessionController.js';
import type { SoundController } from './SoundController.js';
import type { TableController } from './TableController.js';
import type { Toast } from './Toast.js';

/** The element as its overlay sees it: its public calls (the buttons make the same a script makes). */
export type ElementCalls = FocusHost &
  Pick<
    DicePoker,
    | 'language'
    | 'noGuide'
    | 'roll'
    | 'toggleHold'
    | 'score'
    | 'newGame'
    | 'hostOnline'
    | 'startOnline'
    | 'verifyGameRecord'
  >;

/**
 * The element's parts, as the element puts them together: what its view is drawn from and what its
 * controls ask (overlay-view.ts, overlay-requests.ts). No part holds another: each follows the session;
 * only these functions of the whole see them all.
 */
export interface ElementParts {
  element: ElementCalls;
  /** The rule set the attributes name. */
  rules(): RuleSetId;
  sessions: SessionController;
  overlay: Overlay;
  table: TableController;
  coach: CoachLoader;
  sound: SoundController;
  saves: SaveSlot;
  toast: Toast;
  announcer: ChangeAnnouncer;
}

/**
 * Says when an online game becomes my turn, for a player who is not looking: the element tells its
 * page (`dp-your-turn`, whose detail the standalone page puts in its title), and, if the player turned it
 * on, the browser shows a notification while the page is in the background (the Notification API,
 * asked for only when the player turns it on; the choice kept under the element's storage key).
 */
import { emit, type YourTurnDetail } from '../events.js';
import type { Lang } from '../i18n/index.js';
import { onlineStringsFor } from '../i18n/online-strings.js';

/** Whether this browser can show notifications at all. */
function notifications(): typeof Notification | null {
  return typeof Notification === 'function' ? Notification : null;
}

export class TurnSignal {
  private yours = false;
  /** Who nudged me this turn, as last followed ('' for no one). */
  private nudgedBy = '';

  constructor(
    private readonly host: Pick<EventTarget, 'dispatchEvent'>,
    private readonly storageKey: () => string,
  ) {}

  private get choiceKey(): string {
    return `taringupokker:${this.storageKey()}:notify-turn`;
  }

  /** Whether notifications are on (turned on here, and allowed by the browser). */
  get notifying(): boolean {
    try {
      return notifications()?.permission === 'granted' && localStorage.getItem(this.choiceKey) === 'on';
    } catch {
      return false;
    }
  }

  /** Whether the player may turn notifications on here (the browser has them, and has not refused). */
  get offerable(): boolean {
    return !!notifications() && notifications()!.permission !== 'denied';
  }

  /** Turns notifications on (the browser asks the player first) or off. */
  async setNotifying(on: boolean): Promise<boolean> {
    const api = notifications();
    if (on && api && api.permission !== 'granted') await api.requestPermission();
    try {
      if (on && api?.permission === 'granted') localStorage.setItem(this.choiceKey, 'on');
      else localStorage.removeItem(this.choiceKey);
    } catch {
      // No storage: the choice lasts as long as the page (it is not kept).
    }
    return this.notifying;
  }

  /**
   * Follows whose turn it is in the game shown (`yours`, in room `roomId`, playing with `others`, and
   * who nudged me in it, '' for no one): on a change the page is told, and my turn coming, or a nudge
   * in it, while the page is hidden is notified.
   */
  follow(yours: boolean, lang: Lang, roomId: string, others: string[], nudgedBy = ''): void {
    const o = onlineStringsFor(lang);
    const nudged = yours && nudgedBy !== '' && nudgedBy !== this.nudgedBy;
    this.nudgedBy = yours ? nudgedBy : '';
    if (nudged && yours === this.yours) this.notify(o.nudgedYou(nudgedBy), o.withYou(others), roomId);
    if (yours === this.yours) return;
    this.yours = yours;
    const detail: YourTurnDetail = { yours, text: yours ? o.yourTurn : '' };
    emit(this.host, 'dp-your-turn', detail);
    if (yours) this.notify(nudged ? o.nudgedYou(nudgedBy) : o.yourTurnNotice, o.withYou(others), roomId);
  }

  /** A notification, if they are on and the page is in the background. */
  private notify(title: string, body: string, roomId: string): void {
    if (!this.notifying || typeof document === 'undefined' || !document.hidden) return;
    try {
      new Notification(title, { body, tag: roomId });
    } catch {
      // A browser that shows notifications only from a service worker: the title still says it.
    }
  }
}

import type { ReactiveController, ReactiveControllerHost } from 'lit';
import { DicePokerError } from '../errors.js';
import { stringsFor, type Lang } from '../i18n/index.js';
import type { PlayerErrorCode } from '../i18n/strings.js';
import { Observable } from './Observable.js';
import type { SessionController } from './SessionController.js';

/** What the toast reads of the element: the language shown. */
export type ToastHost = ReactiveControllerHost & { readonly language: Lang };

/**
 * A short word to the player that goes away by itself after `ms`: why a request was refused (the
 * session's refusals too), or online play's passing words (who left, who is host now).
 */
export class Toast extends Observable implements ReactiveController {
  /** What is shown now ('' for nothing). */
  text = '';
  private timer: ReturnType<typeof setTimeout> | undefined;

  constructor(
    private readonly host: ToastHost,
    private readonly sessions: SessionController,
    /** How long a word stays on screen, ms. */
    private readonly ms = 2600,
  ) {
    super();
    host.addController(this);
    sessions.follow((change) => {
      if (change.type === 'refused') this.refused(change.error);
      else if (change.type === 'say') this.show(change.text);
    });
  }

  /** Shows `text` for `ms`, in place of whatever was shown. */
  show(text: string): void {
    this.text = text;
    clearTimeout(this.timer);
    this.timer = setTimeout(() => {
      this.text = '';
      this.changed();
    }, this.ms);
    this.changed();
  }

  /** Shows why a player's request was refused (online refusals in online play's own words). */
  refused(error: unknown): void {
    const code = DicePokerError.from(error).code;
    const s = stringsFor(this.host.language);
    this.show(this.sessions.online?.describe(code) ?? s.errors[code as PlayerErrorCode] ?? s.errorOther);
  }

  hostDisconnected(): void {
    clearTimeout(this.timer);
  }
}

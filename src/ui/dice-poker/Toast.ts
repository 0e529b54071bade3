import type { ReactiveController, ReactiveControllerHost } from 'lit';

/** A short word to the player (a refused request) that goes away by itself after `ms`. */
export class Toast implements ReactiveController {
  /** What is shown now ('' for nothing). */
  text = '';
  private timer: ReturnType<typeof setTimeout> | undefined;

  constructor(
    private readonly host: ReactiveControllerHost,
    /** How long a word stays on screen, ms. */
    private readonly ms = 2600,
  ) {
    host.addController(this);
  }

  /** Shows `text` for `ms`, in place of whatever was shown. */
  show(text: string): void {
    this.text = text;
    clearTimeout(this.timer);
    this.timer = setTimeout(() => {
      this.text = '';
      this.host.requestUpdate();
    }, this.ms);
    this.host.requestUpdate();
  }

  hostDisconnected(): void {
    clearTimeout(this.timer);
  }
}

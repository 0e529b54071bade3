import type { ReactiveController, ReactiveControllerHost } from 'lit';
import { keyCommand, type KeyContext } from './key-commands.js';

/**
 * What the keys ask of the element (see key-commands.ts), and where the keyboard is when one is
 * pressed. The element's requests are private to it, so it hands them over as functions.
 */
export interface KeyActions {
  /** Where the keyboard is now: whether a person plays a turn, whether a new game may be asked for. */
  context(): KeyContext;
  /** R or Space: throw. */
  throw(): void;
  /** 1 to 5: hold or release die `index`. */
  hold(index: number): void;
  /** The arrows: the keyboard goes to the sheet's rows. */
  rows(): void;
  /** H: hints on or off. */
  hints(): void;
  /** N: the new-game panel. */
  newGame(): void;
}

/**
 * Keyboard play for as long as the element is on the page: one keydown listener on the element, each
 * key turned into a command (key-commands.ts) and run. A key that asks nothing is left to the page.
 */
export class KeyboardController implements ReactiveController {
  constructor(
    private readonly host: ReactiveControllerHost & HTMLElement,
    private readonly actions: KeyActions,
  ) {
    host.addController(this);
  }

  hostConnected(): void {
    this.host.addEventListener('keydown', this.onKeyDown);
  }

  hostDisconnected(): void {
    this.host.removeEventListener('keydown', this.onKeyDown);
  }

  /** Keyboard play (see key-commands.ts). */
  private readonly onKeyDown = (event: KeyboardEvent): void => {
    const command = keyCommand(event, this.actions.context());
    if (!command) return;
    event.preventDefault();
    if (command.kind === 'throw') this.actions.throw();
    else if (command.kind === 'hold') this.actions.hold(command.index);
    else if (command.kind === 'rows') this.actions.rows();
    else if (command.kind === 'hints') this.actions.hints();
    else this.actions.newGame();
  };
}

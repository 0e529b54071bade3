import { rollsLeft, totals, turnsOf, winners } from '../../engine/index.js';
import { emit } from '../events.js';
import { rowName, stringsFor, type Lang } from '../i18n/index.js';
import type { SessionChange } from '../session/game-session.js';
import { verdictOf } from '../verdict.js';
import { isGameAction, type GameAction, type SessionController } from './SessionController.js';

/** What the announcer reads of the element: the element (the `dp-*` events are sent from it), its language. */
export type AnnouncerHost = HTMLElement & { readonly language: Lang };

/**
 * What the page hears of each change of the game, once: the `dp-*` events, and what screen readers
 * hear (the polite live region). It follows the session.
 */
export class ChangeAnnouncer {
  /** The last thing said to screen readers (polite live region). */
  announcement = '';

  constructor(
    private readonly host: AnnouncerHost,
    private readonly sessions: SessionController,
  ) {
    sessions.follow((change) => isGameAction(change) && this.announce(change));
  }

  private announce(change: GameAction): void {
    const s = stringsFor(this.host.language);
    const game = change.game;
    const name = (player: number) => this.sessions.namedAsShown(game).players[player]!.name;
    switch (change.type) {
      case 'thrown':
        this.say(s.said.rolled(name(game.current), game.dice, rollsLeft(game)));
        emit(this.host, 'dp-roll', {
          player: game.current,
          dice: [...game.dice],
          held: [...game.held],
          rollNumber: game.rollsUsed,
        });
        break;
      case 'held':
        this.say(s.said.held(change.index, game.dice[change.index]!, game.held[change.index]!));
        emit(this.host, 'dp-hold', { index: change.index, held: game.held[change.index]! });
        break;
      case 'scored':
        this.announceScore(change);
        break;
      case 'started':
        this.say(s.said.turn(name(0), 0, turnsOf(game.rules)));
        emit(this.host, 'dp-turn', { player: 0, turn: 0 });
        break;
    }
  }

  private announceScore({ before, game, row, player, points }: SessionChange & { type: 'scored' }): void {
    const s = stringsFor(this.host.language);
    const total = totals(game)[player]!;
    const scored = s.said.scored(
      this.sessions.namedAsShown(before).players[player]!.name,
      rowName(s, game.rules, row),
      points,
      total,
    );
    emit(this.host, 'dp-score', { player, row, points, total });
    if (game.over) {
      this.say(`${scored} ${s.gameOver}. ${verdictOf(this.sessions.namedAsShown(game), s)}`);
      emit(this.host, 'dp-game-over', { totals: totals(game), winners: winners(game) });
    } else {
      this.say(
        `${scored} ${s.said.turn(this.sessions.namedAsShown(game).players[game.current]!.name, game.turn, turnsOf(game.rules))}`,
      );
      emit(this.host, 'dp-turn', { player: game.current, turn: game.turn });
    }
  }

  private say(text: string): void {
    this.announcement = text;
  }
}

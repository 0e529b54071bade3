import type { ReactiveControllerHost } from 'lit';
import { rollsLeft, totals, winners, type Game } from '../../engine/index.js';
import { emit } from '../events.js';
import type { Lang, Strings } from '../i18n/index.js';
import type { SessionChange } from '../session/game-session.js';
import { verdictOf } from '../verdict.js';
import { withShownNames } from '../shown-names.js';
import type { SolverClient } from '../coach/SolverClient.js';
import type { SaveSlot } from './SaveSlot.js';
import type { SessionController } from './SessionController.js';
import type { SoundController } from './SoundController.js';

/** What follows a change needs of the element: the element (the `dp-*` events are sent from it). */
export type FollowerHost = ReactiveControllerHost & HTMLElement;

/** The element's parts that follow a change, and what it knows (its state is private to it). */
export interface FollowerParts {
  /** The game played, and whether it is the page's own. */
  sessions: SessionController;
  sounds: SoundController;
  saves: SaveSlot;
  /** The words of the language shown. */
  strings(): Strings;
  /** The language the player picked in the overlay, if any (saved with the game). */
  chosenLang(): Lang | null;
  /** Whether throws resolve at once and nothing animates (their impacts are silent). */
  reducedMotion(): boolean;
  /** Shows why a request of this page was refused. */
  refused(error: unknown): void;
  /** A new game started: the element closes its panels and drops the saved game's notice. */
  started(): void;
  /** The game ended: the keyboard goes to the game-over panel. */
  ended(): void;
  /** The coach's solver, loaded (the history reviews each finished game with it); null off the page. */
  solver(): Promise<SolverClient | null>;
}

/**
 * Everything that follows a change of the game, in one place and once: the computer seats, what
 * screen readers hear, sounds, the `dp-*` events, the saved game and the best scores. The table and
 * the overlay follow in the element's render (each change asks for one). It is told of each change by
 * the session, so it needs none of a controller's lifecycle hooks.
 */
export class ChangeFollower {
  /** The last thing said to screen readers (polite live region). */
  announcement = '';

  constructor(
    private readonly host: FollowerHost,
    private readonly parts: FollowerParts,
  ) {}

  /** Follows one change of the session played (see SessionChange). */
  follow(change: SessionChange): void {
    // First: what follows (focus moving to a panel) waits for the render of this change.
    this.host.requestUpdate();
    const s = this.parts.strings();
    if (change.type === 'refused') this.parts.refused(change.error);
    const game = change.game;
    if (!game) return;
    const name = (player: number) => this.shown(game).players[player]!.name;
    switch (change.type) {
      case 'thrown':
        // Run to rest at once, the throw's own impacts were silent.
        if (this.parts.reducedMotion() && !document.hidden) this.parts.sounds.clatter();
        this.announce(s.said.rolled(name(game.current), game.dice, rollsLeft(game)));
        emit(this.host, 'dp-roll', {
          player: game.current,
          dice: [...game.dice],
          held: [...game.held],
          rollNumber: game.rollsUsed,
        });
        break;
      case 'held':
        this.announce(s.said.held(change.index, game.dice[change.index]!, game.held[change.index]!));
        emit(this.host, 'dp-hold', { index: change.index, held: game.held[change.index]! });
        break;
      case 'scored':
        this.followScore(change);
        break;
      case 'started':
        this.parts.started();
        this.announce(s.said.turn(name(0), 0));
        emit(this.host, 'dp-turn', { player: 0, turn: 0 });
        break;
    }
    // Every accepted action is saved (a resumed game is the saved one; a throw counts once it lands).
    if (
      change.type === 'thrown' ||
      change.type === 'held' ||
      change.type === 'scored' ||
      change.type === 'started'
    )
      this.saveGame();
  }

  /**
   * Saves the game, so a reload resumes exactly here (with the language the player picked in the
   * overlay, if any: the page's or the attribute's needs no saving).
   */
  saveGame(): void {
    const { session, local, game } = this.parts.sessions;
    // An online game is the room's: a reload comes back to the seat (OnlinePlay), not to a copy.
    if (!game || session !== local) return;
    const chosenLang = this.parts.chosenLang();
    const lang = chosenLang ? { lang: chosenLang } : {};
    this.parts.saves.save(game, { ...lang, seats: session.seatKinds });
  }

  /**
   * The game with its seats named as the page shows them (online, the computer seats in the page's
   * language: see shown-names.ts), for what screen readers hear.
   */
  private shown(game: Game): Game {
    const { session } = this.parts.sessions;
    if (!session.online) return game;
    const kinds = session.seatKinds;
    return withShownNames(game, (seat) => (kinds[seat] ?? 'human') !== 'human', this.parts.strings());
  }

  private followScore({ before, game, row, player, points }: SessionChange & { type: 'scored' }): void {
    const s = this.parts.strings();
    const { saves, sessions } = this.parts;
    // A game under way will end: the game-over panel and the best scores are fetched meanwhile.
    saves.bestScores.preload();
    const total = totals(game)[player]!;
    const scored = s.said.scored(this.shown(before).players[player]!.name, s.rows[row], points, total);
    emit(this.host, 'dp-score', { player, row, points, total });
    this.parts.sounds.scored(points);
    if (game.over) {
      this.parts.ended();
      const online = sessions.session.online;
      const kinds = sessions.session.seatKinds;
      const mine = (p: number) => (online ? p === online.seat : kinds[p] === 'human');
      saves.bestScores.add(game, mine);
      // Every finished game of the people here is kept with its review (the History panel).
      const seats = game.players.map((_, p) => p).filter(mine);
      saves.playHistory.record({ game, seats, online: !!online, kinds }, this.parts.solver);
      this.announce(`${scored} ${s.gameOver}. ${verdictOf(this.shown(game), s)}`);
      emit(this.host, 'dp-game-over', { totals: totals(game), winners: winners(game) });
    } else {
      this.announce(`${scored} ${s.said.turn(this.shown(game).players[game.current]!.name, game.turn)}`);
      emit(this.host, 'dp-turn', { player: game.current, turn: game.turn });
    }
  }

  private announce(text: string): void {
    this.announcement = text;
  }
}

import { css } from 'lit';
import { panelStyles } from '../../shared.styles.js';

/** Styles of <dp-controls>. */
export const controlsStyles = [
  panelStyles,
  css`
    :host {
      display: block;
      container-type: inline-size;
    }
    .card {
      display: flex;
      align-items: center;
      gap: 0.8rem;
      padding: 0.55rem 0.8rem;
      flex-wrap: wrap;
      justify-content: center;
    }
    .turn {
      flex: 1 1 100%;
      text-align: center;
      font-weight: 600;
      margin: 0;
    }
    /* A short phone held upright hides it (<dice-poker> sets the property): the sheet needs the room. */
    .hint {
      display: var(--dp-controls-hint-display, block);
      flex: 1 1 100%;
      text-align: center;
      margin: 0;
      font-size: 0.85rem;
      opacity: 0.8;
    }
    .tray {
      display: flex;
      gap: 0.35rem;
    }
    .die {
      width: 2.4rem;
      height: 2.4rem;
      padding: 0;
      border: 2px solid transparent;
      border-radius: 9px;
      background: none;
      /* None under reduced motion: <dice-poker reduced-motion> sets it, as does the media query below. */
      transition: var(--dp-tray-transition, transform 0.12s);
    }
    @media (prefers-reduced-motion: reduce) {
      .die {
        transition: none;
      }
    }
    .die svg {
      width: 100%;
      height: 100%;
      display: block;
    }
    .die .body {
      fill: #fbf6ea;
      stroke: #9c8f77;
    }
    .die .pip {
      fill: #2a2118;
    }
    .die[aria-pressed='true'] {
      border-color: var(--dp-held, #ffd166);
      transform: translateY(-3px);
      box-shadow: 0 0 10px rgba(255, 209, 102, 0.6);
    }
    .die:disabled {
      opacity: 0.9;
    }
    /* Before the turn's first throw the tray shows the last turn's dice: faded, as not yet this turn's. */
    .tray.unthrown .die {
      opacity: 0.45;
    }
    /* One line of words, whatever they say (Throw, Rolling…, a long name's turn): the button never
       grows, so the tray beside it and everything under it stay where they are. */
    .roll {
      min-width: 9rem;
      /* Room for a long name's turn ("Kristjan-Mihkel käik", "Hannelore-Liisa's turn"); a longer one
         is whole in its title. */
      max-width: 17rem;
      white-space: nowrap;
      overflow: hidden;
      text-overflow: ellipsis;
    }
    .roll.waiting {
      padding-inline: 1em;
    }
    /* Online, the player's own turn: plain to see away from the header, not only in words. */
    .turn.mine {
      color: var(--dp-accent, #e0a526);
    }
    .roll.mine {
      box-shadow:
        0 3px 0 rgba(0, 0, 0, 0.35),
        0 0 0 3px rgba(255, 209, 102, 0.45);
    }
    .roll small {
      display: block;
      line-height: 1rem;
      overflow: hidden;
      text-overflow: ellipsis;
      font-weight: 500;
      font-size: 0.72rem;
    }
    /* A phone: smaller dice, so the tray and the roll button share a line and the table keeps room. */
    @container (max-width: 400px) {
      .card {
        gap: 0.5rem 0.6rem;
        padding-inline: 0.55rem;
      }
      .tray {
        gap: 0.25rem;
      }
      .die {
        width: 2rem;
        height: 2rem;
      }
      /* All the line's width beside the tray, whatever the words (so nothing moves as they change). */
      .roll {
        flex: 1 1 6.5rem;
        min-width: 6.5rem;
        max-width: none;
        padding-inline: 0.45rem;
        /* A line as tall whatever the size of its words: the smaller words of another's turn must not
           make the button, and all under it, move. */
        line-height: 1.2rem;
      }
      /* Another's turn: the name and the words whole ("Kristjan-Mihkel käik", "Hannelore-Liisa's turn"). */
      .roll.waiting {
        padding: 0.6rem 0.45rem;
        font-size: 0.76rem;
      }
      .hint {
        font-size: 0.8rem;
      }
    }
  `,
];

import { css } from 'lit';
import { overlayPanelStyles } from '../overlay-panel.styles.js';

/**
 * Styles of <dp-how-to-play>. Sized by the element's box (its container): upright and narrow, the steps
 * stand one under another, each picture beside its words; wide or on its side, the three stand side by
 * side, each picture above its words, so the guide fits a phone on its side without a scroll.
 */
export const howToPlayStyles = [
  ...overlayPanelStyles,
  css`
    :host {
      display: block;
    }
    .card {
      width: min(50rem, calc(100cqw - 1.5rem));
      max-height: calc(100cqh - 1.5rem);
      overflow-y: auto;
      overscroll-behavior: contain;
      margin: 0 auto;
      padding: 1rem 1.2rem;
    }
    h2 {
      margin: 0 0 0.3rem;
      font-size: 1.4rem;
    }
    .intro {
      margin: 0 0 0.8rem;
      opacity: 0.9;
    }
    .steps {
      list-style: none;
      margin: 0;
      padding: 0;
      display: grid;
      gap: 0.8rem;
    }
    .step {
      display: grid;
      grid-template-columns: 6.5rem 1fr;
      gap: 0.8rem;
      align-items: center;
    }
    .picture svg {
      display: block;
      width: 100%;
      height: auto;
    }
    .words {
      display: grid;
      gap: 0.2rem;
      line-height: 1.35;
    }
    .words strong {
      color: var(--dp-accent, #e0a526);
    }
    .buttons {
      display: flex;
      justify-content: flex-end;
      margin-top: 0.9rem;
    }
    @container (min-width: 600px) {
      .steps {
        grid-template-columns: repeat(3, minmax(0, 1fr));
      }
      .step {
        grid-template-columns: 1fr;
        align-items: start;
        /* Every picture at the same height, whatever the length of the words under it. */
        align-content: start;
      }
      .picture {
        /* As tall as a short screen allows: the words under it must fit too. */
        width: min(100%, 11rem, calc(30cqh * 1.5));
        margin: 0 auto;
      }
    }
    @container (max-height: 480px) {
      .card {
        padding: 0.7rem 1rem;
      }
      h2 {
        font-size: 1.15rem;
      }
      .intro {
        margin-bottom: 0.5rem;
      }
      .words {
        font-size: 0.88rem;
        line-height: 1.25;
      }
      .buttons {
        margin-top: 0.5rem;
      }
    }
    /* The finger flicks: shown moving, unless the player asks for stillness. */
    .finger {
      animation: flick 2.4s ease-in infinite;
    }
    @keyframes flick {
      0%,
      30% {
        transform: translateY(0);
        opacity: 1;
      }
      70% {
        transform: translateY(-44px);
        opacity: 0;
      }
      100% {
        transform: translateY(0);
        opacity: 0;
      }
    }
    @media (prefers-reduced-motion: reduce) {
      .finger {
        animation: none;
      }
    }
  `,
];

import { css } from 'lit';

/**
 * Where the table stands while the start panel is open: in view beside or above the panel, where a game
 * will have it, never hidden behind the panel in the middle of the screen (what a first visit sees
 * first is the table and its five dice).
 */
export const startScreenStyles = css`
  /* A wide screen: the table at the left, in the part a game leaves it, and the panel at the right,
     where the sheet will be. (Narrower, the panel over the middle leaves too little table beside it.) */
  @container (min-width: 1100px) and (min-height: 521px) {
    .layout:not(.with-sheet):has(~ .modal > dp-start-panel) {
      right: min(37rem, 50cqw);
    }
    /* The room drawn behind the table fades into the page's dark at its right, without an edge. */
    .layout:not(.with-sheet):has(~ .modal > dp-start-panel) .stage {
      mask-image: linear-gradient(to right, #000 calc(100% - 2rem), transparent);
    }
    .layout:not(.with-sheet) ~ .modal:has(> dp-start-panel) {
      justify-items: end;
      padding-right: 1.5rem;
      background: none;
    }
  }
  /* A phone held upright: the table in the top part, where a game has it, and the panel under it. */
  @container (max-width: 759px) and (orientation: portrait) {
    .layout:not(.with-sheet) {
      bottom: 50cqh;
    }
    /* The room behind the table fades into the page's dark, without an edge (no dice move here: the
       mask costs nothing per frame). */
    .layout:not(.with-sheet) .stage {
      mask-image: linear-gradient(to bottom, #000 85%, transparent);
    }
    .layout:not(.with-sheet) ~ .modal:has(> dp-start-panel) {
      align-content: safe end;
      padding-bottom: 0.75rem;
    }
  }
`;

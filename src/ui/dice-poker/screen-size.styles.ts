import { css } from 'lit';

/**
 * How <dice-poker> lays itself out at each size of its box: the sheet beside the table when wide, the
 * table, the controls and the whole sheet on one screen of a phone held upright, and on a short
 * landscape screen (a phone on its side) the controls and the sheet beside the table, which keeps the
 * full height. Where the coach's hints open at each size, too.
 */
export const screenSizeStyles = css`
  @container (min-width: 760px) {
    .layout.with-sheet {
      grid-template-columns: 1fr minmax(15rem, auto);
      grid-template-rows: minmax(0, 1fr) auto;
      grid-template-areas: 'table sheet' 'controls sheet';
    }
    /* The coach's words change with every throw: a side column as wide as they are would resize the
       table after each one, and a resized canvas is drawn again whole (a frame of 100 to 500 ms in
       software WebGL, just as the next throw starts). They take the column's width instead of giving
       it theirs; the column is at least wide enough for them while they are shown. */
    .sheet dp-hints {
      contain: inline-size;
    }
    .layout.with-sheet:has(.sheet dp-hints) {
      grid-template-columns: 1fr minmax(20rem, auto);
    }
    /* The sheet keeps its whole height beside the table; the coach's hints above it take what is
       left and scroll inside themselves, so no row is ever pushed below the fold. */
    .sheet {
      max-height: none;
      padding: 0.6rem 0.6rem 0.6rem 0;
      display: flex;
      flex-direction: column;
    }
    .sheet dp-hints {
      flex: 0 1 auto;
      min-height: 5rem;
      overflow: auto;
      overscroll-behavior: contain;
    }
    .sheet dp-scorecard {
      flex: none;
    }
    /* A panel over a game (its end, History, the review) stands at the table's left, the sheet beside
       it in view: whatever the sheet's width (one player or six), no panel lies over its row names. */
    .layout.with-sheet ~ .modal {
      justify-items: start;
      padding-left: 1.5rem;
    }
  }
  /* With the coach's hints above it the sheet is dense (its caption left to screen readers), so that
     the hints' box has the room for their first lines, the best row's advice among them, unscrolled. */
  @container (min-width: 760px) and (min-height: 521px) {
    .layout.with-sheet:has(.sheet dp-hints) dp-scorecard {
      --dp-sheet-font-size: 0.84rem;
      --dp-sheet-cell-padding: 0.02rem 0.45rem;
      --dp-sheet-option-pad: 0.06rem;
      --dp-sheet-caption-display: none;
    }
  }
  @container (max-width: 759px) {
    dp-scorecard {
      font-size: 0.85rem;
      --dp-sheet-name-width: 6.5em;
    }
  }
  /*
   * A phone held upright: the table, the controls and the whole sheet (13 rows with their scores) on
   * one screen, so scoring never needs a scroll. The sheet takes the height it needs (denser rows, its
   * caption left to screen readers) and the table the rest; with many players it scrolls sideways.
   */
  @container (max-width: 759px) and (orientation: portrait) {
    .sheet {
      max-height: 64cqh;
      padding: 0 0.4rem 0.4rem;
    }
    /* The coach's hints lie over the table, below the top bar, where the player looks after a throw
       (the dice are in the tray below them too): the sheet keeps its room, every row in view. They
       end above the controls (the table is what the controls and the whole sheet leave, 38% of the
       height or more) and scroll inside themselves. */
    .sheet dp-hints {
      position: absolute;
      z-index: 3;
      top: calc(var(--bar-space) + 0.3rem);
      left: 0.5rem;
      right: 0.5rem;
      max-height: calc(38cqh - var(--bar-space) - 0.6rem);
      overflow: auto;
      overscroll-behavior: contain;
      border-radius: 14px;
    }
    dp-controls {
      padding: 0 0.4rem 0.35rem;
    }
    dp-scorecard {
      font-size: 1rem;
      --dp-sheet-font-size: 0.84rem;
      --dp-sheet-cell-padding: 0.02rem 0.45rem;
      --dp-sheet-option-pad: 0.06rem;
      --dp-sheet-caption-display: none;
    }
  }
  @container (max-width: 759px) and (orientation: portrait) and (max-height: 800px) {
    dp-controls {
      --dp-controls-hint-display: none;
    }
    .felt-hint {
      display: block;
    }
    dp-hints {
      --dp-hints-note-display: none;
    }
    dp-scorecard {
      --dp-sheet-font-size: 0.8rem;
      --dp-sheet-cell-padding: 0 0.4rem;
      --dp-sheet-option-pad: 0.08rem;
    }
  }
  @container (orientation: landscape) and (max-height: 520px) and (min-width: 520px) {
    /* The top bar spans the width here (the side column is narrow): everything starts below it. */
    .layout.with-sheet {
      top: var(--bar-space);
      --table-top: 0px;
    }
    .layout.with-sheet {
      grid-template-columns: minmax(0, 1fr) minmax(13rem, 42%);
      grid-template-rows: auto minmax(0, 1fr);
      grid-template-areas: 'table controls' 'table sheet';
    }
    /* The side column keeps its width with the coach's hints open: they lie over the table. */
    .layout.with-sheet:has(.sheet dp-hints) {
      grid-template-columns: minmax(0, 1fr) minmax(13rem, 42%);
    }
    /* The side column is short: the controls keep to two lines (whose turn; dice and Throw) and the
       help line, which would wrap and move everything under it at each throw, is left out, as on a short
       phone held upright; the sheet is dense, so that most of its rows show. */
    dp-controls {
      padding: 0.4rem 0.5rem 0.3rem 0;
      --dp-controls-hint-display: none;
    }
    .felt-hint {
      display: block;
    }
    /* The coach's hints are a sheet over the table (the side column has no room for them): the
       height of the table, scrolling inside itself when longer. */
    .sheet dp-hints {
      position: absolute;
      z-index: 3;
      top: 0.4rem;
      left: 0.5rem;
      right: calc(max(13rem, 42%) + 0.5rem);
      max-height: calc(100% - 0.9rem);
      overflow: auto;
      overscroll-behavior: contain;
      border-radius: 14px;
    }
    .sheet {
      max-height: none;
      padding: 0 0.5rem 0.5rem 0;
    }
    dp-scorecard {
      --dp-sheet-font-size: 0.8rem;
      --dp-sheet-cell-padding: 0.06rem 0.45rem;
      --dp-sheet-option-pad: 0.06rem;
      --dp-sheet-caption-display: none;
    }
    .topbar {
      gap: 0.25rem;
    }
    .topbar button {
      font-size: 0.72rem;
      padding: 0.3rem 0.55rem;
    }
    /* Game over: the review opens beside the game-over card, not below it past the screen's edge, and
       scrolls inside itself. (.modal: the stack's own rules come later in this sheet.) */
    .modal .stack {
      flex-direction: row;
      align-items: flex-start;
      max-width: 100%;
    }
    .stack dp-game-over {
      flex: none;
    }
    .stack dp-review {
      flex: 1 1 24rem;
      min-width: 0;
      --dp-review-height: calc(100cqh - var(--bar-space) - 1.5rem);
    }
  }
`;

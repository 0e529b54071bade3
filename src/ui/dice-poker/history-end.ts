/**
 * What keeping a finished game in the history needs, loaded on demand as a chunk of its own (off the
 * page's start-up): the store and the records made from the game's review.
 */
export { GameHistory } from '../persistence/GameHistory.js';
export { recordsOf } from '../coach/history-model.js';
export { seatPlaysOf } from '../coach/hints-model.js';

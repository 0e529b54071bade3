/**
 * What only a finished game needs, loaded on demand as a chunk of its own (off the page's start-up):
 * the game-over panel and the best scores kept in storage.
 */
import '../components/dp-game-over/dp-game-over.js';

export { ScoreHistory } from '../persistence/ScoreHistory.js';
export { highScoresOf } from '../persistence/high-scores.js';

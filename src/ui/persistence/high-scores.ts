import { isPlayerName, isRuleSetId, totals, type Game, type RuleSetId } from '../../engine/index.js';

/** Best scores kept per storage key. */
export const MAX_HIGH_SCORES = 10;

/** One line of the best scores. */
export interface HighScore {
  /** The player's name as played. */
  name: string;
  /** Final total, bonus included. */
  score: number;
  /** The rule set played (a classic total may include its bonus, so the two are told apart). */
  rules: RuleSetId;
  /** When the game ended, ISO 8601. */
  date: string;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * A clean copy of an entry read from storage (only the known fields), or null if it is malformed:
 * a name of 1 to 29 characters, a score that is a whole number of at least 0, a known rule set and a
 * date that parses.
 */
export function parseHighScore(value: unknown): HighScore | null {
  if (!isRecord(value)) return null;
  const { name, score, rules, date } = value;
  if (typeof name !== 'string') return null;
  const trimmed = name.trim();
  if (!isPlayerName(trimmed)) return null;
  if (typeof score !== 'number' || !Number.isSafeInteger(score) || score < 0) return null;
  if (!isRuleSetId(rules)) return null;
  if (typeof date !== 'string' || Number.isNaN(Date.parse(date))) return null;
  return { name: trimmed, score, rules, date };
}

/** Best first; on a tie the older entry first (it got there first); then as given. At most 10. */
export function rankHighScores(entries: readonly HighScore[]): HighScore[] {
  // Array.prototype.sort is stable (ES2019), so equal entries keep their given order.
  return [...entries]
    .sort((a, b) => b.score - a.score || Date.parse(a.date) - Date.parse(b.date))
    .slice(0, MAX_HIGH_SCORES);
}

/**
 * One entry per player of a finished game, each with their total, dated `date`. `include` picks the
 * players to list (e.g. only the people, not the computer's seats); all by default.
 */
export function highScoresOf(
  game: Game,
  date: Date = new Date(),
  include: (player: number) => boolean = () => true,
): HighScore[] {
  const all = totals(game);
  return game.players.flatMap((player, index) =>
    include(index)
      ? [{ name: player.name, score: all[index]!, rules: game.rules, date: date.toISOString() }]
      : [],
  );
}

import { restoreGame, type Game } from '../../engine/index.js';
import { isSeatKind, type SeatKind } from '../coach/seats.js';
import { isLang, type Lang } from '../i18n/index.js';

/** The format of a saved game. Bump it when the shape changes; an older or newer save is refused. */
export const SAVE_VERSION = 1;

/** What the element keeps besides the game, to bring the table back as it was. */
export interface SaveExtras {
  /** The language shown. */
  lang?: Lang;
  /** Who plays each seat, in player order (a computer seat resumes as a computer). */
  seats?: SeatKind[];
}

/** A saved game as it is written (JSON). */
export interface SavedGame extends SaveExtras {
  version: typeof SAVE_VERSION;
  /** When it was saved, ISO 8601. */
  savedAt: string;
  game: Game;
}

/** Why a save was not loaded. Stable: the UI switches on it (and translates it), never on the message. */
export type LoadRefusal =
  /** Nothing saved (or the storage cannot be read). */
  | 'none'
  /** Not JSON, or not the shape of a save. */
  | 'corrupt'
  /** Written by another version of the format. */
  | 'version'
  /** A game the engine refuses: its history does not reproduce it (edited scores, dice, log...). */
  | 'tampered';

/** A game brought back, or why not. A refused save never yields a game. */
export type LoadResult =
  | ({ ok: true; game: Game; savedAt: string } & SaveExtras)
  | { ok: false; reason: LoadRefusal; message: string };

/** The JSON of a save. */
export function encodeSave(game: Game, savedAt: Date, extras: SaveExtras = {}): string {
  const saved: SavedGame = { version: SAVE_VERSION, savedAt: savedAt.toISOString(), game };
  if (extras.lang !== undefined) saved.lang = extras.lang;
  if (extras.seats !== undefined) saved.seats = [...extras.seats];
  return JSON.stringify(saved);
}

function refuse(reason: LoadRefusal, message: string): LoadResult {
  return { ok: false, reason, message };
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * A save read back from untrusted text. The game is accepted only if the engine rebuilds exactly it
 * from its own history (`restoreGame`), so an edited score or die is refused rather than played.
 */
export function decodeSave(text: string): LoadResult {
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch (error) {
    return refuse('corrupt', `Saved game is not JSON: ${(error as Error).message}`);
  }
  if (!isRecord(data)) return refuse('corrupt', 'Saved game is not an object');
  if (data.version === undefined) return refuse('corrupt', 'Saved game has no version');
  if (data.version !== SAVE_VERSION) {
    return refuse(
      'version',
      `Saved game has version ${JSON.stringify(data.version)}, expected ${SAVE_VERSION}`,
    );
  }
  const { savedAt, lang, seats } = data;
  if (typeof savedAt !== 'string' || Number.isNaN(Date.parse(savedAt))) {
    return refuse('corrupt', 'Saved game has no valid date');
  }
  if (lang !== undefined && !isLang(lang))
    return refuse('corrupt', `Unknown language ${JSON.stringify(lang)}`);
  if (seats !== undefined && !(Array.isArray(seats) && seats.every(isSeatKind))) {
    return refuse('corrupt', 'Saved seats are not valid');
  }
  if (!isRecord(data.game)) return refuse('corrupt', 'Saved game has no game');
  let game: Game;
  try {
    game = restoreGame(data.game);
  } catch (error) {
    // restoreGame refuses with RuleError 'bad-state'; anything else it might throw means the same here.
    return refuse('tampered', error instanceof Error ? error.message : String(error));
  }
  if (seats !== undefined && seats.length !== game.players.length) {
    return refuse('corrupt', `${seats.length} seats saved for ${game.players.length} players`);
  }
  const loaded: LoadResult = { ok: true, game, savedAt };
  if (lang !== undefined) loaded.lang = lang;
  if (seats !== undefined) loaded.seats = [...seats];
  return loaded;
}

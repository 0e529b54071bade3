/**
 * The words for a computer player, kept for computer seats: a person may not sit at an online table as
 * "Computer 1" (or "Arvuti", or any look-alike of them, server/src/name-key.ts), so that a seat named so is
 * always a computer's. Pure and tiny: the page may use it too.
 */

/**
 * The page's words for a computer player, in every language it speaks: English "Computer" and Estonian
 * "Arvuti" (src/ui/i18n/coach-strings.ts names the computer seats "Computer: …" / "Arvuti: …", and
 * src/ui/i18n/online-en.ts and online-et.ts have "Add a computer" / "Lisa arvuti"). The first is the one
 * the server names computer seats with. A language added to the page adds its word here.
 */
export const COMPUTER_WORDS: readonly string[] = ['Computer', 'Arvuti'];

/**
 * The name of computer seat `n` at an online table: `Computer 1`, `Computer 2`... The server names them
 * in English whatever the page's language, as it names them for every client at once.
 */
export function computerSeatName(n: number): string {
  return `${COMPUTER_WORDS[0]!} ${n}`;
}

/** The number in a computer seat's name (`Computer 3` gives 3), or null for any other name. */
export function computerSeatNumber(name: string): number | null {
  const match = new RegExp(`^${COMPUTER_WORDS[0]!} ([1-9][0-9]?)$`).exec(name);
  return match ? Number(match[1]) : null;
}

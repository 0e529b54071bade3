/**
 * The page's title says when it is my turn in an online game (the element's `dp-your-turn`), so that a
 * player with the game in a background tab sees it there: `▶ Your turn · Täringupokker`.
 */
import type { YourTurnDetail } from '../ui/events.js';

/** Keeps the title of `doc` saying whose turn it is, from the events of its elements. */
export function followTurnInTitle(doc: Document = document): void {
  const plain = doc.title;
  doc.addEventListener('dp-your-turn', (event) => {
    const { yours, text } = (event as CustomEvent<YourTurnDetail>).detail;
    doc.title = yours && text ? `▶ ${text} · ${plain}` : plain;
  });
}

import type { Lang } from './strings.js';

/**
 * The words of "How to play" (<dp-how-to-play>): the three things a new player needs, each beside its
 * picture. They load with the guide (a chunk of its own), not with the table.
 */
export interface GuideStrings {
  /** The guide's heading (the buttons that open it say the same: Strings.howToPlay). */
  title: string;
  /** One line above the steps: what the game is. */
  intro: string;
  /** Throwing: the flick, and the other ways to throw. */
  flickTitle: string;
  flick: string;
  /** Holding dice between throws. */
  holdTitle: string;
  hold: string;
  /** Scoring a row, and how the game is won. */
  scoreTitle: string;
  score: string;
  /** The button that closes the guide (Escape closes it too). */
  close: string;
}

const en: GuideStrings = {
  title: 'How to play',
  intro: 'Five dice, thirteen turns each: make the best combinations.',
  flickTitle: 'Flick to throw',
  flick: 'Drag or swipe up across the table to throw the dice. The Throw button and the R key throw too.',
  holdTitle: 'Hold the keepers',
  hold: 'Click or tap a die to keep it for the next throw (keys 1-5). Tap it again to let it go.',
  scoreTitle: 'Pick a row',
  score:
    'After up to three throws, pick a row on the score sheet. When every row is filled, the highest total wins.',
  close: 'Let’s play',
};

const et: GuideStrings = {
  title: 'Kuidas mängida',
  intro: 'Viis täringut ja igaühel kolmteist käiku: kogu parimaid kombinatsioone.',
  flickTitle: 'Viska hoogsalt',
  flick:
    'Tõmba hiirega või libista sõrmega üle laua üles ja täringud lendavad. Viskavad ka nupp „Viska“ ja klahv R.',
  holdTitle: 'Hoia häid täringuid',
  hold: 'Klõpsa või puuduta täringut, et see järgmiseks viskeks alles jätta (klahvid 1–5). Uus puudutus vabastab selle.',
  scoreTitle: 'Vali rida',
  score: 'Kuni kolme viske järel vali tabelist rida. Kui kõik read on täis, võidab suurim summa.',
  close: 'Mängima!',
};

const TABLES: Record<Lang, GuideStrings> = { et, en };

/** The guide's words in a language. */
export function guideStringsFor(lang: Lang): GuideStrings {
  return TABLES[lang];
}

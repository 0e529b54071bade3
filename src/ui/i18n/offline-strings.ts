import type { Lang } from './strings.js';

/**
 * What "Play online" says with no network, in each language: the start panel says it without
 * loading online play's words (online-strings.ts, 4 kB gzip), which a game in the page never needs.
 */
const NEEDS_NETWORK: Record<Lang, string> = {
  en: 'Online play needs the network, and this device is offline. A game against the computer plays without it.',
  et: 'Võrgumäng vajab internetiühendust, aga see seade on praegu võrguta. Arvuti vastu saab mängida ka ilma.',
};

/** "Online play needs the network" in a language. */
export function needsNetworkFor(lang: Lang): string {
  return NEEDS_NETWORK[lang];
}

import { browserLang } from '../ui/i18n/index.js';
import { browserStorage } from '../ui/persistence/browser-storage.js';
import { readLang } from '../ui/persistence/lang-setting.js';

/**
 * Sets the page's language, before the game is first drawn: the one the player picked last (kept by the
 * game under its default storage key), else the browser's first the game speaks (Estonian for
 * Estonian), else English. index.html says Estonian until then (its own words are); the game reads the
 * page's.
 */
export function setPageLang(): void {
  document.documentElement.lang =
    readLang(browserStorage()) ?? browserLang(navigator.languages ?? [navigator.language]);
}

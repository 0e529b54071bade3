/// <reference types="vite-plugin-pwa/vanillajs" />
/**
 * The page's service worker (made by vite-plugin-pwa with Workbox: vite.config.ts): registered here,
 * it precaches the page, its chunks, the coach's workers and tables and the icons, so a page visited
 * once loads and plays with no network. A new version installs beside the running one and waits: the
 * player is offered it (UpdateOffer) and the page changes only when they press Update, never by itself
 * in the middle of a game.
 */
import { registerSW } from 'virtual:pwa-register';
import { resolveLang } from '../ui/i18n/index.js';
import { UpdateOffer } from './UpdateOffer.js';

/** How often a page left open asks the server for a new version (browsers also ask on each visit). */
const CHECK_EVERY_MS = 60 * 60 * 1000;

/** Registers the worker; offers a new version when one is waiting. */
export function installWorker(): void {
  const offer = new UpdateOffer(
    document.body,
    () =>
      document.querySelector('dice-poker')?.language ??
      resolveLang(null, document.documentElement.lang, navigator.languages),
  );
  const update = registerSW({
    // The page has loaded (main.ts waits for it): nothing left to wait for.
    immediate: true,
    onNeedRefresh: () => offer.show(() => void update(true)),
    onRegisteredSW: (_url, registration) => {
      if (!registration) return;
      setInterval(() => {
        if (navigator.onLine) void registration.update().catch(() => {});
      }, CHECK_EVERY_MS);
    },
    // Without the worker the page plays as before, online only; a warning says why.
    onRegisterError: (error: unknown) => console.warn('The offline worker was not registered:', error),
  });
}

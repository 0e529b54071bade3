import type { ManifestOptions } from 'vite-plugin-pwa';

/**
 * The web app manifest of the page `npm start` serves (vite.config.ts writes it as
 * manifest.webmanifest): what a phone or a desktop browser needs to install the game as an app. The
 * icons are drawn by `npm run icons` (scripts/render-icons.ts) from assets/icons/icon.svg.
 */
export const webManifest: Partial<ManifestOptions> = {
  id: '/',
  name: 'Täringupokker',
  short_name: 'Täringupokker',
  description:
    'Eesti täringupokker: füüsikaga täringud, vead välistav skooritabel ja optimaalne treener. Mängi arvuti vastu ka võrguta.',
  lang: 'et',
  dir: 'ltr',
  start_url: '/',
  scope: '/',
  display: 'standalone',
  // The page's own background (src/page.css): no flash of another colour while it opens.
  background_color: '#120d09',
  theme_color: '#120d09',
  categories: ['games'],
  icons: [
    { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
    { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
    { src: '/icons/icon-maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
  ],
};

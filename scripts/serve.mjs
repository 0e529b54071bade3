// `npm start` (after the build): serves the built game on http://127.0.0.1:4173 and says so.
import { preview } from 'vite';

const server = await preview({ logLevel: 'warn' });
const url = server.resolvedUrls?.local[0] ?? 'http://127.0.0.1:4173/';
console.log(`\nTäringupokker is served on ${url}  (Ctrl+C stops it)\n`);

/**
 * `npm start`: the page and the online game server on one port, http://127.0.0.1:4173/ unless the
 * environment says otherwise (PORT, HOST). SIGTERM or SIGINT (Ctrl+C) ends every room and stops.
 */
import { DEFAULT_HOST, DEFAULT_PORT, startServer } from './server.js';

/** Longest wait for the rooms to close on a signal before the process ends anyway, ms. */
const SHUTDOWN_GRACE_MS = 5000;

function portFrom(text: string | undefined): number {
  if (text === undefined || text === '') return DEFAULT_PORT;
  const port = Number(text);
  if (!Number.isInteger(port) || port < 0 || port > 65535) {
    console.error(`PORT must be a port number (0 to 65535), not ${JSON.stringify(text)}`);
    process.exit(2);
  }
  return port;
}

const server = await startServer({
  port: portFrom(process.env.PORT),
  host: process.env.HOST || DEFAULT_HOST,
});
console.log(`\nTäringupokker is served on ${server.url}  (Ctrl+C stops it)\n`);

let stopping = false;
function stop(signal: string): void {
  if (stopping) return;
  stopping = true;
  console.log(`${signal}: closing the rooms...`);
  setTimeout(() => process.exit(0), SHUTDOWN_GRACE_MS).unref();
  server.close().then(
    () => process.exit(0),
    (error: unknown) => {
      console.error('Shutdown failed:', error);
      process.exit(1);
    },
  );
}
process.on('SIGTERM', () => stop('SIGTERM'));
process.on('SIGINT', () => stop('SIGINT'));

/**
 * Entry point: reads the environment, builds the app, listens, shuts down on SIGTERM/SIGINT.
 *
 * A shutdown always ends: the app stops taking connections, lets requests in flight
 * finish, disconnects its sockets (their clients reconnect, to another node behind a balancer)
 * and closes Redis, the mail transport and the database; if that has not finished within
 * {@link SHUTDOWN_DEADLINE_MS}, the process exits with code 1 whatever is still open. A closed
 * log reader (EPIPE on stdout) neither crashes nor holds the process.
 */
import { buildApp } from './app.js';
import { loadConfig } from './config.js';
import { ProcessConflictError } from './db/heartbeats.js';
import { gazetteerReady } from './modules/places/gazetteer.js';

/** How long the graceful part of a shutdown may take, in ms (orchestrators kill after 10 s). */
const SHUTDOWN_DEADLINE_MS = 8_000;

// A log reader that went away (a closed stdout pipe) must not crash the process nor keep it up.
process.stdout.on('error', () => {});

const config = loadConfig();
const app = await buildApp(config).catch((error: unknown) => {
  // Another live process on the same database rules this one out: say why, without a stack.
  if (!(error instanceof ProcessConflictError)) throw error;
  console.error(error.message);
  process.exit(1);
});

let closing = false;
for (const signal of ['SIGTERM', 'SIGINT'] as const) {
  process.once(signal, () => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    // Unref'd: it never keeps the process up, only ends one whose shutdown is stuck.
    setTimeout(() => {
      app.log.error({ deadlineMs: SHUTDOWN_DEADLINE_MS }, 'shutdown did not finish in time');
      process.exit(1);
    }, SHUTDOWN_DEADLINE_MS).unref();
    app.close().then(
      () => process.exit(0),
      (error: unknown) => {
        app.log.error({ err: error }, 'shutdown failed');
        process.exit(1);
      },
    );
  });
}

await app.listen({ port: config.port, host: config.host });
// The offline gazetteer loads in a worker from now on (place search answers 503 until it has);
// with PLACES_URL only reverse lookups need it, and the first one starts it.
if (!config.placesUrl)
  void gazetteerReady((error, failures) =>
    app.log.error({ err: error, failures }, 'gazetteer worker failed; starting another'),
  );

/** Entry point: reads the environment, builds the app, listens, shuts down on SIGTERM/SIGINT. */
import { buildApp } from './app.js';
import { loadConfig } from './config.js';
import { warmGazetteer } from './modules/places/gazetteer.js';

const config = loadConfig();
const app = await buildApp(config);

let closing = false;
for (const signal of ['SIGTERM', 'SIGINT'] as const) {
  process.once(signal, () => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
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
if (!config.placesUrl) setImmediate(warmGazetteer);

/**
 * The yardstick of `npm run bench`: a bare Fastify 5 route answering `{"ok":true}` on
 * loopback, run as its own process like the real server, so every scenario can be given as a
 * share of what this machine serves with no work at all. Prints its port on stdout.
 */
import Fastify from 'fastify';

const app = Fastify({ logger: false });
app.get('/', () => ({ ok: true }));
await app.listen({ port: 0, host: '127.0.0.1' });
const address = app.server.address();
console.log(typeof address === 'object' && address ? address.port : 0);
process.once('SIGTERM', () => void app.close().then(() => process.exit(0)));

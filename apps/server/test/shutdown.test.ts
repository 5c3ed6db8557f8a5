/**
 * A shutdown that always ends, on a real server process over SQLite: SIGTERM
 * disconnects the connected sockets from the server side and the process exits with code 0
 * within 10 s, also when the log's reader has gone away.
 */
import { afterEach, describe, expect, it } from 'vitest';
import {
  connectSocket,
  demoToken,
  startServerProcess,
  type ServerProcess,
} from './server-process.js';

let server: ServerProcess | undefined;
afterEach(async () => {
  await server?.stop();
  server = undefined;
});

describe.runIf(process.env.TEST_DIALECT !== 'postgres')('SIGTERM', () => {
  it('disconnects connected sockets and exits with code 0 within 10 s', async () => {
    server = await startServerProcess();
    const token = await demoToken(server.url);
    const sockets = await Promise.all([
      connectSocket(server.url, token),
      connectSocket(server.url, token),
    ]);
    const reasons = sockets.map(
      (socket) => new Promise<string>((resolve) => socket.once('disconnect', resolve)),
    );
    server.child.kill('SIGTERM');
    expect(await server.exited(10_000)).toBe(0);
    expect(await Promise.all(reasons)).toEqual(['io server disconnect', 'io server disconnect']);
    expect(server.logText()).toContain('shutting down');
  });

  it('exits within 10 s after its log reader is gone', async () => {
    server = await startServerProcess();
    const token = await demoToken(server.url);
    const socket = await connectSocket(server.url, token);
    // Log lines in flight as the reader goes away.
    for (let i = 0; i < 30; i += 1) socket.emit('join', { other: 'x'.repeat(10_000), i });
    server.child.stdout!.destroy();
    server.child.kill('SIGTERM');
    expect(await server.exited(10_000)).toBe(0);
  });
});

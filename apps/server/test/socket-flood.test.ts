/**
 * Socket flood limits: a frame over 16 KB closes its connection, `join` logs no
 * client value in full, and a socket sending events over its rate has them refused and is
 * finally disconnected. Real server process (for its real log) and real sockets.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emitAck, startServer, type TestServer } from './harness.js';
import {
  connectSocket,
  demoToken,
  startServerProcess,
  type ServerProcess,
} from './server-process.js';

describe.runIf(process.env.TEST_DIALECT !== 'postgres')('oversized join emits', () => {
  let server: ServerProcess;
  beforeAll(async () => {
    server = await startServerProcess();
  });
  afterAll(() => server?.stop());

  it('add less than 100 KB of log and disconnect the socket', async () => {
    const socket = await connectSocket(server.url, await demoToken(server.url));
    const gone = new Promise<string>((resolve) => socket.once('disconnect', resolve));
    const before = server.logBytes();
    const big = { filler: 'x'.repeat(950 * 1024) };
    for (let i = 0; i < 20; i += 1) socket.emit('join', big);
    expect(await gone).toBe('transport close');
    // A small claimed id is still logged, bounded: the log works, only the size is capped.
    const next = await connectSocket(server.url, await demoToken(server.url));
    for (let i = 0; i < 20; i += 1) next.emit('join', { filler: 'y'.repeat(15 * 1024) });
    // Every one of them is logged (bounded) before the size is measured.
    const message = 'socket join with another user id ignored';
    await expect
      .poll(() => server.logText().split(message).length - 1, { timeout: 10_000 })
      .toBe(20);
    expect(server.logBytes() - before).toBeLessThan(100 * 1024);
    next.disconnect();
  });
});

describe('a socket over its event rate', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer({ RATE_LIMITS: 'on' });
  });
  afterAll(() => server?.close());

  it('gets its events refused and is disconnected', async () => {
    const member = await server.signUp('flood_member');
    const socket = await server.connect(member.token);
    const gone = new Promise<string>((resolve) => socket.once('disconnect', resolve));
    // Within its rate the socket is answered as usual.
    expect(await emitAck<{ success: boolean }>(socket, 'leaveGroupChat', 1)).toMatchObject({
      success: true,
    });
    // A flood: refused past the burst, then disconnected (answers still in flight when the
    // socket drops never arrive, hence the race).
    const answers = await Promise.all(
      Array.from({ length: 300 }, () =>
        Promise.race([
          emitAck<{ success: boolean; message?: string }>(socket, 'leaveGroupChat', 1),
          gone.then(() => null),
        ]),
      ),
    );
    expect(answers).toContainEqual({
      success: false,
      message: 'Too many requests. Please slow down.',
    });
    expect(await gone).toBe('io server disconnect');
  });
});

/**
 * A child process of `bench/run.ts` (issue 18) that holds idle authenticated sockets, so the
 * 10,000 sockets of the realtime scenario do not share one client event loop with the sockets
 * whose latency is measured. Speaks over the IPC channel of `fork`:
 *
 *   in:  {url, tokens, wave}  opens one websocket per token, `wave` at a time
 *   out: {connected, failed}  once every socket answered (connected or refused)
 *   in:  'close'              disconnects them all and exits
 */
import { io, type Socket } from 'socket.io-client';

interface Job {
  url: string;
  tokens: string[];
  wave: number;
}

const sockets: Socket[] = [];

/** Opens one websocket; resolves true once connected, false when refused. */
function connect(url: string, token: string): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = io(url, {
      transports: ['websocket'],
      auth: { token },
      reconnection: false,
      timeout: 60_000,
    });
    sockets.push(socket);
    socket.once('connect', () => resolve(true));
    socket.once('connect_error', () => resolve(false));
  });
}

process.on('message', (message: Job | 'close') => {
  if (message === 'close') {
    for (const socket of sockets) socket.disconnect();
    process.exit(0);
  }
  void (async () => {
    let connected = 0;
    let failed = 0;
    for (let i = 0; i < message.tokens.length; i += message.wave) {
      const wave = message.tokens.slice(i, i + message.wave);
      for (const ok of await Promise.all(wave.map((t) => connect(message.url, t)))) {
        if (ok) connected++;
        else failed++;
      }
    }
    process.send?.({ connected, failed });
  })();
});

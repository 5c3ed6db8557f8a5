/**
 * Redis, when REDIS_URL is set: the Socket.IO adapter, so rooms span every server process
 * (ARCHITECTURE.md scale-out), and the shared store of the rate limits.
 */
import { createAdapter } from '@socket.io/redis-adapter';
import { createClient, type RedisClientType } from 'redis';
import type { RealtimeServer } from './rooms.js';

export interface RedisLink {
  /** The command client (also the adapter's publisher). */
  client: RedisClientType;
  ping: () => Promise<void>;
  close: () => Promise<void>;
  /** Installs the Socket.IO adapter on `io`. */
  attach: (io: RealtimeServer) => void;
}

/**
 * Connects the command and subscriber clients. Throws if Redis is unreachable at start. Once
 * connected, a lost connection is reported to `onError` while the clients reconnect by
 * themselves: without a listener, node-redis would throw the error and end the process.
 */
export async function connectRedis(
  redisUrl: string,
  onError: (error: unknown) => void,
): Promise<RedisLink> {
  const client: RedisClientType = createClient({ url: redisUrl });
  const sub = client.duplicate();
  client.on('error', onError);
  sub.on('error', onError);
  await Promise.all([client.connect(), sub.connect()]);
  return {
    client,
    ping: async () => {
      await client.ping();
    },
    close: async () => {
      await Promise.allSettled([client.quit(), sub.quit()]);
    },
    attach: (io) => {
      io.adapter(createAdapter(client, sub));
    },
  };
}

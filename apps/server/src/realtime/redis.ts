/**
 * Redis, when REDIS_URL is set: the Socket.IO adapter, so rooms span every server process
 * (ARCHITECTURE.md scale-out), and the shared store of the rate limits.
 */
import { createAdapter, createShardedAdapter } from '@socket.io/redis-adapter';
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
  const sharded = shardedPubSub(await client.info('server'));
  return {
    client,
    ping: async () => {
      await client.ping();
    },
    close: async () => {
      await Promise.allSettled([client.quit(), sub.quit()]);
    },
    attach: (io) => {
      // Sharded pub/sub with a channel per room ("dynamic"): a process subscribes to the rooms
      // of its own sockets only, so each direct message reaches the one process holding its
      // recipient instead of reaching every process (issue 18: 2,000 messages a second across
      // two processes). Broadcasts to several rooms at once, and the adapter's requests
      // (fetchSockets for presence), still go to every process. Every process asks the same
      // Redis, so all of them choose the same adapter.
      io.adapter(
        sharded
          ? createShardedAdapter(client, sub, { subscriptionMode: 'dynamic' })
          : createAdapter(client, sub),
      );
    },
  };
}

/**
 * Whether the Redis server of `info` (the text of `INFO server`) has sharded pub/sub (SPUBLISH,
 * Redis 7.0 and later); older servers get the classic adapter, where every process hears
 * every broadcast.
 */
export function shardedPubSub(info: string): boolean {
  const major = /^redis_version:(\d+)\./m.exec(info)?.[1];
  return major !== undefined && Number(major) >= 7;
}

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
  /**
   * Resolves once every room subscription the adapter has asked for so far is in place on
   * Redis (failed ones included: they are the connection's errors to report, not the caller's).
   */
  subscriptionsSettled: () => Promise<void>;
}

/**
 * The Redis sockets' write buffer in bytes. node-redis writes queued commands until the socket's
 * buffer passes its high-water mark, then waits for `drain` and a later turn of the event loop;
 * with Node's 16 KB default, a busy process published some 30 adapter messages a turn and fell
 * seconds behind at 2,000 direct messages a second (delivery p50 ~9 s through Redis).
 * The commands are in memory either way: this only lets one turn hand them all to the kernel.
 */
const REDIS_WRITE_BUFFER_BYTES = 8 * 1024 * 1024;

/**
 * node-redis passes its socket options to `net.connect`; the high-water mark is a stream option
 * there that its option type does not list, so it goes in beside one it does (`noDelay`, as by
 * default).
 */
const REDIS_SOCKET = { noDelay: true, writableHighWaterMark: REDIS_WRITE_BUFFER_BYTES };

/**
 * Connects the command and subscriber clients. Throws if Redis is unreachable at start. Once
 * connected, a lost connection is reported to `onError` while the clients reconnect by
 * themselves: without a listener, node-redis would throw the error and end the process.
 */
export async function connectRedis(
  redisUrl: string,
  onError: (error: unknown) => void,
): Promise<RedisLink> {
  const client: RedisClientType = createClient({ url: redisUrl, socket: REDIS_SOCKET });
  const sub = client.duplicate();
  client.on('error', onError);
  sub.on('error', onError);
  await Promise.all([client.connect(), sub.connect()]);
  const sharded = shardedPubSub(await client.info('server'));
  const subscribing = trackSubscriptions(sub);
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
      // recipient instead of reaching every process (2,000 messages a second across
      // two processes). Broadcasts to several rooms at once, and the adapter's requests
      // (fetchSockets for presence), still go to every process. Every process asks the same
      // Redis, so all of them choose the same adapter.
      io.adapter(
        sharded
          ? createShardedAdapter(client, sub, { subscriptionMode: 'dynamic' })
          : createAdapter(client, sub),
      );
    },
    subscriptionsSettled: async () => {
      await Promise.allSettled([...subscribing]);
    },
  };
}

/**
 * Keeps the subscriber's sharded subscriptions that Redis has not confirmed yet. The sharded
 * adapter subscribes to a room's channel when a local socket first joins it and does not wait
 * for the answer, so a message published to that room in between is lost (seen across two
 * processes on a loaded machine: a direct message sent right after its recipient connected never
 * arrived); the connection handshake waits for these before the socket counts as connected.
 */
function trackSubscriptions(sub: RedisClientType): Set<Promise<void>> {
  const subscribing = new Set<Promise<void>>();
  const sSubscribe = sub.sSubscribe.bind(sub);
  sub.sSubscribe = ((...args: Parameters<typeof sSubscribe>) => {
    const subscribed = sSubscribe(...args);
    subscribing.add(subscribed);
    const settle = () => void subscribing.delete(subscribed);
    subscribed.then(settle, settle);
    return subscribed;
  }) as typeof sub.sSubscribe;
  return subscribing;
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

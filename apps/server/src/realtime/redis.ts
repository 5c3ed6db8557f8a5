/**
 * Scale-out: with REDIS_URL set, Socket.IO rooms span every server process through the Redis
 * adapter, so a message stored by one node reaches sockets held by the others (ARCHITECTURE.md).
 */
import { createAdapter } from '@socket.io/redis-adapter';
import { createClient } from 'redis';
import type { RealtimeServer } from './index.js';

export interface RedisLink {
  ping: () => Promise<void>;
  close: () => Promise<void>;
}

/** Connects the publish and subscribe clients and installs the adapter. Throws if Redis is unreachable. */
export async function attachRedisAdapter(io: RealtimeServer, redisUrl: string): Promise<RedisLink> {
  const pub = createClient({ url: redisUrl });
  const sub = pub.duplicate();
  await Promise.all([pub.connect(), sub.connect()]);
  io.adapter(createAdapter(pub, sub));
  return {
    ping: async () => {
      await pub.ping();
    },
    close: async () => {
      await Promise.allSettled([pub.quit(), sub.quit()]);
    },
  };
}

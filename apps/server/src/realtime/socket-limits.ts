/**
 * Flood limits of one socket: the largest frame a client may send, a per-socket event
 * rate (a token bucket) that drops the events over it and finally disconnects the flooder, and
 * the bounded description of a client-sent value that the log may carry instead of the value.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { RealtimeSocket } from './rooms.js';

/**
 * Socket.IO's `maxHttpBufferSize` in bytes: the largest real frame is a message of
 * `MESSAGE_MAX` (2000) characters, at most 6 bytes each once JSON-escaped (12 KB), plus its envelope.
 * A larger frame closes the connection (engine.io's rule).
 */
export const MAX_FRAME_BYTES = 16 * 1024;

/** The per-socket event rate: a burst of `burst` events, refilled at `perSecond` a second. */
export interface EventRate {
  burst: number;
  perSecond: number;
  /** Events dropped in a row (no event let through between them) before the socket is disconnected. */
  dropsBeforeDisconnect: number;
}

/**
 * Far above what the web app sends (typing is throttled, messages are typed by hand), low enough
 * that one socket cannot keep the server or the log busy.
 */
export const DEFAULT_EVENT_RATE: EventRate = {
  burst: 40,
  perSecond: 10,
  dropsBeforeDisconnect: 200,
};

/** The acknowledgement an event over the rate gets, when it has one. */
export const TOO_MANY_EVENTS = {
  success: false,
  message: 'Too many requests. Please slow down.',
} as const;

/**
 * A token bucket: `take()` is true while tokens are left (one per event) and refills at
 * `perSecond` up to `burst`, measured on `now()` (milliseconds).
 */
export function tokenBucket(
  { burst, perSecond }: Pick<EventRate, 'burst' | 'perSecond'>,
  now: () => number = Date.now,
): { take: () => boolean } {
  let tokens = burst;
  let last = now();
  return {
    take() {
      const at = now();
      tokens = Math.min(burst, tokens + ((at - last) / 1000) * perSecond);
      last = at;
      if (tokens < 1) return false;
      tokens -= 1;
      return true;
    },
  };
}

/**
 * Installs the event rate on `socket` (a `socket.use` middleware, so it runs before every
 * handler): an event over the rate is dropped, its acknowledgement (a function as last
 * argument) answered {@link TOO_MANY_EVENTS}; after `dropsBeforeDisconnect` drops in a row the
 * socket is disconnected (logged once, with the member's id and the event's name only).
 */
export function limitEventRate(
  socket: RealtimeSocket,
  rate: EventRate,
  log: FastifyBaseLogger,
): void {
  const bucket = tokenBucket(rate);
  let drops = 0;
  socket.use((packet, next) => {
    if (bucket.take()) {
      drops = 0;
      return next();
    }
    drops += 1;
    const ack: unknown = packet[packet.length - 1];
    if (typeof ack === 'function')
      (ack as (reply: typeof TOO_MANY_EVENTS) => void)(TOO_MANY_EVENTS);
    if (drops === rate.dropsBeforeDisconnect) {
      log.warn(
        { userId: socket.data.userId, event: String(packet[0]).slice(0, 40) },
        'socket disconnected for sending too many events',
      );
      socket.disconnect(true);
    }
  });
}

/**
 * What the log may say about a value a client sent (never the value itself, which can
 * be as large as a frame): its type, its size in bytes as JSON, and at most the first 64
 * characters of that JSON.
 */
export function describeClientValue(value: unknown): {
  type: string;
  bytes: number;
  preview: string;
} {
  let json: string;
  try {
    json = JSON.stringify(value) ?? String(value);
  } catch {
    json = '[unserializable]';
  }
  return {
    type: Array.isArray(value) ? 'array' : value === null ? 'null' : typeof value,
    bytes: Buffer.byteLength(json),
    preview: json.length > 64 ? `${json.slice(0, 64)}…` : json,
  };
}

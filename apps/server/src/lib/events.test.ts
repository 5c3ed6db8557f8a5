import { describe, expect, it } from 'vitest';
import type { FastifyBaseLogger } from 'fastify';
import { DomainEventBus, HandlerFailures } from './events.js';

/** A logger that drops what it is given: the failures' count is what these tests read. */
const quietLog = { error: () => undefined } as unknown as FastifyBaseLogger;
const follower = { id: 1, username: 'ana', name: 'Ana', profile_picture: null };

describe('DomainEventBus.settled', () => {
  it('waits for listeners in flight, and for the listeners those start in turn', async () => {
    const failures = new HandlerFailures(quietLog);
    const bus = new DomainEventBus(failures);
    const done: string[] = [];
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    bus.on('follow.created', async () => {
      await gate;
      done.push('follow');
      bus.emit('notification.created', { userId: 2, notification: {} as never });
    });
    bus.on('notification.created', async () => {
      // A turn of the event loop, as a database write would take.
      await new Promise((resolve) => setImmediate(resolve));
      done.push('notification');
    });

    bus.emit('follow.created', { follower, followeeId: 2 });
    const settled = bus.settled().then(() => [...done]);
    release();
    expect(await settled).toEqual(['follow', 'notification']);
  });

  it('records a failing listener and still settles', async () => {
    const failures = new HandlerFailures(quietLog);
    const bus = new DomainEventBus(failures);
    bus.on('follow.created', () => Promise.reject(new Error('down')));
    bus.emit('follow.created', { follower, followeeId: 2 });
    await bus.settled();
    expect(failures.count('follow.created')).toBe(1);
  });
});

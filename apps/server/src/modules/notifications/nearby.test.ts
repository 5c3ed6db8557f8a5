/**
 * Nearby-post notifications to many members at once (issue 5 nearby_post; issue 10: one query
 * finds every recipient, one batch insert stores them). Its own server, so its sign-ups do not
 * spend the rate limits of notifications.test.ts.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LoginResponse, Notification } from '@gameon/shared';
import { nextEvent, startServer, type TestServer } from '../../../test/harness.js';

let server: TestServer;
beforeAll(async () => {
  server = await startServer();
});
afterAll(() => server.close());

const list = async (who: LoginResponse) =>
  (await server.request<Notification[]>('GET', '/api/notifications', { token: who.token })).body;

// Pune, and points some km north of it.
const PUNE: [number, number] = [73.8567, 18.5204];
const north = (km: number): [number, number] => [PUNE[0], PUNE[1] + km / 111.195];

describe('nearby_post to several members', () => {
  it('a new game tells every nearby member who plays it, whatever the case, each live and once', async () => {
    const host = await server.signUp('crowd_host');
    const bySport = [
      await server.signUp('crowd_sport_a', { sports: ['Cricket'] }),
      await server.signUp('crowd_sport_b', { sports: ['cricket', 'Golf'] }),
    ];
    const bySkill = [
      await server.signUp('crowd_skill_a', { sports: [] }),
      await server.signUp('crowd_skill_b', { sports: ['Golf'] }),
    ];
    const blocker = await server.signUp('crowd_blocker', { sports: ['Cricket'] });
    const tooFar = await server.signUp('crowd_far', { sports: ['Cricket'] });
    const noHome = await server.signUp('crowd_no_home', { sports: ['Cricket'] });
    for (const [i, who] of [...bySport, ...bySkill, blocker].entries())
      await server.request('PUT', '/api/settings', {
        token: who.token,
        body: { location_city: 'Pune', location_coordinates: north(i * 4) },
      });
    await server.request('PUT', '/api/settings', {
      token: tooFar.token,
      body: { location_city: 'Pune', location_coordinates: north(30) },
    });
    for (const who of bySkill)
      await server.request('PUT', '/api/settings/skills', {
        token: who.token,
        body: { skills: [{ sport: 'Cricket', skill_level: 'beginner' }] },
      });
    // The member blocks the host this time (the other test has the host block the member).
    await server.request('POST', `/api/users/${host.user.id}/block`, { token: blocker.token });

    const recipients = [...bySport, ...bySkill];
    const sockets = await Promise.all(recipients.map((who) => server.connect(who.token)));
    const pushed = Promise.all(sockets.map((socket) => nextEvent(socket, 'notification')));
    const post = await server.createPost(host.token, {
      sport: 'Cricket',
      heading: 'Nets at dawn',
      location: { type: 'Point', coordinates: PUNE },
    });
    const live = await pushed;
    for (const notification of live)
      expect(notification).toMatchObject({
        type: 'nearby_post',
        message: 'New Cricket game near you: Nets at dawn',
        is_read: false,
        data: { post_id: post.id, author_id: host.user.id },
      });
    expect(new Set(live.map((n) => n.id)).size).toBe(recipients.length);
    for (const [i, who] of recipients.entries())
      expect((await list(who)).filter((n) => n.type === 'nearby_post')).toEqual([live[i]]);
    for (const who of [host, blocker, tooFar, noHome])
      expect((await list(who)).filter((n) => n.type === 'nearby_post')).toEqual([]);
  });
});

/**
 * Nearby-post notifications to many members at once (nearby_post; one query
 * finds every recipient, one batch insert stores them). Its own server, so its sign-ups do not
 * spend the rate limits of notifications.test.ts.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LoginResponse, Notification, Post } from '@gameon/shared';
import { nextEvent, startServer, type TestServer } from '../../../test/harness.js';
import { GRID_CELL_M, haversineBound, haversineFrom, snapToGrid } from '../../lib/geo.js';
import { NEARBY_RADIUS_M } from './notifications.service.js';

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

describe('nearby_post by the point the host shares', () => {
  const R = 6_371_008.8;
  /** The point `metres` from `from` on compass `bearing` (degrees), on a sphere. */
  const destination = (
    from: readonly [number, number],
    bearing: number,
    metres: number,
  ): [number, number] => {
    const rad = Math.PI / 180;
    const d = metres / R;
    const [lng1, lat1] = [from[0] * rad, from[1] * rad];
    const b = bearing * rad;
    const lat2 = Math.asin(
      Math.sin(lat1) * Math.cos(d) + Math.cos(lat1) * Math.sin(d) * Math.cos(b),
    );
    const lng2 =
      lng1 +
      Math.atan2(
        Math.sin(b) * Math.sin(d) * Math.cos(lat1),
        Math.cos(d) - Math.sin(lat1) * Math.sin(lat2),
      );
    return [lng2 / rad, lat2 / rad];
  };
  const within = (centre: readonly [number, number], home: readonly [number, number]) =>
    haversineFrom({ lng: centre[0], lat: centre[1] })(home[1], home[0]) <=
    haversineBound(NEARBY_RADIUS_M);
  const nearbyPostIds = async (who: LoginResponse) =>
    (await list(who)).filter((n) => n.type === 'nearby_post').map((n) => n.data.post_id);

  it('a `general` game tells exactly the members its grid point predicts, wherever in the cell it is', async () => {
    const host = await server.signUp('tri_host');
    await server.request('PUT', '/api/settings', {
      token: host.token,
      body: { location_sharing: 'general' },
    });
    // Two exact spots in opposite corners of one ~1 km grid cell, some 1.3 km apart.
    const centre = snapToGrid(73.8567, 18.5204);
    const dLat = GRID_CELL_M / 111_195;
    const dLng = dLat / Math.cos((centre[1] * Math.PI) / 180);
    const spots: [number, number][] = [
      [centre[0] - 0.45 * dLng, centre[1] - 0.45 * dLat],
      [centre[0] + 0.45 * dLng, centre[1] + 0.45 * dLat],
    ];
    for (const spot of spots) expect(snapToGrid(...spot)).toEqual(centre);

    // The triangulation: members' home points on the edge of the nearby radius all round the
    // cell, a few hundred metres in or out, so the exact spots would tell different members.
    const homes: [number, number][] = [];
    for (let bearing = 0; bearing < 360; bearing += 15)
      homes.push(destination(centre, bearing, NEARBY_RADIUS_M + (bearing % 30 === 0 ? -450 : 450)));
    const anchor = await server.signUp('tri_anchor', { sports: ['Badminton'] });
    await server.request('PUT', '/api/settings', {
      token: anchor.token,
      body: { location_city: 'Pune', location_coordinates: centre },
    });
    const ring: LoginResponse[] = [];
    for (const [i, home] of homes.entries()) {
      const member = await server.signUp(`tri_ring_${i}`, { sports: ['Badminton'] });
      await server.request('PUT', '/api/settings', {
        token: member.token,
        body: { location_city: 'Pune', location_coordinates: home },
      });
      ring.push(member);
    }
    const byExact = spots.map((spot) => homes.map((home) => within(spot, home)));
    // The placement does tell the exact spots apart (and each from the grid point).
    expect(byExact[0]).not.toEqual(byExact[1]);

    const anchorSocket = await server.connect(anchor.token);
    const told: boolean[][] = [];
    for (const spot of spots) {
      const pushed = nextEvent(anchorSocket, 'notification');
      const post = await server.createPost(host.token, {
        sport: 'Badminton',
        location: { type: 'Point', coordinates: spot },
      });
      // One batch insert stores every recipient's row before any is pushed.
      expect((await pushed).data.post_id).toBe(post.id);
      const seen = await server.request<Post>('GET', `/api/posts/${post.id}`, {
        token: anchor.token,
      });
      expect(seen.body.location?.coordinates).toEqual(centre);
      told.push(
        await Promise.all(ring.map(async (m) => (await nearbyPostIds(m)).includes(post.id))),
      );
    }
    const byShared = homes.map((home) => within(centre, home));
    expect(told[0]).toEqual(byShared);
    expect(told[1]).toEqual(byShared);
  });

  it('a game whose place is hidden tells nobody nearby', async () => {
    const hider = await server.signUp('hid_host');
    await server.request('PUT', '/api/settings', {
      token: hider.token,
      body: { location_sharing: 'hidden' },
    });
    const other = await server.signUp('hid_other_host');
    const neighbour = await server.signUp('hid_neighbour', { sports: ['Hockey'] });
    await server.request('PUT', '/api/settings', {
      token: neighbour.token,
      body: { location_city: 'Pune', location_coordinates: PUNE },
    });
    const socket = await server.connect(neighbour.token);
    const pushed = nextEvent(socket, 'notification');
    await server.createPost(hider.token, {
      sport: 'Hockey',
      location: { type: 'Point', coordinates: PUNE },
    });
    // A game at the same spot whose host shares it: its alert comes, the hidden one's never.
    const shared = await server.createPost(other.token, {
      sport: 'Hockey',
      location: { type: 'Point', coordinates: PUNE },
    });
    expect((await pushed).data.post_id).toBe(shared.id);
    expect(await nearbyPostIds(neighbour)).toEqual([shared.id]);
  });
});

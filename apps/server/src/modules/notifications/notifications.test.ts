import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LoginResponse, Notification } from '@gameon/shared';
import { nextEvent, startServer, type TestServer } from '../../../test/harness.js';

let server: TestServer;
beforeAll(async () => {
  server = await startServer();
});
afterAll(() => server.close());

const list = async (who: LoginResponse, query = '') =>
  (await server.request<Notification[]>('GET', `/api/notifications${query}`, { token: who.token }))
    .body;
const count = async (who: LoginResponse) =>
  (
    await server.request<{ count: number }>('GET', '/api/notifications/unread-count', {
      token: who.token,
    })
  ).body.count;

// Pune, and points 10 km and 60 km north of it.
const PUNE: [number, number] = [73.8567, 18.5204];
const north = (km: number): [number, number] => [PUNE[0], PUNE[1] + km / 111.195];

describe('notifications created by the server', () => {
  it('a follow notifies the followed member once, live, with follower_id', async () => {
    const star = await server.signUp('star');
    const fan = await server.signUp('fan');
    const socket = await server.connect(star.token);
    const pushed = nextEvent(socket, 'notification');
    await server.request('POST', `/api/users/${star.user.id}/follow`, { token: fan.token });
    await server.request('POST', `/api/users/${star.user.id}/follow`, { token: fan.token });
    const live = await pushed;
    expect(live).toMatchObject({
      type: 'follow',
      message: 'fan started following you',
      is_read: false,
      data: { follower_id: fan.user.id },
    });
    expect((await list(star)).map((n) => n.id)).toEqual([live.id]);
    expect(await count(star)).toBe(1);
  });

  it("interest in one's post notifies the author once", async () => {
    const author = await server.signUp('poster');
    const player = await server.signUp('joiner');
    const post = await server.createPost(author.token, { heading: 'Evening nets' });
    const socket = await server.connect(author.token);
    const pushed = nextEvent(socket, 'notification');
    await server.request('POST', `/api/posts/${post.id}/interest`, { token: player.token });
    await server.request('POST', `/api/posts/${post.id}/interest`, { token: player.token });
    expect(await pushed).toMatchObject({
      type: 'interest',
      message: 'joiner is interested in your post "Evening nets"',
      data: { post_id: post.id },
    });
    expect((await list(author)).filter((n) => n.type === 'interest')).toHaveLength(1);
  });

  it('a new game notifies members whose home city is within 25 km and who play that sport', async () => {
    const host = await server.signUp('nearhost');
    const near = await server.signUp('nearby_player', { sports: ['Badminton'] });
    const skilled = await server.signUp('skilled_player', { sports: [] });
    const far = await server.signUp('far_player', { sports: ['Badminton'] });
    const otherSport = await server.signUp('other_sport', { sports: ['Golf'] });
    const blocked = await server.signUp('blocked_player', { sports: ['Badminton'] });
    const home = (who: LoginResponse, point: [number, number]) =>
      server.request('PUT', '/api/settings', {
        token: who.token,
        body: { location_city: 'Pune', location_coordinates: point },
      });
    await home(near, north(10));
    await home(skilled, PUNE);
    await server.request('PUT', '/api/settings/skills', {
      token: skilled.token,
      body: { skills: [{ sport: 'Badminton', skill_level: 'expert' }] },
    });
    await home(far, north(60));
    await home(otherSport, PUNE);
    await home(blocked, PUNE);
    await server.request('POST', `/api/users/${blocked.user.id}/block`, { token: host.token });

    const socket = await server.connect(near.token);
    const pushed = nextEvent(socket, 'notification');
    const post = await server.createPost(host.token, {
      sport: 'Badminton',
      heading: 'Doubles at 7',
      location: { type: 'Point', coordinates: PUNE },
    });
    expect(await pushed).toMatchObject({
      type: 'nearby_post',
      message: 'New Badminton game near you: Doubles at 7',
      data: { post_id: post.id },
    });
    // Nearby members are told after the post is answered.
    await expect
      .poll(async () => (await list(skilled)).map((n) => n.type))
      .toEqual(['nearby_post']);
    for (const who of [far, otherSport, blocked, host]) {
      expect((await list(who)).filter((n) => n.type === 'nearby_post')).toEqual([]);
    }
  });
});

describe('reading notifications', () => {
  it('lists newest first with a cursor, and mark-read / mark-all-read change only the caller’s', async () => {
    const target = await server.signUp('popular');
    const other = await server.signUp('bystander_n');
    const followers: LoginResponse[] = [];
    for (let i = 0; i < 4; i++) followers.push(await server.signUp(`follower_${i}`));
    // A follow's notification is written by a domain-event subscriber after the follow's
    // response: each is waited for, as a member following one after another would be, so that
    // the bell's order is the follows' order.
    for (const f of followers) {
      await server.request('POST', `/api/users/${target.user.id}/follow`, { token: f.token });
      await server.app.domainEvents.settled();
    }
    await server.request('POST', `/api/users/${other.user.id}/follow`, {
      token: followers[0]!.token,
    });
    await server.app.domainEvents.settled();

    const all = await list(target);
    expect(all.map((n) => n.message)).toEqual([
      'follower_3 started following you',
      'follower_2 started following you',
      'follower_1 started following you',
      'follower_0 started following you',
    ]);
    const page = await server.request<Notification[]>('GET', '/api/notifications?limit=3', {
      token: target.token,
    });
    expect(page.body).toHaveLength(3);
    const rest = await list(target, `?limit=3&cursor=${page.headers.get('x-next-cursor')}`);
    expect(rest.map((n) => n.id)).toEqual([all[3]!.id]);

    const othersId = (await list(other))[0]!.id;
    await server.request('POST', '/api/notifications/mark-read', {
      token: target.token,
      body: { notificationIds: [all[0]!.id, othersId] },
    });
    expect(await count(target)).toBe(3);
    expect(await count(other)).toBe(1);
    await server.request('POST', '/api/notifications/mark-all-read', { token: target.token });
    expect(await count(target)).toBe(0);
    expect(await count(other)).toBe(1);
    expect((await list(target)).every((n) => n.is_read)).toBe(true);
  });

  it('refuses bad input', async () => {
    const member = await server.signUp('badnotif');
    expect(
      (
        await server.request('POST', '/api/notifications/mark-read', {
          token: member.token,
          body: { notificationIds: 'all' },
        })
      ).status,
    ).toBe(400);
    expect(
      (await server.request('GET', '/api/notifications?cursor=abc', { token: member.token }))
        .status,
    ).toBe(400);
    expect(
      (await server.request('GET', '/api/notifications?limit=500', { token: member.token })).status,
    ).toBe(400);
  });
});

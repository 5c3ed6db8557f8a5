import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LoginResponse, Settings, UserProfile, UserSearchResult } from '@gameon/shared';
import { nextEvent, startServer, type TestServer } from '../../../test/harness.js';

let server: TestServer;
let owner: LoginResponse;
let friend: LoginResponse;
let follower: LoginResponse;
let stranger: LoginResponse;
let blocked: LoginResponse;

beforeAll(async () => {
  server = await startServer();
  owner = await server.signUp('owner', { sports: ['Cricket'], tags: ['weekend'] });
  friend = await server.signUp('friend');
  follower = await server.signUp('follower');
  stranger = await server.signUp('stranger');
  blocked = await server.signUp('blocked');
  const follow = (who: LoginResponse, whom: LoginResponse) =>
    server.request('POST', `/api/users/${whom.user.id}/follow`, { token: who.token });
  await follow(friend, owner);
  await follow(owner, friend);
  await follow(follower, owner);
  await server.request('PUT', '/api/settings', {
    token: owner.token,
    body: {
      phone_number: '9876543210',
      location_city: 'Pune',
      location_coordinates: [73.85, 18.52],
    },
  });
  await server.request('POST', `/api/users/${blocked.user.id}/block`, { token: owner.token });
});
afterAll(() => server.close());

const profileAs = (viewer: LoginResponse) =>
  server.request<UserProfile>('GET', `/api/users/${owner.user.id}`, { token: viewer.token });
const setOwner = (body: Partial<Settings>) =>
  server.request('PUT', '/api/settings', { token: owner.token, body });

describe('privacy on the server: viewer x setting x field', () => {
  const viewers = () => ({ self: owner, friend, follower, stranger });

  it.each([
    // profile_visibility, phone_visibility, viewer, sees bio, sees phone
    ['public', 'public', 'stranger', true, true],
    ['public', 'friends_only', 'stranger', true, false],
    ['public', 'friends_only', 'follower', true, false],
    ['public', 'friends_only', 'friend', true, true],
    ['public', 'private', 'friend', true, false],
    ['public', 'private', 'self', true, true],
    ['friends_only', 'public', 'stranger', false, false],
    ['friends_only', 'public', 'follower', false, false],
    ['friends_only', 'public', 'friend', true, true],
    ['friends_only', 'private', 'self', true, true],
  ] as const)(
    'profile %s, phone %s: %s sees bio %s, phone %s',
    async (profile_visibility, phone_visibility, viewer, seesBio, seesPhone) => {
      await setOwner({ profile_visibility, phone_visibility });
      const { status, body } = await profileAs(viewers()[viewer]);
      expect(status).toBe(200);
      expect(body.username).toBe('owner');
      expect(body.bio).toBe(seesBio ? 'I am owner' : '');
      expect(body.sports).toEqual(seesBio ? ['Cricket'] : []);
      expect(body.tags).toEqual(seesBio ? ['weekend'] : []);
      expect(body.location_city).toBe(seesBio ? 'Pune' : null);
      expect(body.followers.length).toBe(seesBio ? 2 : 0);
      expect(body.followers_count).toBe(2);
      expect(body.restricted).toBe(!seesBio);
      expect(body.phone_number).toBe(seesPhone ? '9876543210' : null);
    },
  );

  it('activity_history_visibility gates the posts list, the stricter setting winning', async () => {
    await setOwner({ profile_visibility: 'public', activity_history_visibility: 'friends_only' });
    expect((await profileAs(stranger)).body.activity_visible).toBe(false);
    expect((await profileAs(friend)).body.activity_visible).toBe(true);
    await setOwner({ profile_visibility: 'friends_only', activity_history_visibility: 'public' });
    expect((await profileAs(follower)).body.activity_visible).toBe(false);
    await setOwner({ profile_visibility: 'public', activity_history_visibility: 'public' });
  });

  it('a blocked member sees the profile, public settings and search as if the blocker did not exist', async () => {
    expect((await profileAs(blocked)).status).toBe(404);
    expect(
      (
        await server.request('GET', `/api/settings/public/${owner.user.id}`, {
          token: blocked.token,
        })
      ).status,
    ).toBe(404);
    const search = await server.request<UserSearchResult[]>('GET', '/api/users/search?q=owner', {
      token: blocked.token,
    });
    expect(search.body).toEqual([]);
    expect(
      (await server.request('POST', `/api/users/${owner.user.id}/follow`, { token: blocked.token }))
        .status,
    ).toBe(404);
    const blockerSearch = await server.request<UserSearchResult[]>(
      'GET',
      '/api/users/search?q=blocked',
      { token: owner.token },
    );
    expect(blockerSearch.body).toEqual([]);
  });

  it.each(['friend', 'follower', 'stranger', 'blocked'] as const)(
    'a friends-only profile seen by a %s: search, public settings and the feed',
    async (who) => {
      const viewer = { friend, follower, stranger, blocked }[who];
      await setOwner({ profile_visibility: 'friends_only' });
      const game = await server.createPost(owner.token, {
        heading: `Owner game for ${who}`,
        sport: 'Cricket',
      });
      try {
        const search = await server.request<UserSearchResult[]>(
          'GET',
          '/api/users/search?q=owner',
          { token: viewer.token },
        );
        const found = search.body.find((u) => u.id === owner.user.id);
        const publicSettings = await server.request(
          'GET',
          `/api/settings/public/${owner.user.id}`,
          { token: viewer.token },
        );
        const feed = await server.request<{ id: number }[]>('GET', '/api/posts?sports=Cricket', {
          token: viewer.token,
        });
        const inFeed = feed.body.some((p) => p.id === game.id);
        if (who === 'blocked') {
          expect(found).toBeUndefined();
          expect(publicSettings.status).toBe(404);
          expect(inFeed).toBe(false);
        } else {
          // Username and picture stay; bio, sports and tags only for friends.
          expect(found?.username).toBe('owner');
          expect(found?.bio).toBe(who === 'friend' ? 'I am owner' : '');
          expect(found?.sports).toEqual(who === 'friend' ? ['Cricket'] : []);
          expect(publicSettings.status).toBe(200);
          // A friends-only profile does not take the member's games out of others' feeds.
          expect(inFeed).toBe(true);
        }
      } finally {
        await setOwner({ profile_visibility: 'public' });
      }
    },
  );

  it("leaves members blocked either way with the viewer out of others' follower and following lists", async () => {
    const hub = await server.signUp('follow_hub');
    const viewer = await server.signUp('follow_viewer');
    const onlooker = await server.signUp('follow_onlooker');
    const blocksViewer = await server.signUp('follow_blocks_viewer');
    const blockedByViewer = await server.signUp('follow_blocked_by_viewer');
    const plain = await server.signUp('follow_plain');
    const follow = (who: LoginResponse, whom: LoginResponse) =>
      server.request('POST', `/api/users/${whom.user.id}/follow`, { token: who.token });
    for (const fan of [blocksViewer, blockedByViewer, plain]) {
      await follow(fan, hub);
      await follow(hub, fan);
    }
    await server.request('POST', `/api/users/${viewer.user.id}/block`, {
      token: blocksViewer.token,
    });
    await server.request('POST', `/api/users/${blockedByViewer.user.id}/block`, {
      token: viewer.token,
    });
    const listsAs = async (who: LoginResponse) => {
      const { body } = await server.request<UserProfile>('GET', `/api/users/${hub.user.id}`, {
        token: who.token,
      });
      return {
        followers: body.followers.map((u) => u.username).sort(),
        following: body.following.map((u) => u.username).sort(),
        counts: [body.followers_count, body.following_count],
      };
    };
    // The lists leave the blocked out; the counts count every follower (kept on write).
    expect(await listsAs(viewer)).toEqual({
      followers: ['follow_plain'],
      following: ['follow_plain'],
      counts: [3, 3],
    });
    const everyone = ['follow_blocked_by_viewer', 'follow_blocks_viewer', 'follow_plain'];
    expect(await listsAs(onlooker)).toEqual({
      followers: everyone,
      following: everyone,
      counts: [3, 3],
    });
  });

  it('lists the members one has blocked, and unblocking restores the profile', async () => {
    const list = await server.request<{ id: number; username: string }[]>(
      'GET',
      '/api/users/blocked',
      {
        token: owner.token,
      },
    );
    expect(list.body.map((u) => u.username)).toEqual(['blocked']);
    const blocker = await server.signUp('temp_blocker');
    await server.request('POST', `/api/users/${stranger.user.id}/block`, { token: blocker.token });
    expect(
      (await server.request('GET', `/api/users/${blocker.user.id}`, { token: stranger.token }))
        .status,
    ).toBe(404);
    await server.request('POST', `/api/users/${stranger.user.id}/unblock`, {
      token: blocker.token,
    });
    expect(
      (await server.request('GET', `/api/users/${blocker.user.id}`, { token: stranger.token }))
        .status,
    ).toBe(200);
    expect(
      (await server.request('GET', '/api/users/blocked', { token: blocker.token })).body,
    ).toEqual([]);
  });

  it('public settings show only public fields', async () => {
    const res = await server.request('GET', `/api/settings/public/${owner.user.id}`, {
      token: stranger.token,
    });
    expect(res.body).toEqual({
      id: owner.user.id,
      username: 'owner',
      profile_picture_url: null,
      cover_photo_url: null,
    });
  });
});

describe('search and follow', () => {
  it('matches username, sports and interests case-insensitively, exact and prefix first', async () => {
    const a = await server.signUp('cricketfan');
    await server.signUp('cric');
    await server.signUp('xcricx');
    const { body } = await server.request<UserSearchResult[]>('GET', '/api/users/search?q=CRIC', {
      token: a.token,
    });
    expect(body.map((u) => u.username)).toEqual(['cric', 'xcricx', 'owner']);
    const bySport = await server.request<UserSearchResult[]>('GET', '/api/users/search?q=cricket', {
      token: a.token,
    });
    expect(bySport.body.map((u) => u.username)).toEqual(['owner']);
    const byTag = await server.request<UserSearchResult[]>('GET', '/api/users/search?q=WEEKEND', {
      token: a.token,
    });
    expect(byTag.body.map((u) => u.username)).toEqual(['owner']);
    const wildcard = await server.request<UserSearchResult[]>(
      'GET',
      '/api/users/search?q=%25%25%25',
      { token: a.token },
    );
    expect(wildcard.body).toEqual([]);
  });

  it('finds a member by the sports and tags they have now, after they change them', async () => {
    const changer = await server.signUp('changer');
    const search = async (q: string) =>
      (
        await server.request<UserSearchResult[]>('GET', `/api/users/search?q=${q}`, {
          token: owner.token,
        })
      ).body.map((u) => u.username);
    const put = (body: Partial<Settings>) =>
      server.request('PUT', '/api/settings', { token: changer.token, body });
    expect((await put({ sports: ['Kabaddi'], tags: ['Dawn patrol'] })).status).toBe(200);
    expect(await search('abadd')).toContain('changer');
    expect(await search('N PAT')).toContain('changer');
    expect((await put({ sports: ['Chess'], tags: [] })).status).toBe(200);
    expect(await search('abadd')).not.toContain('changer');
    expect(await search('n pat')).not.toContain('changer');
    expect(await search('hess')).toContain('changer');
  });

  it('follow is idempotent, never oneself, and unfollow undoes it', async () => {
    const fan = await server.signUp('fan');
    for (let i = 0; i < 2; i++)
      expect(
        (await server.request('POST', `/api/users/${owner.user.id}/follow`, { token: fan.token }))
          .status,
      ).toBe(200);
    expect((await profileAs(fan)).body).toMatchObject({ is_following: true, followers_count: 3 });
    expect(
      (await server.request('POST', `/api/users/${fan.user.id}/follow`, { token: fan.token }))
        .status,
    ).toBe(400);
    await server.request('POST', `/api/users/${owner.user.id}/unfollow`, { token: fan.token });
    await server.request('POST', `/api/users/${owner.user.id}/unfollow`, { token: fan.token });
    expect((await profileAs(fan)).body).toMatchObject({ is_following: false, followers_count: 2 });
  });

  it('stores a report with its reason', async () => {
    const res = await server.request('POST', `/api/users/${owner.user.id}/report`, {
      token: stranger.token,
      body: { reason: 'Spam invites' },
    });
    expect(res.status).toBe(200);
    const rows = await server.app.database.db.selectFrom('reports').selectAll().execute();
    expect(rows).toMatchObject([
      { reporter_id: stranger.user.id, reported_id: owner.user.id, reason: 'Spam invites' },
    ]);
  });
});

describe('settings, skills and availability', () => {
  it('answers the spec defaults, validates and saves one or more fields', async () => {
    const fresh = await server.signUp('settler');
    const got = await server.request<Settings>('GET', '/api/settings', { token: fresh.token });
    expect(got.body).toMatchObject({
      profile_visibility: 'public',
      location_sharing: 'general',
      show_online_status: false,
      activity_history_visibility: 'public',
      phone_visibility: 'friends_only',
      message_requests: 'anyone',
      post_comments: 'anyone',
      event_invitations: 'manual',
      phone_number: null,
    });
    const badPhone = await server.request<{ message: string }>('PUT', '/api/settings', {
      token: fresh.token,
      body: { phone_number: '12345' },
    });
    expect(badPhone.status).toBe(400);
    expect(badPhone.body.message).toBe('Phone number must be exactly 10 digits');
    for (const typed of ['98765 43210', '+91 98765 43210', '098765 43210']) {
      const saved = await server.request<Settings>('PUT', '/api/settings', {
        token: fresh.token,
        body: { phone_number: typed },
      });
      expect({ typed, status: saved.status, phone: saved.body.phone_number }).toEqual({
        typed,
        status: 200,
        phone: '9876543210',
      });
    }
    expect(
      (
        await server.request('PUT', '/api/settings', {
          token: fresh.token,
          body: { profile_visibility: 'secret' },
        })
      ).status,
    ).toBe(400);
    expect(
      (
        await server.request('PUT', '/api/settings', {
          token: fresh.token,
          body: { is_admin: true },
        })
      ).status,
    ).toBe(400);
    expect(
      (await server.request('PUT', '/api/settings', { token: fresh.token, body: {} })).status,
    ).toBe(400);
    const saved = await server.request<Settings>('PUT', '/api/settings', {
      token: fresh.token,
      body: {
        bio: 'New bio',
        show_online_status: true,
        post_comments: 'none',
        sports: ['Golf', 'golf', ' Tennis '],
      },
    });
    expect(saved.body).toMatchObject({
      bio: 'New bio',
      show_online_status: true,
      post_comments: 'none',
      sports: ['Golf', 'Tennis'],
      phone_visibility: 'friends_only',
    });
  });

  it('saves skills from the list with a level, and weekly availability slots', async () => {
    const player = await server.signUp('skilled');
    const skills = await server.request('PUT', '/api/settings/skills', {
      token: player.token,
      body: {
        skills: [
          { sport: 'Badminton', skill_level: 'advanced' },
          { sport: 'Valorant', skill_level: 'beginner' },
        ],
      },
    });
    expect(skills.body).toEqual({
      skills: [
        { sport: 'Badminton', skill_level: 'advanced' },
        { sport: 'Valorant', skill_level: 'beginner' },
      ],
    });
    expect(
      (
        await server.request('PUT', '/api/settings/skills', {
          token: player.token,
          body: { skills: [{ sport: 'Chess', skill_level: 'advanced' }] },
        })
      ).status,
    ).toBe(400);
    expect(
      (
        await server.request('PUT', '/api/settings/skills', {
          token: player.token,
          body: { skills: [{ sport: 'Golf', skill_level: 'god' }] },
        })
      ).status,
    ).toBe(400);

    const slots = [
      { day_of_week: 6, start_time: '07:00', end_time: '09:30' },
      { day_of_week: 2, start_time: '18:00', end_time: '20:00' },
    ];
    const put = await server.request('PUT', '/api/settings/availability', {
      token: player.token,
      body: slots,
    });
    expect(put.body).toEqual([slots[1], slots[0]]);
    expect(
      (await server.request('GET', '/api/settings/availability', { token: player.token })).body,
    ).toEqual([slots[1], slots[0]]);
    const backwards = await server.request('PUT', '/api/settings/availability', {
      token: player.token,
      body: [{ day_of_week: 1, start_time: '10:00', end_time: '09:00' }],
    });
    expect(backwards.status).toBe(400);
    expect(
      (
        await server.request('PUT', '/api/settings/availability', {
          token: player.token,
          body: [{ day_of_week: 7, start_time: '10:00', end_time: '11:00' }],
        })
      ).status,
    ).toBe(400);
  });
});

describe('presence', () => {
  it('tells followers when a member who shows their status comes online and goes offline; hidden otherwise', async () => {
    const shower = await server.signUp('shower');
    const watcher = await server.signUp('watcher');
    await server.request('POST', `/api/users/${shower.user.id}/follow`, { token: watcher.token });
    const profileOfShower = async () =>
      (
        await server.request<UserProfile>('GET', `/api/users/${shower.user.id}`, {
          token: watcher.token,
        })
      ).body;
    expect((await profileOfShower()).online).toBeNull();

    await server.request('PUT', '/api/settings', {
      token: shower.token,
      body: { show_online_status: true },
    });
    expect((await profileOfShower()).online).toBe(false);
    const watching = await server.connect(watcher.token);
    const cameOnline = nextEvent(watching, 'presence');
    const showerSocket = await server.connect(shower.token);
    expect(await cameOnline).toEqual({ userId: shower.user.id, online: true });
    expect((await profileOfShower()).online).toBe(true);
    const wentOffline = nextEvent(watching, 'presence');
    showerSocket.disconnect();
    expect(await wentOffline).toEqual({ userId: shower.user.id, online: false });
  });
});

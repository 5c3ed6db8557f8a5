import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  CommentThread,
  DirectConversation,
  GameCost,
  EventInvitation,
  GroupChatSummary,
  LoginResponse,
  Notification,
  Post,
  Review,
  ReviewStats,
  SportsEvent,
  UserTrust,
} from '@gameon/shared';
import { startServer, type TestServer } from '../../test/harness.js';
import { DEFAULT_TIME_ZONE } from '@gameon/shared';
import { TZDate } from '@date-fns/tz';
import { DEMO_PASSWORD } from './seed.js';
import { TRUST_DEMO_HEADINGS } from './trust.js';

let server: TestServer;
let arjun: LoginResponse;
beforeAll(async () => {
  server = await startServer({ SEED_DEMO: 'true' });
  const login = await server.request<LoginResponse>('POST', '/api/auth/login', {
    body: { email: 'arjun@gameon.test', password: DEMO_PASSWORD },
  });
  expect(login.status).toBe(200);
  arjun = login.body;
});
afterAll(() => server.close());

const get = async <T>(path: string) =>
  (await server.request<T>('GET', path, { token: arjun.token })).body;

describe('demo data (npm start)', () => {
  it('gives arjun games, a group chat, a direct conversation and notifications to look at', async () => {
    expect((await get<Post[]>('/api/posts')).length).toBeGreaterThan(0);
    const chats = await get<{ groupChats: GroupChatSummary[] }>('/api/messages/conversations');
    expect(chats.groupChats).toMatchObject([{ unread_count: 0 }]);
    const directs = await get<DirectConversation[]>('/api/direct-messages/conversations');
    expect(directs).toMatchObject([
      {
        other_user_username: 'priya',
        last_message_content: 'Booked a court for Tuesday, 7 am.',
        unread_count: 1,
      },
    ]);
    expect((await get<{ total: number }>('/api/messages/unread-count')).total).toBe(1);
    const notifications = await get<Notification[]>('/api/notifications');
    expect(notifications.map((n) => n.message)).toEqual([
      'sneha started following you',
      'priya sent you a message',
      'priya is interested in your post "Sunday 5-a-side at Koramangala"',
      'priya started following you',
      'rahul started following you',
      'sneha invited you to "Pune Sunrise 10K"',
    ]);
    expect((await get<{ count: number }>('/api/notifications/unread-count')).count).toBe(4);
  });

  it('shows arjun a full game with a place held for the waitlist, and his own game under My Posts', async () => {
    const feed = await get<Post[]>('/api/posts');
    const full = feed.find((p) => p.heading === 'Doubles partners for morning games');
    expect(full).toMatchObject({ players_needed: 2, is_full: true });
    expect(full?.interested_users).toHaveLength(1);
    expect(full?.offered).toHaveLength(1);
    expect(full?.waitlist).toHaveLength(0);
    const mine = await get<Post[]>('/api/posts/my-posts');
    expect(mine.map((p) => p.heading)).toContain('Sunday 5-a-side at Koramangala');
  });

  it('gives arjun reviews by the demo members in every category', async () => {
    const reviews = await get<Review[]>('/api/reviews');
    expect(new Set(reviews.map((r) => r.author_username)).size).toBeGreaterThan(1);
    const stats = await get<ReviewStats>('/api/reviews/stats');
    expect(stats.count).toBe(reviews.length);
    expect(stats.categories.every((c) => c.count > 0)).toBe(true);
    const mine = await get<Review[]>('/api/reviews/my-reviews');
    expect(mine.map((r) => r.title)).toContain('Best 5-a-side turf in Koramangala');
  });

  it('lists upcoming events signed out, the sample tournament first-class; arjun sees his registration', async () => {
    const res = await server.request<SportsEvent[]>('GET', '/api/events');
    expect(res.status).toBe(200);
    const titles = res.body.map((e) => e.title);
    expect(titles).toEqual([
      'BGMI Squad Cup: online scrims',
      'Pune Sunrise 10K',
      'Bengaluru 5-a-side Football Tournament',
      'Mumbai Box Cricket League: weekend edition',
    ]);
    const [scrims, , tournament] = res.body;
    expect(tournament).toMatchObject({
      organizer: { username: 'arjun' },
      cost: 50,
      prize: 1500,
      current_participants: 2,
      max_participants: 16,
    });
    expect(scrims).toMatchObject({ sport: 'BGMI', location: null, current_participants: 1 });
    const mine = await get<SportsEvent[]>('/api/events');
    expect(mine.find((e) => e.sport === 'Cricket')).toMatchObject({ is_registered: true });
    expect(mine.find((e) => e.sport === 'Football')).toMatchObject({ is_registered: false });
  });

  it('sets every game and event in Indian time at an hour and day that fit its title', async () => {
    const { db } = server.app.database;
    // The trust demo's games are timed from now (past games, one under way), not by the title.
    const games = (
      await db.selectFrom('posts').select(['heading', 'event_time', 'series_id']).execute()
    ).filter((g) => !TRUST_DEMO_HEADINGS.includes(g.heading));
    const events = await db
      .selectFrom('events')
      .select(['title', 'event_date', 'end_date', 'registration_deadline'])
      .execute();
    const inIndia = (iso: string) => new TZDate(new Date(iso).getTime(), DEFAULT_TIME_ZONE);
    const hour = (iso: string) => inIndia(iso).getHours() + inIndia(iso).getMinutes() / 60;
    const day = (iso: string) => inIndia(iso).getDay();
    const game = (heading: string) => {
      const found = games.find((g) => g.heading.includes(heading));
      if (!found) throw new Error(`no demo game "${heading}"`);
      return found.event_time;
    };

    expect(day(game('Sunday 5-a-side'))).toBe(0);
    expect([0, 6]).toContain(day(game('weekend scrims')));
    for (const evening of ['Box cricket night', 'Evening kickabout', 'after dinner'])
      expect(hour(game(evening))).toBeGreaterThanOrEqual(17);
    for (const morning of ['morning games', 'Cubbon Park', 'tempo run', 'Sinhagad'])
      expect(hour(game(morning))).toBeLessThan(9);
    // No game at night unless its title says so, and all spread over the coming days (but the
    // weekly game's last one, which started within the past day).
    for (const g of games) {
      expect(hour(g.event_time)).toBeGreaterThanOrEqual(5);
      const since = g.series_id === null ? 0 : 24 * 3600 * 1000;
      expect(new Date(g.event_time).getTime()).toBeGreaterThan(Date.now() - since);
    }
    const days = new Set(games.map((g) => inIndia(g.event_time).toDateString()));
    expect(days.size).toBeGreaterThanOrEqual(5);

    const league = events.find((e) => e.title.includes('weekend edition'));
    expect(league && [day(league.event_date), day(league.end_date)]).toEqual([6, 0]);
    for (const e of events)
      expect(new Date(e.registration_deadline).getTime()).toBeGreaterThan(Date.now());
  });

  it('puts the dates of every demo event in order: register, then pay, then start, then end', async () => {
    const events = await server.app.database.db
      .selectFrom('events')
      .select(['title', 'event_date', 'end_date', 'registration_deadline', 'payment_deadline'])
      .execute();
    const ms = (iso: string) => new Date(iso).getTime();
    for (const e of events) {
      const order = [e.registration_deadline, e.payment_deadline ?? e.registration_deadline];
      order.push(e.event_date, e.end_date);
      const times = order.map(ms);
      expect({ title: e.title, times }).toEqual({
        title: e.title,
        times: [...times].sort((a, b) => a - b),
      });
      expect(ms(e.event_date)).toBeLessThan(ms(e.end_date));
    }
  });
});

describe('demo data: event invitations', () => {
  it("gives arjun a pending invitation to Sneha's 10K, with its notification", async () => {
    const invitations = await get<EventInvitation[]>('/api/event-invitations');
    expect(invitations).toMatchObject([
      {
        status: 'pending',
        event: { title: 'Pune Sunrise 10K', organizer: { username: 'sneha' } },
      },
    ]);
    const notifications = await get<Notification[]>('/api/notifications');
    expect(notifications.find((n) => n.type === 'event_invitation')?.data).toEqual({
      event_id: invitations[0]!.event.id,
      invitation_id: invitations[0]!.id,
    });
  });
});

describe('demo comments', () => {
  it("shows a question answered by the host on arjun's 5-a-side, newest last", async () => {
    const mine = await get<Post[]>('/api/posts/my-posts');
    const game = mine.find((p) => p.heading === 'Sunday 5-a-side at Koramangala')!;
    const thread = await server.request<CommentThread>('GET', `/api/posts/${game.id}/comments`);
    expect(thread.body.comments.map((c) => c.author.username)).toEqual(['sneha', 'arjun', 'rahul']);
  });
});

describe('demo reminders', () => {
  it('stores a reminder job for each upcoming demo game and event', async () => {
    const db = server.app.database.db;
    const now = new Date().toISOString();
    const games = await db.selectFrom('posts').select('id').where('event_time', '>', now).execute();
    const events = await db
      .selectFrom('events')
      .select('id')
      .where('event_date', '>', now)
      .execute();
    const jobs = await db.selectFrom('scheduled_jobs').select(['kind', 'key']).execute();
    expect(games.length + events.length).toBeGreaterThan(0);
    for (const game of games)
      expect(jobs).toContainEqual({ kind: 'game-reminder', key: String(game.id) });
    for (const event of events)
      expect(jobs).toContainEqual({ kind: 'event-reminder', key: String(event.id) });
  });
});

describe('demo notification settings', () => {
  it('has arjun with the digest on for messages and follows, and push for interest', async () => {
    const settings = await get<Record<string, { app: boolean; push: boolean; digest: boolean }>>(
      '/api/notifications/settings',
    );
    expect(settings.message).toEqual({ app: true, push: true, digest: true });
    expect(settings.follow).toEqual({ app: true, push: true, digest: true });
    expect(settings.interest).toEqual({ app: true, push: true, digest: false });
  });
});

describe('demo cost split', () => {
  it("shows arjun ₹150 per head on his 5-a-side, priya's payment waiting for him to confirm", async () => {
    const mine = await get<Post[]>('/api/posts/my-posts');
    const game = mine.find((p) => p.heading === 'Sunday 5-a-side at Koramangala')!;
    const cost = await get<GameCost>(`/api/posts/${game.id}/cost`);
    expect(cost.cost).toMatchObject({ kind: 'per_head', share_paise: 15_000 });
    expect(cost.payee).toMatchObject({ upi_id: 'arjun.demo@okaxis' });
    expect(cost.payments?.map((p) => [p.user.username, p.paid_paise, p.confirmed])).toEqual([
      ['priya', 15_000, false],
    ]);
  });
});

describe('demo trust between players', () => {
  it("shows arjun's record and rated level, and keeps vikram out of a game asking for 80%", async () => {
    const trust = await get<UserTrust>(`/api/users/${arjun.user.id}/trust`);
    expect(trust.record).toEqual({ came: 5, counted: 5 });
    expect(trust.levels).toEqual([{ sport: 'Football', level: 'intermediate', raters: 3 }]);
    const vikram = await server.request<LoginResponse>('POST', '/api/auth/login', {
      body: { email: 'vikram@gameon.test', password: DEMO_PASSWORD },
    });
    const cricket = await server.app.database.db
      .selectFrom('posts')
      .select('id')
      .where('heading', '=', 'Box cricket, regulars only')
      .executeTakeFirstOrThrow();
    const join = await server.request('POST', `/api/posts/${cricket.id}/interest`, {
      token: vikram.body.token,
    });
    expect(join.body).toMatchObject({ code: 'below_minimum' });
  });
});

describe('demo weekly game', () => {
  it("has rahul's weekly futsal: its last game played, the next held with a claimed place, one after", async () => {
    const { db } = server.app.database;
    const games = await db
      .selectFrom('posts')
      .select(['id', 'event_time', 'hidden_until'])
      .where('series_id', 'is not', null)
      .orderBy('event_time')
      .execute();
    expect(games).toHaveLength(3);
    const now = new Date().toISOString();
    expect(games.filter((g) => g.event_time > now)).toHaveLength(2);
    expect(games.slice(1).every((g) => g.hidden_until !== null)).toBe(true);
    const claims = await db
      .selectFrom('series_claims')
      .select('status')
      .where('post_id', '=', games[1]!.id)
      .orderBy('status')
      .execute();
    expect(claims.map((c) => c.status)).toEqual(['claimed', 'offered', 'passed']);
  });
});

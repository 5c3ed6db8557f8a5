/**
 * Community reviews over real HTTP on a real database (SQLite, or PostgreSQL with
 * TEST_DIALECT): the body rules of spec part 2 §5 with their messages, edit and delete by the
 * author only, the lists (newest first, category, cursor pages, my reviews, a profile's gated by
 * privacy), blocks either way, and the stats.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiError, LoginResponse, Review, ReviewBody, ReviewStats } from '@gameon/shared';
import { startServer, type TestServer } from '../../../test/harness.js';

let server: TestServer;
let author: LoginResponse;
let other: LoginResponse;

beforeAll(async () => {
  // A dozen sign-ups from one address would meet the per-IP limit on code mails.
  server = await startServer({ RATE_LIMITS: 'off' });
  author = await server.signUp('reviewer');
  other = await server.signUp('other');
});
afterAll(() => server.close());

const VALID: ReviewBody = {
  rating: 4,
  category: 'venue',
  title: 'Good turf in HSR Layout',
  content: 'Well-kept 5-a-side turf, floodlights till 11 pm.',
  tags: ['turf'],
};

/** Writes a review as `who` (valid defaults) and returns it; fails unless 201. */
async function write(
  who: LoginResponse,
  overrides: Partial<ReviewBody> = {},
  on: TestServer = server,
): Promise<Review> {
  const res = await on.request<Review>('POST', '/api/reviews', {
    token: who.token,
    body: { ...VALID, ...overrides },
  });
  expect(res.status).toBe(201);
  return res.body;
}

const get = <T>(who: LoginResponse, path: string, on: TestServer = server) =>
  on.request<T>('GET', path, { token: who.token });
const list = async (who: LoginResponse, path: string) => {
  const res = await get<Review[]>(who, path);
  expect(res.status).toBe(200);
  return res;
};
const ids = (reviews: { id: number }[]) => reviews.map((r) => r.id);
const countReviews = async () =>
  Number(
    (
      await server.app.database.db
        .selectFrom('reviews')
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );
const block = (blocker: LoginResponse, blocked: LoginResponse) =>
  server.request('POST', `/api/users/${blocked.user.id}/block`, { token: blocker.token });

/** Every review of `path` (a list URL without `limit`), walked in pages of `limit`. */
async function walk(who: LoginResponse, path: string, limit: number) {
  const seen: Review[] = [];
  const sep = path.includes('?') ? '&' : '?';
  let cursor: string | null = null;
  let pages = 0;
  do {
    const res = await list(
      who,
      `${path}${sep}limit=${limit}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`,
    );
    expect(res.body.length).toBeLessThanOrEqual(limit);
    seen.push(...res.body);
    cursor = res.headers.get('x-next-cursor');
    pages += 1;
  } while (cursor !== null);
  return { seen, pages };
}

describe('writing a review (spec part 2 §5)', () => {
  it('answers 201 with the review: author from the account, text trimmed, tags trimmed without empties', async () => {
    const review = await write(author, {
      rating: 5,
      category: 'coaching',
      title: '  Great badminton academy  ',
      content: '  Coaches fix your footwork in a month.  ',
      tags: ['  badminton ', '', 'coaching', '   ', 'Koramangala'],
    });
    expect(review).toMatchObject({
      author_id: author.user.id,
      author_username: 'reviewer',
      category: 'coaching',
      rating: 5,
      title: 'Great badminton academy',
      content: 'Coaches fix your footwork in a month.',
      tags: ['badminton', 'coaching', 'Koramangala'],
      updated_at: null,
    });
    expect(new Date(review.created_at).toISOString()).toBe(review.created_at);
    const mine = await list(author, '/api/reviews/my-reviews');
    expect(mine.body.find((r) => r.id === review.id)).toEqual(review);
  });

  it('takes a title of exactly 100 and content of exactly 2000 characters, and no tags at all', async () => {
    const { tags: _tags, ...withoutTags } = VALID;
    const res = await server.request<Review>('POST', '/api/reviews', {
      token: author.token,
      body: { ...withoutTags, title: 't'.repeat(100), content: 'c'.repeat(2000) },
    });
    expect(res.status).toBe(201);
    expect(res.body.tags).toEqual([]);
  });

  const long = (n: number) => 'x'.repeat(n);
  it.each<[string, Record<string, unknown>, string, string]>([
    ['no rating', { rating: undefined }, 'rating', 'Please select a rating'],
    ['rating 0', { rating: 0 }, 'rating', 'Please select a rating'],
    ['rating 6', { rating: 6 }, 'rating', 'Please select a rating'],
    ['rating 3.5', { rating: 3.5 }, 'rating', 'Please select a rating'],
    ['rating as text', { rating: '4' }, 'rating', 'Please select a rating'],
    ['no category', { category: undefined }, 'category', 'Please select a category'],
    ['an unknown category', { category: 'food' }, 'category', 'Please select a category'],
    ['no title', { title: undefined }, 'title', 'Title is required'],
    ['a blank title', { title: '   ' }, 'title', 'Title is required'],
    ['a title of 101', { title: long(101) }, 'title', 'Title must be at most 100 characters'],
    ['no content', { content: undefined }, 'content', 'Content is required'],
    ['blank content', { content: ' \n ' }, 'content', 'Content is required'],
    [
      'content of 2001',
      { content: long(2001) },
      'content',
      'Content must be at most 2000 characters',
    ],
    ['tags that are not a list', { tags: 'a,b' }, 'tags', 'Must be a list'],
  ])(
    'refuses %s with 400, its message and field, and writes nothing',
    async (_, patch, field, message) => {
      const before = await countReviews();
      const res = await server.request<ApiError>('POST', '/api/reviews', {
        token: author.token,
        body: { ...VALID, ...patch },
      });
      expect(res.status).toBe(400);
      expect(res.body.message).toBe(message);
      expect(res.body.errors).toContainEqual({ field, message });
      expect(await countReviews()).toBe(before);
    },
  );

  it('asks for the rating first when the form is empty', async () => {
    const res = await server.request<ApiError>('POST', '/api/reviews', {
      token: author.token,
      body: {},
    });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('Please select a rating');
    expect(res.body.errors?.map((e) => e.field).sort()).toEqual([
      'category',
      'content',
      'rating',
      'title',
    ]);
  });

  it.each<[string, { body?: unknown; rawBody?: string }]>([
    ['no body', {}],
    ['broken JSON', { rawBody: '{"rating": 4,' }],
    ['a JSON array', { body: [VALID] }],
  ])('answers %s with 400 and a field error, never a 500', async (_, payload) => {
    const before = await countReviews();
    const res = await server.request<ApiError>('POST', '/api/reviews', {
      token: author.token,
      ...payload,
      headers: { 'content-type': 'application/json' },
    });
    expect(res.status).toBe(400);
    expect(res.body.message.length).toBeGreaterThan(0);
    expect(res.body.errors?.length).toBeGreaterThan(0);
    expect(await countReviews()).toBe(before);
  });

  it('needs a signed-in member for every call (401)', async () => {
    const calls: [string, string][] = [
      ['POST', '/api/reviews'],
      ['GET', '/api/reviews'],
      ['GET', '/api/reviews/my-reviews'],
      ['GET', '/api/reviews/stats'],
      ['PUT', '/api/reviews/1'],
      ['DELETE', '/api/reviews/1'],
      ['GET', `/api/users/${author.user.id}/reviews`],
    ];
    for (const [method, path] of calls) {
      const res = await server.request<ApiError>(method, path, {
        ...(method === 'POST' || method === 'PUT' ? { body: VALID } : {}),
      });
      expect(res.status, `${method} ${path}`).toBe(401);
    }
  });
});

describe('editing and deleting: the author only', () => {
  it('the author replaces every field and the tags; created_at stays, updated_at is set', async () => {
    const review = await write(author, { tags: ['old', 'stale'] });
    const res = await server.request<Review>('PUT', `/api/reviews/${review.id}`, {
      token: author.token,
      body: {
        rating: 2,
        category: 'equipment',
        title: 'Rackets wore out fast',
        content: 'Strings snapped within two weeks.',
        tags: [' rackets ', ''],
      },
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      id: review.id,
      author_id: author.user.id,
      author_username: 'reviewer',
      rating: 2,
      category: 'equipment',
      title: 'Rackets wore out fast',
      content: 'Strings snapped within two weeks.',
      tags: ['rackets'],
      created_at: review.created_at,
    });
    expect(res.body.updated_at).not.toBeNull();
    expect(res.body.updated_at! >= review.created_at).toBe(true);
  });

  it('refuses an invalid edit with 400 and leaves the review as it was', async () => {
    const review = await write(author);
    const res = await server.request<ApiError>('PUT', `/api/reviews/${review.id}`, {
      token: author.token,
      body: { ...VALID, title: '' },
    });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('Title is required');
    const mine = await list(author, '/api/reviews/my-reviews?limit=100');
    expect(mine.body.find((r) => r.id === review.id)).toEqual(review);
  });

  it('another member gets 403 not_author for an edit or a delete, and nothing changes', async () => {
    const review = await write(author);
    const edit = await server.request<ApiError>('PUT', `/api/reviews/${review.id}`, {
      token: other.token,
      body: { ...VALID, title: 'Hijacked' },
    });
    expect(edit.status).toBe(403);
    expect(edit.body.code).toBe('not_author');
    const remove = await server.request<ApiError>('DELETE', `/api/reviews/${review.id}`, {
      token: other.token,
    });
    expect(remove.status).toBe(403);
    expect(remove.body.code).toBe('not_author');
    const all = await list(other, '/api/reviews?limit=100');
    expect(all.body.find((r) => r.id === review.id)).toEqual(review);
  });

  it('answers 404 for an unknown review', async () => {
    const edit = await server.request<ApiError>('PUT', '/api/reviews/999999', {
      token: author.token,
      body: VALID,
    });
    expect(edit.status).toBe(404);
    expect(edit.body.code).toBe('not_found');
    const remove = await server.request('DELETE', '/api/reviews/999999', { token: author.token });
    expect(remove.status).toBe(404);
  });

  it('the author deletes a review: it leaves the lists, and a second delete is 404', async () => {
    const review = await write(author);
    const first = await server.request('DELETE', `/api/reviews/${review.id}`, {
      token: author.token,
    });
    expect(first).toMatchObject({ status: 200, body: { success: true } });
    expect(ids((await list(author, '/api/reviews?limit=100')).body)).not.toContain(review.id);
    expect(ids((await list(author, '/api/reviews/my-reviews?limit=100')).body)).not.toContain(
      review.id,
    );
    const second = await server.request('DELETE', `/api/reviews/${review.id}`, {
      token: author.token,
    });
    expect(second.status).toBe(404);
    const edit = await server.request('PUT', `/api/reviews/${review.id}`, {
      token: author.token,
      body: VALID,
    });
    expect(edit.status).toBe(404);
  });

  it('a review whose author is blocked either way is 404 to edit or delete, not 403', async () => {
    const blocker = await server.signUp('edit_blocker');
    const blockedOne = await server.signUp('edit_blocked');
    const review = await write(author);
    await block(blocker, author);
    await block(author, blockedOne);
    for (const who of [blocker, blockedOne]) {
      const edit = await server.request('PUT', `/api/reviews/${review.id}`, {
        token: who.token,
        body: VALID,
      });
      expect(edit.status).toBe(404);
      const remove = await server.request('DELETE', `/api/reviews/${review.id}`, {
        token: who.token,
      });
      expect(remove.status).toBe(404);
    }
  });
});

describe('the lists', () => {
  it('GET /reviews: everyone’s, newest first, with each author’s username', async () => {
    const writer = await server.signUp('lister');
    const a = await write(writer, { title: 'First' });
    const b = await write(author, { title: 'Second' });
    const c = await write(writer, { title: 'Third' });
    const { body } = await list(other, '/api/reviews?limit=100');
    const ours = body.filter((r) => [a.id, b.id, c.id].includes(r.id));
    expect(ours.map((r) => [r.title, r.author_username])).toEqual([
      ['Third', 'lister'],
      ['Second', 'reviewer'],
      ['First', 'lister'],
    ]);
    // Newest first across the whole list: created_at, then id, descending.
    const keys = body.map((r) => [r.created_at, r.id] as const);
    const sorted = [...keys].sort(([t1, i1], [t2, i2]) => (t1 === t2 ? i2 - i1 : t1 < t2 ? 1 : -1));
    expect(keys).toEqual(sorted);
  });

  it('filters by category; `all` or no category lists every one; an unknown one is 400', async () => {
    const app = await write(other, { category: 'app', title: 'Smooth app' });
    const event = await write(other, { category: 'event', title: 'Well-run tournament' });
    const apps = await list(author, '/api/reviews?category=app&limit=100');
    expect(apps.body.length).toBeGreaterThan(0);
    expect(apps.body.every((r) => r.category === 'app')).toBe(true);
    expect(ids(apps.body)).toContain(app.id);
    expect(ids(apps.body)).not.toContain(event.id);
    const all = await list(author, '/api/reviews?category=all&limit=100');
    const none = await list(author, '/api/reviews?limit=100');
    expect(ids(all.body)).toEqual(ids(none.body));
    expect(ids(all.body)).toEqual(expect.arrayContaining([app.id, event.id]));
    const unknown = await get<ApiError>(author, '/api/reviews?category=food');
    expect(unknown.status).toBe(400);
    expect(unknown.body.errors).toContainEqual({ field: 'category', message: 'Unknown category' });
  });

  it('pages with X-Next-Cursor: every review once, in the same order as one page', async () => {
    for (let i = 0; i < 3; i++) await write(other, { category: 'general', title: `Page ${i}` });
    const whole = await list(author, '/api/reviews?category=general&limit=100');
    expect(whole.headers.get('x-next-cursor')).toBeNull();
    const { seen, pages } = await walk(author, '/api/reviews?category=general', 2);
    expect(ids(seen)).toEqual(ids(whole.body));
    expect(pages).toBe(Math.ceil(whole.body.length / 2));
  });

  it('keeps the order and pages across reviews written at the same instant (ties by id)', async () => {
    const twin = await server.signUp('twin');
    const written = [await write(twin), await write(twin), await write(twin)];
    const instant = '2026-01-15T10:00:00.000Z';
    await server.app.database.db
      .updateTable('reviews')
      .set({ created_at: instant })
      .where('author_id', '=', twin.user.id)
      .execute();
    const { seen, pages } = await walk(twin, '/api/reviews/my-reviews', 1);
    expect(ids(seen)).toEqual(ids(written).reverse());
    expect(pages).toBe(3);
  });

  it('refuses a cursor it did not make (400)', async () => {
    const res = await get<ApiError>(author, '/api/reviews?cursor=not-a-cursor');
    expect(res.status).toBe(400);
    expect(res.body.errors).toContainEqual({ field: 'cursor', message: 'Invalid cursor' });
  });

  it('GET /reviews/my-reviews: only the caller’s, newest first, paged the same way', async () => {
    const diarist = await server.signUp('my_reviews');
    const written = [];
    for (let i = 0; i < 3; i++) written.push(await write(diarist, { title: `Mine ${i}` }));
    await write(other, { title: 'Not mine' });
    const { seen } = await walk(diarist, '/api/reviews/my-reviews', 2);
    expect(ids(seen)).toEqual(ids(written).reverse());
    expect(seen.every((r) => r.author_id === diarist.user.id)).toBe(true);
  });

  it('hides the reviews of members blocked either way, and shows them again after unblocking', async () => {
    const viewer = await server.signUp('block_viewer');
    const blocker = await server.signUp('list_blocker');
    const blockee = await server.signUp('list_blockee');
    const byBlocker = await write(blocker, { title: 'By the blocker' });
    const byBlockee = await write(blockee, { title: 'By the blockee' });
    const seen = async () => ids((await list(viewer, '/api/reviews?limit=100')).body);
    expect(await seen()).toEqual(expect.arrayContaining([byBlocker.id, byBlockee.id]));
    await block(blocker, viewer);
    await block(viewer, blockee);
    expect(await seen()).not.toContain(byBlocker.id);
    expect(await seen()).not.toContain(byBlockee.id);
    // Others still see both.
    expect(ids((await list(other, '/api/reviews?limit=100')).body)).toEqual(
      expect.arrayContaining([byBlocker.id, byBlockee.id]),
    );
    await server.request('POST', `/api/users/${blockee.user.id}/unblock`, { token: viewer.token });
    expect(await seen()).toContain(byBlockee.id);
  });
});

describe("a profile's reviews (GET /users/{id}/reviews), gated like activity", () => {
  let owner: LoginResponse;
  let friend: LoginResponse;
  let stranger: LoginResponse;
  let ownReview: Review;
  const setActivity = (activity_history_visibility: string) =>
    server.request('PUT', '/api/settings', {
      token: owner.token,
      body: { activity_history_visibility },
    });
  const profileAs = (who: LoginResponse) =>
    get<Review[] & ApiError>(who, `/api/users/${owner.user.id}/reviews`);

  beforeAll(async () => {
    owner = await server.signUp('profile_owner');
    friend = await server.signUp('profile_friend');
    stranger = await server.signUp('profile_stranger');
    // Friends follow each other.
    await server.request('POST', `/api/users/${owner.user.id}/follow`, { token: friend.token });
    await server.request('POST', `/api/users/${friend.user.id}/follow`, { token: owner.token });
    await write(owner, { title: 'Older' });
    ownReview = await write(owner, { title: 'Newer' });
  });

  it('public: anyone sees them, newest first, paged', async () => {
    const res = await profileAs(stranger);
    expect(res.status).toBe(200);
    expect(res.body.map((r) => r.title)).toEqual(['Newer', 'Older']);
    const { seen } = await walk(stranger, `/api/users/${owner.user.id}/reviews`, 1);
    expect(seen.map((r) => r.title)).toEqual(['Newer', 'Older']);
  });

  it('friends_only: friends see them, others get 403 activity_private', async () => {
    await setActivity('friends_only');
    expect((await profileAs(friend)).body.map((r) => r.id)).toContain(ownReview.id);
    const refused = await profileAs(stranger);
    expect(refused.status).toBe(403);
    expect(refused.body.code).toBe('activity_private');
    await setActivity('public');
  });

  it('private: only the member sees them', async () => {
    await setActivity('private');
    expect((await profileAs(friend)).status).toBe(403);
    expect((await profileAs(stranger)).status).toBe(403);
    const own = await profileAs(owner);
    expect(own.status).toBe(200);
    expect(own.body.map((r) => r.title)).toEqual(['Newer', 'Older']);
    await setActivity('public');
  });

  it('the global list names the author only to a viewer their activity setting admits', async () => {
    /** The author of each of the owner's reviews in `GET /reviews`, as `who` sees them. */
    const authorsAs = async (who: LoginResponse) =>
      (await walk(who, '/api/reviews', 50)).seen
        .filter((r) => r.title === 'Newer' || r.title === 'Older')
        .filter((r) => r.author_id === owner.user.id || r.author_id === null)
        .map((r) => [r.author_id, r.author_username]);
    const named = [owner.user.id, 'profile_owner'];
    const unnamed = [null, null];
    await setActivity('private');
    expect(await authorsAs(stranger)).toEqual([unnamed, unnamed]);
    expect(await authorsAs(friend)).toEqual([unnamed, unnamed]);
    expect(await authorsAs(owner)).toEqual([named, named]);
    const mine = await list(owner, '/api/reviews/my-reviews');
    expect(mine.body.map((r) => r.author_username)).toEqual(['profile_owner', 'profile_owner']);
    await setActivity('friends_only');
    expect(await authorsAs(friend)).toEqual([named, named]);
    expect(await authorsAs(stranger)).toEqual([unnamed, unnamed]);
    await setActivity('public');
    expect(await authorsAs(stranger)).toEqual([named, named]);
  });

  it('blocked either way, or unknown: 404', async () => {
    const blocker = await server.signUp('profile_blocker');
    const blockee = await server.signUp('profile_blockee');
    await block(owner, blockee);
    await block(blocker, owner);
    expect((await profileAs(blockee)).status).toBe(404);
    expect((await profileAs(blocker)).status).toBe(404);
    expect((await get(stranger, '/api/users/999999/reviews')).status).toBe(404);
  });
});

describe('stats (GET /reviews/stats)', () => {
  // A database of their own, so the numbers are known.
  let stats: TestServer;
  let rater: LoginResponse;
  let viewer: LoginResponse;
  const statsOf = async (who: LoginResponse, query = '') => {
    const res = await get<ReviewStats>(who, `/api/reviews/stats${query}`, stats);
    expect(res.status).toBe(200);
    return res.body;
  };
  const empty = { '1': 0, '2': 0, '3': 0, '4': 0, '5': 0 };

  beforeAll(async () => {
    stats = await startServer({ RATE_LIMITS: 'off' });
    rater = await stats.signUp('rater');
    viewer = await stats.signUp('stats_viewer');
    for (const [category, rating] of [
      ['venue', 5],
      ['venue', 4],
      ['venue', 4],
      ['coaching', 1],
      ['coaching', 2],
      ['app', 3],
    ] as const) {
      await write(rater, { category, rating }, stats);
    }
  });
  afterAll(() => stats.close());

  it('counts, averages to 2 decimals and the star distribution of every review, each category listed', async () => {
    const body = await statsOf(viewer);
    expect(body).toEqual({
      count: 6,
      // 19 / 6 = 3.1666...
      average_rating: 3.17,
      distribution: { '1': 1, '2': 1, '3': 1, '4': 2, '5': 1 },
      categories: [
        { category: 'general', count: 0, average_rating: null },
        { category: 'venue', count: 3, average_rating: 4.33 },
        { category: 'event', count: 0, average_rating: null },
        { category: 'equipment', count: 0, average_rating: null },
        { category: 'coaching', count: 2, average_rating: 1.5 },
        { category: 'app', count: 1, average_rating: 3 },
      ],
    });
    expect(typeof body.average_rating).toBe('number');
    expect(body.categories.map((c) => typeof c.average_rating)).toEqual([
      'object',
      'number',
      'object',
      'object',
      'number',
      'number',
    ]);
    expect(await statsOf(viewer, '?category=all')).toEqual(body);
  });

  it('narrows count, average and distribution to ?category=, still listing all six', async () => {
    const venue = await statsOf(viewer, '?category=venue');
    expect(venue).toMatchObject({
      count: 3,
      average_rating: 4.33,
      distribution: { ...empty, '4': 2, '5': 1 },
    });
    expect(typeof venue.average_rating).toBe('number');
    expect(venue.categories).toEqual((await statsOf(viewer)).categories);
    const event = await statsOf(viewer, '?category=event');
    expect(event).toMatchObject({ count: 0, average_rating: null, distribution: empty });
    expect(event.categories).toHaveLength(6);
  });

  it('refuses an unknown category (400)', async () => {
    const res = await get<ApiError>(viewer, '/api/reviews/stats?category=food', stats);
    expect(res.status).toBe(400);
  });

  it('leaves out the reviews of members blocked either way, as the list does', async () => {
    const loner = await stats.signUp('loner');
    await write(loner, { category: 'general', rating: 1 }, stats);
    expect((await statsOf(viewer, '?category=general')).count).toBe(1);
    await stats.request('POST', `/api/users/${viewer.user.id}/block`, { token: loner.token });
    const hidden = await statsOf(viewer, '?category=general');
    expect(hidden).toMatchObject({ count: 0, average_rating: null, distribution: empty });
    expect(hidden.categories[0]).toEqual({ category: 'general', count: 0, average_rating: null });
    expect((await statsOf(rater, '?category=general')).count).toBe(1);
  });
});

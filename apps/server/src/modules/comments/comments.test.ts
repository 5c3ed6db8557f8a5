/**
 * Comments on a game, over a real server on SQLite (and PostgreSQL with TEST_DIALECT), real HTTP
 * and real sockets: the thread under each `post_comments` value of the host, signed out and
 * signed in, paging, deletion by the author and the host, blocks both ways, the host's and the
 * answered commenter's notifications, reports with snapshots, account deletion, suspension and
 * the per-member limit.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  AdminReport,
  Comment,
  CommentThread,
  LoginResponse,
  Notification,
} from '@gameon/shared';
import { nextEvent, startServer, type TestServer } from '../../../test/harness.js';

let server: TestServer;
let operator: LoginResponse;
let serial = 0;

beforeAll(async () => {
  server = await startServer({ ADMIN_EMAILS: 'cmoperator@example.test' });
  operator = await server.signUp('cmoperator');
});
afterAll(() => server.close());

/** A new member, `name` made unique. */
function member(name: string): Promise<LoginResponse> {
  serial += 1;
  return server.signUp(`${name}${serial}`);
}

/** A game hosted by `host` whose `post_comments` is `setting`. */
async function gameOf(host: LoginResponse, setting: 'anyone' | 'friends_only' | 'none') {
  const saved = await server.request('PUT', '/api/settings', {
    token: host.token,
    body: { post_comments: setting },
  });
  expect(saved.status).toBe(200);
  return server.createPost(host.token, { heading: 'Sunday five-a-side' });
}

const comment = (postId: number, who: LoginResponse | null, content: string) =>
  server.request<Comment>('POST', `/api/posts/${postId}/comments`, {
    ...(who ? { token: who.token } : {}),
    body: { content },
  });

const thread = (postId: number, who: LoginResponse | null, query = '') =>
  server.request<CommentThread>('GET', `/api/posts/${postId}/comments${query}`, {
    ...(who ? { token: who.token } : {}),
  });

/** The texts of the thread of `postId` as `who` reads it. */
async function texts(postId: number, who: LoginResponse | null): Promise<string[]> {
  const res = await thread(postId, who);
  expect(res.status).toBe(200);
  return res.body.comments.map((c) => c.content);
}

const follow = (who: LoginResponse, whom: LoginResponse) =>
  server.request('POST', `/api/users/${whom.user.id}/follow`, { token: who.token });
const block = (who: LoginResponse, whom: LoginResponse) =>
  server.request('POST', `/api/users/${whom.user.id}/block`, { token: who.token });

describe('who may comment follows the host’s post_comments', () => {
  it('anyone: members write, the thread reads oldest first to members and visitors', async () => {
    const host = await member('cmhost');
    const player = await member('cmplayer');
    const game = await gameOf(host, 'anyone');
    const asked = await comment(game.id, player, '  Is there parking?  ');
    expect(asked.status).toBe(201);
    expect(asked.body).toMatchObject({
      post_id: game.id,
      author: { id: player.user.id, username: player.user.username },
      content: 'Is there parking?',
      can_delete: true,
    });
    expect((await comment(game.id, host, 'Yes, behind the turf.')).status).toBe(201);

    const read = await thread(game.id, player);
    expect(read.body).toMatchObject({ who_can_comment: 'anyone', refusal: null });
    expect(read.body.comments.map((c) => [c.content, c.can_delete])).toEqual([
      ['Is there parking?', true],
      ['Yes, behind the turf.', false],
    ]);
    const visitor = await thread(game.id, null);
    expect(visitor.body).toMatchObject({ who_can_comment: 'anyone', refusal: 'signed_out' });
    expect(visitor.body.comments.map((c) => [c.content, c.can_delete])).toEqual([
      ['Is there parking?', false],
      ['Yes, behind the turf.', false],
    ]);
    expect((await comment(game.id, null, 'Hello')).status).toBe(401);
  });

  it('friends_only: only members the host follows who follow back, and the host', async () => {
    const host = await member('cmfhost');
    const friend = await member('cmfriend');
    const fan = await member('cmfan');
    const stranger = await member('cmstranger');
    const game = await gameOf(host, 'friends_only');
    await follow(friend, host);
    await follow(host, friend);
    await follow(fan, host);

    for (const refused of [fan, stranger]) {
      const res = await comment(game.id, refused, 'Can I come?');
      expect(res.status).toBe(403);
      expect(res.body).toMatchObject({ code: 'comments_friends_only' });
      expect((await thread(game.id, refused)).body.refusal).toBe('friends_only');
    }
    expect((await comment(game.id, friend, 'Studs or trainers?')).status).toBe(201);
    expect((await comment(game.id, host, 'Trainers.')).status).toBe(201);
    // Everyone who may see the game reads the thread.
    expect(await texts(game.id, stranger)).toEqual(['Studs or trainers?', 'Trainers.']);
    expect((await thread(game.id, friend)).body.refusal).toBeNull();
  });

  it('none: the thread is hidden and closed, to the host too', async () => {
    const host = await member('cmnhost');
    const player = await member('cmnplayer');
    const game = await gameOf(host, 'anyone');
    expect((await comment(game.id, player, 'Any bibs?')).status).toBe(201);
    await gameOf(host, 'none');

    for (const who of [player, host, null]) {
      const res = await thread(game.id, who);
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ comments: [], who_can_comment: 'none', refusal: 'closed' });
    }
    for (const who of [player, host]) {
      const res = await comment(game.id, who, 'Hello?');
      expect(res.status).toBe(403);
      expect(res.body).toMatchObject({ code: 'comments_closed' });
    }
  });

  it('refuses a blank or too long comment and an unknown game', async () => {
    const host = await member('cmvhost');
    const game = await gameOf(host, 'anyone');
    expect((await comment(game.id, host, '   ')).status).toBe(400);
    expect((await comment(game.id, host, 'x'.repeat(501))).status).toBe(400);
    expect((await comment(game.id, host, 'x'.repeat(500))).status).toBe(201);
    expect((await comment(999_999, host, 'Hello')).status).toBe(404);
    expect((await thread(999_999, null)).status).toBe(404);
    expect((await thread(game.id, host, '?cursor=nonsense')).status).toBe(400);
  });

  it('pages the thread by cursor, newest last', async () => {
    const host = await member('cmphost');
    const game = await gameOf(host, 'anyone');
    for (const n of [1, 2, 3, 4, 5]) await comment(game.id, host, `Note ${n}`);
    const seen: string[] = [];
    let query = '?limit=2';
    for (;;) {
      const res = await thread(game.id, null, query);
      seen.push(...res.body.comments.map((c) => c.content));
      const next = res.headers.get('x-next-cursor');
      if (!next) break;
      query = `?limit=2&cursor=${encodeURIComponent(next)}`;
    }
    expect(seen).toEqual(['Note 1', 'Note 2', 'Note 3', 'Note 4', 'Note 5']);
  });
});

describe('deleting a comment', () => {
  it('its author and the host may; another member may not', async () => {
    const host = await member('cmdhost');
    const author = await member('cmdauthor');
    const other = await member('cmdother');
    const game = await gameOf(host, 'anyone');
    const first = (await comment(game.id, author, 'First')).body;
    const second = (await comment(game.id, author, 'Second')).body;
    const path = (c: Comment) => `/api/posts/${game.id}/comments/${c.id}`;

    const refused = await server.request('DELETE', path(first), { token: other.token });
    expect(refused.status).toBe(403);
    expect(refused.body).toMatchObject({ code: 'not_author' });
    expect((await server.request('DELETE', path(first), { token: author.token })).status).toBe(200);
    expect((await server.request('DELETE', path(second), { token: host.token })).status).toBe(200);
    expect((await server.request('DELETE', path(second), { token: host.token })).status).toBe(404);
    expect(await texts(game.id, other)).toEqual([]);
    // A comment id of another game is not found through this one.
    const elsewhere = await gameOf(host, 'anyone');
    const there = (await comment(elsewhere.id, author, 'Elsewhere')).body;
    expect((await server.request('DELETE', path(there), { token: author.token })).status).toBe(404);
  });
});

describe('blocks hide comments both ways', () => {
  it('a member blocked by the host, or blocking the host, cannot see or write the thread', async () => {
    const host = await member('cmbhost');
    const blocked = await member('cmbblocked');
    const blocker = await member('cmbblocker');
    const game = await gameOf(host, 'anyone');
    await block(host, blocked);
    await block(blocker, host);
    for (const who of [blocked, blocker]) {
      expect((await comment(game.id, who, 'Hi')).status).toBe(404);
      expect((await thread(game.id, who)).status).toBe(404);
    }
  });

  it('a viewer does not see the comments of members they blocked or who blocked them', async () => {
    const host = await member('cmvbhost');
    const viewer = await member('cmviewer');
    const troll = await member('cmtroll');
    const shy = await member('cmshy');
    const game = await gameOf(host, 'anyone');
    await comment(game.id, troll, 'From the troll');
    await comment(game.id, shy, 'From the shy one');
    await comment(game.id, viewer, 'From the viewer');
    await block(viewer, troll);
    await block(shy, viewer);

    expect(await texts(game.id, viewer)).toEqual(['From the viewer']);
    expect(await texts(game.id, troll)).toEqual(['From the troll', 'From the shy one']);
    expect(await texts(game.id, shy)).toEqual(['From the troll', 'From the shy one']);
    expect(await texts(game.id, null)).toEqual([
      'From the troll',
      'From the shy one',
      'From the viewer',
    ]);
  });

  it('once the host blocks a commenter, their comments leave the host’s thread for everyone', async () => {
    const host = await member('cmhbhost');
    const commenter = await member('cmhbcommenter');
    const reader = await member('cmhbreader');
    const game = await gameOf(host, 'anyone');
    await comment(game.id, commenter, 'Spam spam spam');
    await comment(game.id, reader, 'A real question');
    await block(host, commenter);
    expect(await texts(game.id, reader)).toEqual(['A real question']);
    expect(await texts(game.id, null)).toEqual(['A real question']);
  });
});

describe('notifications', () => {
  it('tells the host of comments, grouped per game, and a commenter the host answers', async () => {
    const host = await member('cmnohost');
    const asker = await member('cmnoasker');
    const earlier = await member('cmnoearlier');
    const game = await gameOf(host, 'anyone');
    const hostSocket = await server.connect(host.token);
    const askerSocket = await server.connect(asker.token);
    const earlierSocket = await server.connect(earlier.token);

    const firstToHost = nextEvent(hostSocket, 'notification');
    const before = (await comment(game.id, earlier, 'Shin pads needed?')).body;
    expect(await firstToHost).toMatchObject({ type: 'comment', data: { post_id: game.id } });
    const earlierAnswered = nextEvent(earlierSocket, 'notification');
    await comment(game.id, host, 'Yes please.');
    expect(await earlierAnswered).toMatchObject({ type: 'comment' });

    const toHost = nextEvent(hostSocket, 'notification');
    const asked = (await comment(game.id, asker, 'Is there parking?')).body;
    // Within 10 minutes of the host's unread row: one row for both, replacing it.
    expect(await toHost).toMatchObject({
      type: 'comment',
      message: `${asker.user.username} and 1 other commented on your game "Sunday five-a-side"`,
      data: { post_id: game.id, comment_id: asked.id },
    });

    const toAsker = nextEvent(askerSocket, 'notification');
    const answer = (await comment(game.id, host, 'Yes, behind the turf.')).body;
    expect(await toAsker).toMatchObject({
      type: 'comment',
      message: `${host.user.username} answered your comment on "Sunday five-a-side"`,
      data: { post_id: game.id, comment_id: answer.id },
    });
    // The earlier commenter was answered before: the second answer is not theirs.
    const theirs = await server.request<Notification[]>('GET', '/api/notifications', {
      token: earlier.token,
    });
    expect(
      theirs.body.filter((n) => n.type === 'comment').map((n) => n.data.comment_id),
    ).not.toContain(answer.id);
    expect(before.id).toBeLessThan(answer.id);
    // The host is never told of their own comments, and has one row for the two questions.
    const hosts = await server.request<Notification[]>('GET', '/api/notifications', {
      token: host.token,
    });
    expect(hosts.body.filter((n) => n.type === 'comment')).toHaveLength(1);
  });
});

describe('reports, account deletion and suspension', () => {
  it('files a report with a snapshot that outlives the comment', async () => {
    const host = await member('cmrhost');
    const author = await member('cmrauthor');
    const reporter = await member('cmrreporter');
    const game = await gameOf(host, 'anyone');
    const rude = (await comment(game.id, author, 'Rude words here')).body;
    const own = await server.request('POST', `/api/comments/${rude.id}/report`, {
      token: author.token,
      body: { reason: 'Mine' },
    });
    expect(own.status).toBe(400);
    const filed = await server.request('POST', `/api/comments/${rude.id}/report`, {
      token: reporter.token,
      body: { reason: 'Abuse' },
    });
    expect(filed.status).toBe(200);
    const listed = await server.request<AdminReport[]>('GET', '/api/admin/reports', {
      token: operator.token,
    });
    expect(
      listed.body.find((r) => r.target_type === 'comment' && r.target_id === rude.id)?.label,
    ).toBe('Rude words here');
    await server.request('DELETE', `/api/posts/${game.id}/comments/${rude.id}`, {
      token: author.token,
    });
    const reports = await server.request<AdminReport[]>('GET', '/api/admin/reports', {
      token: operator.token,
    });
    const report = reports.body.find((r) => r.target_type === 'comment' && r.target_id === rude.id);
    expect(report).toMatchObject({
      member: { id: author.user.id },
      reason: 'Abuse',
      snapshot: {
        type: 'comment',
        content: 'Rude words here',
        post_id: game.id,
        heading: 'Sunday five-a-side',
      },
    });
    // A comment one may not see cannot be reported.
    const hidden = (await comment(game.id, author, 'Another one')).body;
    await block(author, reporter);
    expect(
      (
        await server.request('POST', `/api/comments/${hidden.id}/report`, {
          token: reporter.token,
          body: { reason: 'Abuse' },
        })
      ).status,
    ).toBe(404);
  });

  it('comments go with their author’s account', async () => {
    const host = await member('cmahost');
    const leaver = await member('cmaleaver');
    const game = await gameOf(host, 'anyone');
    await comment(game.id, leaver, 'Bye soon');
    await comment(game.id, host, 'Staying');
    const deleted = await server.request('DELETE', '/api/account', {
      token: leaver.token,
      body: { password: 'secret123' },
    });
    expect(deleted.status).toBe(200);
    const rows = await server.app.database.db
      .selectFrom('comments')
      .select('content')
      .where('author_id', '=', leaver.user.id)
      .execute();
    expect(rows).toEqual([]);
    expect(await texts(game.id, null)).toEqual(['Staying']);
  });

  it('a suspended member’s comments disappear until the suspension ends', async () => {
    const host = await member('cmshost');
    const suspect = await member('cmsuspect');
    const game = await gameOf(host, 'anyone');
    await comment(game.id, suspect, 'Cheap boots for sale');
    await comment(game.id, host, 'Please keep it on topic');
    const act = (action: 'suspend' | 'unsuspend') =>
      server.request('POST', `/api/admin/users/${suspect.user.id}/${action}`, {
        token: operator.token,
      });
    expect((await act('suspend')).status).toBe(200);
    expect(await texts(game.id, host)).toEqual(['Please keep it on topic']);
    expect(await texts(game.id, null)).toEqual(['Please keep it on topic']);
    expect((await act('unsuspend')).status).toBe(200);
    expect(await texts(game.id, null)).toEqual(['Cheap boots for sale', 'Please keep it on topic']);
  });
});

describe('the per-member limit', () => {
  it('refuses a sixth comment within a minute, and a 61st deletion within an hour', async () => {
    const limited = await startServer({ RATE_LIMITS: 'on' });
    try {
      const host = await limited.signUp('cmlimithost');
      const game = await limited.createPost(host.token);
      const statuses = [];
      for (let n = 1; n <= 6; n += 1)
        statuses.push(
          (
            await limited.request('POST', `/api/posts/${game.id}/comments`, {
              token: host.token,
              body: { content: `Note ${n}` },
            })
          ).status,
        );
      expect(statuses).toEqual([201, 201, 201, 201, 201, 429]);
      // Deletions have their own budget: 60 an hour, refused or not.
      const deletes = [];
      for (let n = 1; n <= 61; n += 1)
        deletes.push(
          (
            await limited.request('DELETE', `/api/posts/${game.id}/comments/2147483647`, {
              token: host.token,
            })
          ).status,
        );
      expect(deletes.slice(0, 60).every((status) => status === 404)).toBe(true);
      expect(deletes[60]).toBe(429);
    } finally {
      await limited.close();
    }
  });
});

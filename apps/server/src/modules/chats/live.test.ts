/**
 * Chats appear live: joining or leaving a game sends `groupChatUpdated` (the chat as
 * each member sees it, with `post_id` and `members`) to the members, the member who left
 * included (the chat read-only to them); real sockets, payloads checked against the shared
 * schemas.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  groupChatSummarySchema,
  type GroupChatSummary,
  type LoginResponse,
  type Post,
} from '@gameon/shared';
import { collect, nextEvent, startServer, type TestServer } from '../../../test/harness.js';

let server: TestServer;
let host: LoginResponse;
let third: LoginResponse;
let joiner: LoginResponse;
let post: Post;
let groupChatId: number;

const ref = (member: LoginResponse) => ({ id: member.user.id, username: member.user.username });

beforeAll(async () => {
  server = await startServer();
  host = await server.signUp('live_host');
  third = await server.signUp('live_third');
  joiner = await server.signUp('live_joiner');
  post = await server.createPost(host.token, { sport: 'Cricket', heading: 'Nets at dawn' });
  // The chat is announced after the join is answered; the tests' sockets must not take this
  // first announcement (of two members) for theirs, so it is awaited here.
  const watching = await server.connect(host.token);
  const announced = nextEvent(watching, 'groupChatUpdated');
  const first = await server.request<{ groupChatId: number }>(
    'POST',
    `/api/posts/${post.id}/interest`,
    { token: third.token },
  );
  groupChatId = first.body.groupChatId;
  await announced;
  watching.disconnect();
});
afterAll(() => server.close());

const join = (member: LoginResponse) =>
  server.request('POST', `/api/posts/${post.id}/interest`, { token: member.token });
const leave = (member: LoginResponse) =>
  server.request('DELETE', `/api/posts/${post.id}/interest`, { token: member.token });

/** The member's chat of the game from `GET /messages/conversations`. */
async function listed(member: LoginResponse): Promise<GroupChatSummary | undefined> {
  const { body } = await server.request<{ groupChats: GroupChatSummary[] }>(
    'GET',
    '/api/messages/conversations',
    { token: member.token },
  );
  return body.groupChats.find((c) => c.id === groupChatId);
}

describe('groupChatUpdated', () => {
  it('reaches the host, the other members and the joiner, each with every member', async () => {
    const [hostSocket, thirdSocket, joinerSocket] = await Promise.all(
      [host, third, joiner].map((m) => server.connect(m.token)),
    );
    const updates = [hostSocket, thirdSocket, joinerSocket].map((s) =>
      nextEvent(s!, 'groupChatUpdated'),
    );
    expect((await join(joiner)).status).toBe(200);

    const members = [ref(host), ref(third), ref(joiner)];
    for (const payload of await Promise.all(updates)) {
      const chat = groupChatSummarySchema.parse(payload);
      expect(chat).toEqual({
        id: groupChatId,
        name: 'Cricket - Nets at dawn',
        post_id: post.id,
        members,
        last_message: null,
        unread_count: 0,
      });
    }
    expect((await listed(host))?.members).toEqual(members);
  });

  it('on leaving, the leaver gets the chat read-only and the host the members left', async () => {
    const [hostSocket, joinerSocket] = await Promise.all(
      [host, joiner].map((m) => server.connect(m.token)),
    );
    const updated = nextEvent(hostSocket!, 'groupChatUpdated');
    const kept = nextEvent(joinerSocket!, 'groupChatUpdated');
    expect((await leave(joiner)).status).toBe(200);

    expect(groupChatSummarySchema.parse(await kept)).toMatchObject({
      id: groupChatId,
      has_left: true,
      unread_count: 0,
    });
    expect(groupChatSummarySchema.parse(await updated).members).toEqual([ref(host), ref(third)]);
    expect((await listed(joiner))?.has_left).toBe(true);
  });

  it('never shows a member someone blocked, live or listed', async () => {
    const blocked = await server.signUp('live_blocked');
    await server.request('POST', `/api/users/${blocked.user.id}/block`, { token: third.token });
    const [hostSocket, thirdSocket] = await Promise.all(
      [host, third].map((m) => server.connect(m.token)),
    );
    const seenByThird = collect(thirdSocket!, 'groupChatUpdated');
    const updated = nextEvent(hostSocket!, 'groupChatUpdated');
    expect((await join(blocked)).status).toBe(200);

    expect((await updated).members).toEqual([ref(host), ref(third), ref(blocked)]);
    expect((await listed(third))?.members).toEqual([ref(host), ref(third)]);
    const named = seenByThird.flatMap((chat) => chat.members.map((m) => m.id));
    expect(named).not.toContain(blocked.user.id);
  });
});

/**
 * The access service over a real database (SQLite, or PostgreSQL with TEST_DIALECT): one batch
 * of members in mixed relationships to a viewer, set up through the real routes.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LoginResponse } from '@gameon/shared';
import { startServer, type TestServer } from '../../../test/harness.js';
import { createAccessService, type AccessService } from './index.js';

let server: TestServer;
let access: AccessService;
let viewer: LoginResponse;
let friend: LoginResponse;
let followed: LoginResponse;
let blocker: LoginResponse;
let closed: LoginResponse;
const UNKNOWN_ID = 2_000_000_000;

beforeAll(async () => {
  server = await startServer();
  access = createAccessService({ db: server.app.database.db });
  viewer = await server.signUp('viewer');
  friend = await server.signUp('friend');
  followed = await server.signUp('followed');
  blocker = await server.signUp('blocker');
  closed = await server.signUp('closed');
  const post = (who: LoginResponse, path: string) =>
    server.request('POST', path, { token: who.token });
  await post(viewer, `/api/users/${friend.user.id}/follow`);
  await post(friend, `/api/users/${viewer.user.id}/follow`);
  await post(viewer, `/api/users/${followed.user.id}/follow`);
  await post(blocker, `/api/users/${viewer.user.id}/block`);
  await server.request('PUT', '/api/settings', {
    token: closed.token,
    body: {
      profile_visibility: 'friends_only',
      message_requests: 'none',
      show_online_status: true,
    },
  });
});
afterAll(() => server.close());

describe('access over a batch of members', () => {
  it('relates the viewer to each member in one call, and leaves unknown ids out', async () => {
    const seen = await access.profiles(viewer.user.id, [
      viewer.user.id,
      friend.user.id,
      followed.user.id,
      blocker.user.id,
      closed.user.id,
      UNKNOWN_ID,
    ]);
    expect(Object.fromEntries([...seen].map(([id, parts]) => [id, parts.rel]))).toEqual({
      [viewer.user.id]: 'self',
      [friend.user.id]: 'friend',
      [followed.user.id]: 'follower',
      [blocker.user.id]: 'blocked',
      [closed.user.id]: 'stranger',
    });
    expect(seen.get(blocker.user.id)).toMatchObject({ profile: false, activity: false });
    expect(seen.get(closed.user.id)).toMatchObject({ profile: false, online: true });
    expect(seen.get(friend.user.id)).toMatchObject({ profile: true, phone: true, online: false });
  });

  it('sees a block from either side', async () => {
    const ids = [friend.user.id, blocker.user.id, closed.user.id];
    expect([...(await access.hiddenAmong(viewer.user.id, ids))]).toEqual([
      [blocker.user.id, 'blocked'],
    ]);
    expect([...(await access.hiddenAmong(blocker.user.id, [viewer.user.id]))]).toEqual([
      [viewer.user.id, 'blocked'],
    ]);
  });

  it('refuses messages to oneself, across a block, and to a member who takes none', async () => {
    const refusal = (recipientId: number) =>
      access.requireMayMessage(viewer.user.id, recipientId).then(
        () => null,
        (error: { status: number; code: string }) => [error.status, error.code],
      );
    expect(await refusal(viewer.user.id)).toEqual([400, 'bad_request']);
    expect(await refusal(blocker.user.id)).toEqual([404, 'not_found']);
    expect(await refusal(UNKNOWN_ID)).toEqual([404, 'not_found']);
    expect(await refusal(closed.user.id)).toEqual([403, 'messages_closed']);
    expect(await refusal(friend.user.id)).toBeNull();
  });

  it('tells presence to followers only of members who show it', async () => {
    expect(await access.presenceAudience(viewer.user.id)).toEqual([]);
    await server.request('POST', `/api/users/${closed.user.id}/follow`, { token: friend.token });
    expect(await access.presenceAudience(closed.user.id)).toEqual([friend.user.id]);
  });
});

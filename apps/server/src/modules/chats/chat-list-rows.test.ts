/**
 * The group chat list read from the members' rows (kept on write, migration 0035) against the
 * list computed from the messages, over varied chats: messages over HTTP-less sockets, read
 * markers, leaving, removal, a return, cancellation, a block and a deleted account; and the
 * migration's backfill of a database written before it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Migrator } from 'kysely';
import type { LoginResponse, Post } from '@gameon/shared';
import { migrations } from '../../db/migrations/index.js';
import { emitAck, startServer, type ClientSocket, type TestServer } from '../../../test/harness.js';
import * as repo from './chats.repository.js';

let server: TestServer;
const people: Record<string, LoginResponse> = {};
const sockets: Record<string, ClientSocket> = {};
const games: Record<string, Post> = {};
const chatOf: Record<string, number> = {};

const db = () => server.app.database.db;

async function hasBlock(userId: number): Promise<boolean> {
  const row = await db()
    .selectFrom('blocks')
    .select('blocker_id')
    .where((w) => w.or([w('blocker_id', '=', userId), w('blocked_id', '=', userId)]))
    .executeTakeFirst();
  return row !== undefined;
}

/** Every member's list from their rows equals the list from the messages (the oracle). */
async function expectListsAgree(names: string[]): Promise<void> {
  for (const name of names) {
    const userId = people[name]!.user.id;
    const oracle = await repo.listFromMessages(db(), userId);
    const normal = (rows: typeof oracle) =>
      rows.map((r) => ({ ...r, unread_count: Number(r.unread_count) }));
    expect(normal(await repo.listConversations(db(), userId)), name).toEqual(normal(oracle));
    if (!(await hasBlock(userId))) {
      expect(normal(await repo.listFromMemberRows(db(), userId)), name).toEqual(normal(oracle));
      for (const chat of oracle)
        expect(normal(await repo.listFromMemberRows(db(), userId, chat.id))).toEqual(
          normal([chat]),
        );
    }
  }
}

async function send(name: string, game: string, content: string): Promise<void> {
  const ack = await emitAck<{ success: boolean }>(sockets[name]!, 'sendGroupMessage', {
    groupChatId: chatOf[game],
    content,
  });
  expect(ack.success, `${name} in ${game}`).toBe(true);
}

async function join(name: string, game: string): Promise<void> {
  const res = await server.request<{ groupChatId: number }>(
    'POST',
    `/api/posts/${games[game]!.id}/interest`,
    { token: people[name]!.token },
  );
  expect(res.status).toBe(200);
  chatOf[game] = res.body.groupChatId;
}

const everyone = ['h1', 'h2', 'a', 'b', 'c', 'd'];

beforeAll(async () => {
  server = await startServer();
  for (const name of everyone) {
    people[name] = await server.signUp(`chatlist${name}`);
    sockets[name] = await server.connect(people[name].token);
  }
  for (const [game, host] of [
    ['g1', 'h1'],
    ['g2', 'h1'],
    ['g3', 'h2'],
    ['g4', 'h2'],
    ['g5', 'h1'],
  ] as const)
    games[game] = await server.createPost(people[host]!.token, { playersNeeded: 6 });
});
afterAll(() => server.close());

describe('group chat list from member rows', () => {
  it('answers what the messages answer through joins, reads, leaving, removal, cancellation, blocks and deletion', async () => {
    for (const name of ['a', 'b', 'c']) await join(name, 'g1');
    for (const name of ['a', 'b']) await join(name, 'g2');
    for (const name of ['a', 'c', 'd']) await join(name, 'g3');
    await join('b', 'g4');
    for (const name of ['a', 'd']) await join(name, 'g5');
    await expectListsAgree(everyone);

    await send('h1', 'g1', 'hi all');
    await send('a', 'g1', 'hello');
    await send('b', 'g1', 'see you');
    await send('a', 'g3', 'who brings the ball');
    await send('d', 'g3', 'me');
    await send('h2', 'g3', 'great');
    await send('a', 'g5', 'any parking');
    await expectListsAgree(everyone);

    // Opening the newest page and mark-read move the read markers.
    await server.request('GET', `/api/messages/group/${chatOf.g1}`, { token: people.a!.token });
    await server.request('POST', `/api/messages/group/${chatOf.g3}/mark-read`, {
      token: people.c!.token,
    });
    await send('b', 'g1', 'one more');
    await expectListsAgree(everyone);

    // a leaves g3 (read-only up to now), b is removed from g1; later messages pass them by.
    expect(
      (
        await server.request('DELETE', `/api/posts/${games.g3!.id}/interest`, {
          token: people.a!.token,
        })
      ).status,
    ).toBe(200);
    expect(
      (
        await server.request('DELETE', `/api/posts/${games.g1!.id}/players/${people.b!.user.id}`, {
          token: people.h1!.token,
        })
      ).status,
    ).toBe(200);
    await send('h2', 'g3', 'a left');
    await send('c', 'g1', 'b is out');
    await send('h1', 'g2', 'g2 on');
    await expectListsAgree(everyone);

    // a comes back to g3 and reads the whole chat; g5 is cancelled.
    await join('a', 'g3');
    expect(
      (await server.request('DELETE', `/api/posts/${games.g5!.id}`, { token: people.h1!.token }))
        .status,
    ).toBe(200);
    await send('d', 'g3', 'welcome back');
    await expectListsAgree(everyone);

    // c blocks d: both lists leave d's messages out (computed from the messages).
    expect(
      (
        await server.request('POST', `/api/users/${people.d!.user.id}/block`, {
          token: people.c!.token,
        })
      ).status,
    ).toBe(200);
    await send('d', 'g3', 'after the block');
    await expectListsAgree(everyone);

    // d deletes their account: their messages stay, from a deleted member.
    expect(
      (
        await server.request('DELETE', '/api/account', {
          token: people.d!.token,
          body: { password: 'secret123' },
        })
      ).status,
    ).toBe(200);
    await send('h2', 'g3', 'd is gone');
    await expectListsAgree(everyone.filter((n) => n !== 'd'));
  });

  it('is backfilled by its migration from a database written before it', async () => {
    const names = everyone.filter((n) => n !== 'd');
    const before = new Map<string, unknown>();
    for (const name of names)
      before.set(name, await repo.listFromMessages(db(), people[name]!.user.id));
    const migrator = new Migrator({
      db: db(),
      provider: { getMigrations: () => Promise.resolve(migrations) },
    });
    expect((await migrator.migrateTo('0033_trust')).error).toBeUndefined();
    expect((await migrator.migrateToLatest()).error).toBeUndefined();
    for (const name of names) {
      const userId = people[name]!.user.id;
      expect(await repo.listFromMessages(db(), userId)).toEqual(before.get(name));
      if (!(await hasBlock(userId))) {
        const rows = await repo.listFromMemberRows(db(), userId);
        expect(
          rows.map((r) => ({ ...r, unread_count: Number(r.unread_count) })),
          name,
        ).toEqual(
          (before.get(name) as typeof rows).map((r) => ({
            ...r,
            unread_count: Number(r.unread_count),
          })),
        );
      }
    }
  });
});

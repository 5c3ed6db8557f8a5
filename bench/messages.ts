/**
 * Messaging benchmark: one member with 199 direct conversations (50 messages each, the last 10
 * unread) and 50 group chats (200 messages each, read up to the middle), beside 100 conversations
 * of others with 500 messages each; then loads, for D seconds each (default 5), the calls the
 * web app refetches on every message event: the unread total, both conversation lists and a
 * thread. Not part of `npm test`.
 *
 *   node --import tsx bench/messages.ts [seconds=5] [connections=10]
 */
import * as chatsRepo from '../apps/server/src/modules/chats/chats.repository.js';
import * as directRepo from '../apps/server/src/modules/direct/direct.repository.js';
import { insertPost } from '../apps/server/src/modules/posts/posts.repository.js';
import { benchApp, benchMembers, benchSession, load } from './harness.js';

const [seconds = 5, connections = 10] = process.argv.slice(2).map(Number);
const bench = await benchApp();
const { db } = bench;
const members = await benchMembers(db, 300);
const viewer = members[0]!;
const token = await benchSession(db, viewer);
const base = Date.now() - 30 * 24 * 3600_000;
let tick = 0;
const at = () => new Date(base + (tick += 1000)).toISOString();

const started = Date.now();
let messages = 0;
await db.transaction().execute(async (trx) => {
  const talk = async (a: number, b: number, count: number, unreadTail: number) => {
    const conversationId = await directRepo.ensureConversation(trx, a, b, at());
    for (let i = 0; i < count; i++) {
      const fromA = i % 2 === 0;
      const { id } = await directRepo.insertMessage(trx, {
        conversation_id: conversationId,
        sender_id: fromA ? a : b,
        recipient_id: fromA ? b : a,
        content: `message ${i}`,
        created_at: at(),
      });
      if (i < count - unreadTail) {
        await trx.updateTable('direct_messages').set({ is_read: 1 }).where('id', '=', id).execute();
      }
      messages++;
    }
  };
  for (const other of members.slice(1, 200)) await talk(other, viewer, 50, 10);
  for (let i = 0; i < 100; i++) await talk(members[100 + i]!, members[200 + (i % 100)]!, 500, 0);

  for (let g = 0; g < 50; g++) {
    const postId = await insertPost(
      trx,
      {
        author_id: viewer,
        sport: 'Football',
        heading: `Bench chat ${g}`,
        description: 'Benchmark game',
        location_name: 'Bengaluru',
        lng: 77.59,
        lat: 12.97,
        public_lng: 77.59,
        public_lat: 12.97,
        event_time: new Date(Date.now() + 86_400_000).toISOString(),
        players_needed: 10,
        created_at: at(),
      },
      [],
    );
    const chatId = await chatsRepo.ensureGroupChatForPost(trx, postId, `Football - ${g}`, at());
    const chatMembers = [viewer, ...members.slice(1 + g, 21 + g)];
    await chatsRepo.addMembers(trx, chatId, chatMembers, at());
    for (let i = 0; i < 200; i++) {
      const { id } = await chatsRepo.insertMessage(trx, {
        group_chat_id: chatId,
        sender_id: chatMembers[i % chatMembers.length]!,
        content: `group message ${i}`,
        created_at: at(),
      });
      if (i === 100) await chatsRepo.moveReadMarker(trx, chatId, viewer, id);
      messages++;
    }
  }
});
console.log(`seeded ${messages} messages in ${Date.now() - started} ms`);

const url = await bench.listen();
const probe = await fetch(`${url}/api/messages/unread-count`, {
  headers: { authorization: `Bearer ${token}` },
});
console.log(`probe: unread total ${JSON.stringify(await probe.json())}`);
const calls = {
  'unread-count': '/api/messages/unread-count',
  'direct-conversations': '/api/direct-messages/conversations',
  'group-conversations': '/api/messages/conversations',
  'direct-thread': `/api/direct-messages/conversation/${members[1]}?limit=100`,
};
for (const [name, path] of Object.entries(calls)) {
  await load(name, url + path, token, seconds, connections, { messages });
}
await bench.close();

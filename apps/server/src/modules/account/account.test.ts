import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import sharp from 'sharp';
import type { GroupMessage } from '@gameon/shared';
import { emitAck, startServer, type TestServer } from '../../../test/harness.js';

let server: TestServer;
beforeAll(async () => {
  server = await startServer();
});
afterAll(() => server.close());

const TABLES = [
  'users',
  'user_sports',
  'user_tags',
  'sessions',
  'pending_signups',
  'otp_codes',
  'posts',
  'post_tags',
  'post_interests',
  'group_chats',
  'group_chat_members',
  'group_messages',
  'password_resets',
  'follows',
  'user_settings',
  'user_skills',
  'availability_slots',
  'blocks',
  'reports',
  'notifications',
  'direct_conversations',
  'direct_messages',
  'reviews',
  'review_tags',
] as const;

/** Every row of every table, as text. */
async function everyRow(): Promise<string> {
  const dumps = await Promise.all(
    TABLES.map((t) => sql`select * from ${sql.table(t)}`.execute(server.app.database.db)),
  );
  return JSON.stringify(dumps.map((d) => d.rows));
}

describe('account deletion', () => {
  it('needs the password, then leaves no row naming the e-mail, phone or bio; messages stay as Deleted user', async () => {
    const leaver = await server.signUp('leaver', { sports: ['Cricket'], tags: ['weekend'] });
    const host = await server.signUp('stayer');
    const email = 'leaver@example.test';
    const bio = 'I am leaver';
    await server.request('PUT', '/api/settings', {
      token: leaver.token,
      body: { phone_number: '9123456780', location_city: 'Kochi' },
    });
    await server.request('PUT', '/api/settings/skills', {
      token: leaver.token,
      body: { skills: [{ sport: 'Cricket', skill_level: 'expert' }] },
    });
    await server.request('PUT', '/api/settings/availability', {
      token: leaver.token,
      body: [{ day_of_week: 0, start_time: '06:00', end_time: '08:00' }],
    });
    await server.request('POST', `/api/users/${host.user.id}/follow`, { token: leaver.token });
    await server.request('POST', `/api/users/${leaver.user.id}/report`, {
      token: host.token,
      body: { reason: 'testing' },
    });
    await server.createPost(leaver.token, { heading: 'Leaver game' });
    await server.request('POST', '/api/reviews', {
      token: leaver.token,
      body: {
        rating: 4,
        category: 'venue',
        title: 'Leaver review',
        content: 'Good turf',
        tags: ['leaver-tag'],
      },
    });
    const hostGame = await server.createPost(host.token, { heading: 'Host game' });
    const { body } = await server.request<{ groupChatId: number }>(
      'POST',
      `/api/posts/${hostGame.id}/interest`,
      { token: leaver.token },
    );
    const socket = await server.connect(leaver.token);
    await emitAck(socket, 'sendGroupMessage', {
      groupChat: body.groupChatId,
      content: 'Bye everyone',
    });
    const form = new FormData();
    const png = await sharp({ create: { width: 40, height: 40, channels: 3, background: '#000' } })
      .png()
      .toBuffer();
    form.append('file', new Blob([new Uint8Array(png)], { type: 'image/png' }), 'a.png');
    const picture = (await (
      await fetch(`${server.url}/api/settings/avatar`, {
        method: 'POST',
        headers: { authorization: `Bearer ${leaver.token}` },
        body: form,
      })
    ).json()) as { profile_picture_url: string };
    // A reset code keyed by the e-mail, too.
    await server.request('POST', '/api/auth/forgot-password', { body: { email } });
    await server.mail.waitFor(email, 2);

    const before = await everyRow();
    expect(before).toContain(email);
    expect(before).toContain('9123456780');
    expect(before).toContain(bio);
    expect(before).toContain('Leaver review');

    const wrong = await server.request<{ message: string }>('DELETE', '/api/account', {
      token: leaver.token,
      body: { password: 'nope-nope' },
    });
    expect(wrong.status).toBe(400);
    expect(wrong.body.message).toBe('Password is incorrect');

    const disconnected = new Promise<string>((resolve) => socket.once('disconnect', resolve));
    const deleted = await server.request('DELETE', '/api/account', {
      token: leaver.token,
      body: { password: 'secret123' },
    });
    expect(deleted.status).toBe(200);
    expect(await disconnected).toBe('io server disconnect');

    const after = await everyRow();
    expect(after).not.toContain(email);
    expect(after).not.toContain('9123456780');
    expect(after).not.toContain(bio);
    expect(after).not.toContain('Leaver game');
    expect(after).not.toContain('Leaver review');
    expect(after).not.toContain('leaver-tag');
    expect((await server.request('GET', '/api/auth/me', { token: leaver.token })).status).toBe(401);
    expect((await fetch(server.url + picture.profile_picture_url)).status).toBe(404);

    const history = await server.request<GroupMessage[]>(
      'GET',
      `/api/messages/group/${body.groupChatId}`,
      { token: host.token },
    );
    expect(history.body).toMatchObject([
      { content: 'Bye everyone', sender_id: null, sender: { username: 'Deleted user' } },
    ]);
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LoginResponse, SessionInfo } from '@gameon/shared';
import { startServer, type TestServer } from '../../../test/harness.js';
import { hashToken } from '../../lib/crypto.js';

const ANDROID_CHROME =
  'Mozilla/5.0 (Linux; Android 13; Pixel 7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/119.0.0.0 Mobile Safari/537.36';
const IPHONE_SAFARI =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.1 Mobile/15E148 Safari/604.1';
const DAY_MS = 24 * 60 * 60 * 1000;

let server: TestServer;
beforeAll(async () => {
  server = await startServer();
});
afterAll(() => server.close());

/** Signs `username` (already signed up) in again from a client with `userAgent`. */
async function signIn(username: string, userAgent?: string): Promise<string> {
  const res = await server.request<LoginResponse>('POST', '/api/auth/login', {
    body: { email: `${username}@example.test`, password: 'secret123' },
    headers: userAgent ? { 'user-agent': userAgent } : {},
  });
  expect(res.status).toBe(200);
  return res.body.token;
}

async function sessionsOf(token: string): Promise<SessionInfo[]> {
  const res = await server.request<SessionInfo[]>('GET', '/api/auth/sessions', { token });
  expect(res.status).toBe(200);
  return res.body;
}

/**
 * Sets the times of `token`'s session straight in the DB, as time passing would, before the
 * server has resolved the token (it keeps a session it resolved for a few seconds:
 * session-cache.ts).
 */
async function setTimes(token: string, times: { created_at?: string; last_seen_at?: string }) {
  const { id } = await server.app.database.db
    .updateTable('sessions')
    .set(times)
    .where('token_hash', '=', hashToken(token))
    .returning('id')
    .executeTakeFirstOrThrow();
  return id;
}

async function sessionRow(id: number) {
  return server.app.database.db
    .selectFrom('sessions')
    .selectAll()
    .where('id', '=', id)
    .executeTakeFirst();
}

const ago = (ms: number) => new Date(Date.now() - ms).toISOString();

describe('session expiry', () => {
  it('refuses and deletes a session unused for 31 days, on HTTP and on socket connect', async () => {
    const { token } = await server.signUp('idle1');
    const id = await setTimes(token, { last_seen_at: ago(31 * DAY_MS) });

    await expect(server.connect(token)).rejects.toThrow('unauthorized');
    expect((await server.request('GET', '/api/auth/me', { token })).status).toBe(401);
    expect(await sessionRow(id)).toBeUndefined();
  });

  it('refuses a session begun 91 days ago however recently it was used', async () => {
    const { token } = await server.signUp('absolute1');
    const id = await setTimes(token, { created_at: ago(91 * DAY_MS), last_seen_at: ago(60_000) });

    expect((await server.request('GET', '/api/auth/me', { token })).status).toBe(401);
    expect(await sessionRow(id)).toBeUndefined();
    await expect(server.connect(token)).rejects.toThrow('unauthorized');
  });

  it('keeps a session used within 30 days and begun within 90', async () => {
    const { token } = await server.signUp('alive1');
    await setTimes(token, { created_at: ago(89 * DAY_MS), last_seen_at: ago(29 * DAY_MS) });
    expect((await server.request('GET', '/api/auth/me', { token })).status).toBe(200);
    const socket = await server.connect(token);
    expect(socket.connected).toBe(true);
  });

  it('writes last_seen_at at most once an hour', async () => {
    const { token } = await server.signUp('touch1');
    const halfHourAgo = ago(30 * 60_000);
    const id = await setTimes(token, { last_seen_at: halfHourAgo });
    await server.request('GET', '/api/auth/me', { token });
    expect((await sessionRow(id))?.last_seen_at).toBe(halfHourAgo);

    const other = await signIn('touch1');
    const twoHoursAgo = ago(2 * 60 * 60_000);
    const otherId = await setTimes(other, { last_seen_at: twoHoursAgo });
    await server.request('GET', '/api/auth/me', { token: other });
    const seen = (await sessionRow(otherId))?.last_seen_at ?? '';
    expect(seen > halfHourAgo).toBe(true);
  });

  it('prunes other expired sessions when anyone signs in', async () => {
    const { token } = await server.signUp('prune1');
    const id = await setTimes(token, { last_seen_at: ago(40 * DAY_MS) });
    await server.signUp('prune2');
    expect(await sessionRow(id)).toBeUndefined();
  });
});

describe('a member sees and ends their sessions', () => {
  it('lists the sessions with their device, marking the current one, never a token', async () => {
    await server.signUp('list1');
    const phone = await signIn('list1', ANDROID_CHROME);
    const iphone = await signIn('list1', IPHONE_SAFARI);

    const sessions = await sessionsOf(phone);
    expect(sessions).toHaveLength(3);
    expect(sessions.filter((s) => s.current)).toHaveLength(1);
    expect(sessions.find((s) => s.current)?.device).toBe('Chrome on Android');
    expect(sessions.map((s) => s.device).sort()).toEqual([
      'Chrome on Android',
      'Safari on iPhone',
      'Unknown device',
    ]);
    expect(sessions.every((s) => s.ip === '127.0.0.1')).toBe(true);
    expect(JSON.stringify(sessions)).not.toContain(phone);
    expect(JSON.stringify(sessions)).not.toContain(iphone);
    expect((await sessionsOf(iphone)).find((s) => s.current)?.device).toBe('Safari on iPhone');
  });

  it("answers 404 for another member's session or an unknown one, and 400 for a bad id", async () => {
    const { token: mine } = await server.signUp('owner1');
    const { token: theirs } = await server.signUp('other1');
    const [theirSession] = await sessionsOf(theirs);

    const foreign = await server.request('DELETE', `/api/auth/sessions/${theirSession?.id}`, {
      token: mine,
    });
    expect(foreign.status).toBe(404);
    expect((await server.request('GET', '/api/auth/me', { token: theirs })).status).toBe(200);
    const unknown = await server.request('DELETE', '/api/auth/sessions/999999', { token: mine });
    expect(unknown.status).toBe(404);
    const bad = await server.request('DELETE', '/api/auth/sessions/abc', { token: mine });
    expect(bad.status).toBe(400);
    expect((await server.request('GET', '/api/auth/sessions')).status).toBe(401);
  });

  it('ends one of the own sessions and disconnects its socket', async () => {
    const { token: laptop } = await server.signUp('endone1');
    const phone = await signIn('endone1', ANDROID_CHROME);
    const socket = await server.connect(phone);
    const closed = new Promise((resolve) => socket.once('disconnect', resolve));
    const other = (await sessionsOf(laptop)).find((s) => !s.current);

    const res = await server.request('DELETE', `/api/auth/sessions/${other?.id}`, {
      token: laptop,
    });
    expect(res.status).toBe(200);
    await closed;
    expect((await server.request('GET', '/api/auth/me', { token: phone })).status).toBe(401);
    expect((await server.request('GET', '/api/auth/me', { token: laptop })).status).toBe(200);
  });

  it('signs out everywhere else: only the current session stays, and the others lose their sockets', async () => {
    const { token: laptop } = await server.signUp('others1');
    const phone = await signIn('others1', ANDROID_CHROME);
    const tablet = await signIn('others1', IPHONE_SAFARI);
    const phoneSocket = await server.connect(phone);
    const laptopSocket = await server.connect(laptop);
    const closed = new Promise((resolve) => phoneSocket.once('disconnect', resolve));

    const res = await server.request('POST', '/api/auth/sessions/sign-out-others', {
      token: laptop,
    });
    expect(res.status).toBe(200);
    await closed;

    const left = await sessionsOf(laptop);
    expect(left).toHaveLength(1);
    expect(left[0]?.current).toBe(true);
    expect((await server.request('GET', '/api/auth/me', { token: phone })).status).toBe(401);
    expect((await server.request('GET', '/api/auth/me', { token: tablet })).status).toBe(401);
    await expect(server.connect(tablet)).rejects.toThrow('unauthorized');
    expect(laptopSocket.connected).toBe(true);
  });
});

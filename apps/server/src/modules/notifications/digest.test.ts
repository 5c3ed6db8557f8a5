/**
 * The daily e-mail digest, over a real server on SQLite (and PostgreSQL with TEST_DIALECT), a
 * real SMTP server on loopback and an injected clock moved to 08:00 IST: the scheduler's daily
 * job mails members who turned a digest switch on, have something unread of that type and
 * were not online for 24 hours, once a day, with RFC 8058 one-click unsubscribe headers whose
 * link works without a session and cannot be guessed.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LoginResponse, Notification } from '@gameon/shared';
import { DIGEST_JOB, nextDigestTime } from './digest.service.js';
import { startServer, type TestServer } from '../../../test/harness.js';

const HOUR_MS = 3600 * 1000;

let server: TestServer;
/** The server's clock of timed work; tests move it. */
let clock: Date;
beforeAll(async () => {
  clock = new Date();
  server = await startServer({ PUBLIC_URL: 'https://gameon.example' }, { now: () => clock });
});
afterAll(() => server.close());

const digestOn = (who: LoginResponse, type: Notification['type'], enabled = true) =>
  server.request('PATCH', '/api/notifications/settings', {
    token: who.token,
    body: { type, channel: 'digest', enabled },
  });

/** `who` gets an unread `follow` notification from a new member. */
async function followed(who: LoginResponse, by: string) {
  const fan = await server.signUp(by);
  await server.request('POST', `/api/users/${who.user.id}/follow`, { token: fan.token });
  await expect
    .poll(async () =>
      (
        await server.request<Notification[]>('GET', '/api/notifications', { token: who.token })
      ).body.some((n) => n.type === 'follow' && !n.is_read),
    )
    .toBe(true);
}

/** Moves the clock to the next 08:00 IST at least 24 hours after every session's last use. */
function toNextMorning() {
  clock = nextDigestTime(new Date(Math.max(clock.getTime(), Date.now()) + 24 * HOUR_MS + 60_000));
}

/** Runs the scheduler's due work; resolves with the digests mailed meanwhile. */
async function runDigest() {
  const before = server.mail.mails.length;
  await server.app.scheduler.runDue();
  return server.mail.mails.slice(before).filter((m) => m.subject.includes('unread notification'));
}

const mailTo = (who: LoginResponse) => `${who.user.username}@example.test`;
const tokenOf = (listUnsubscribe: string) => /token=([^>]+)>/.exec(listUnsubscribe)?.[1] ?? '';

describe('the daily digest', () => {
  let reader: LoginResponse;

  it('mails an opted-in member offline for 24 hours with something unread, once, with the unsubscribe headers', async () => {
    reader = await server.signUp('dg_reader');
    expect((await digestOn(reader, 'follow')).status).toBe(200);
    await followed(reader, 'dg_fan_one');
    await followed(reader, 'dg_fan_two');
    // Opted in but nothing unread of a digest type; off, with something unread.
    const quiet = await server.signUp('dg_quiet');
    await digestOn(quiet, 'message');
    await followed(quiet, 'dg_fan_three');
    const off = await server.signUp('dg_off');
    await followed(off, 'dg_fan_four');

    toNextMorning();
    const sent = await runDigest();
    expect(sent.map((m) => m.to)).toEqual([mailTo(reader)]);
    const [mail] = sent;
    expect(mail?.subject).toBe('You have 2 unread notifications on GameOn');
    expect(mail?.text).toContain('- dg_fan_two started following you (');
    expect(mail?.text).toContain('- dg_fan_one started following you (');
    expect(mail?.text).toContain('https://gameon.example/notifications');
    expect(mail?.headers['list-unsubscribe']).toMatch(
      /^<https:\/\/gameon\.example\/api\/notifications\/digest\/unsubscribe\?token=[A-Za-z0-9_-]{43}>$/,
    );
    expect(mail?.headers['list-unsubscribe-post']).toBe('List-Unsubscribe=One-Click');
    // The time as members read it: en-IN, India's time zone.
    expect(mail?.text).toMatch(/\(\d{1,2} [A-Z][a-z]{2} \d{4}, \d{1,2}:\d{2} (am|pm)\)/);

    // Run again the same day (the job stored once more): the day is recorded, nothing is sent.
    await server.app.scheduler.schedule({ kind: DIGEST_JOB, key: 'daily', dueAt: clock });
    expect(await runDigest()).toEqual([]);
  });

  it('mails nobody online in the last 24 hours, by a session or an open socket', async () => {
    const recent = await server.signUp('dg_recent');
    await digestOn(recent, 'follow');
    await followed(recent, 'dg_fan_five');
    const connected = await server.signUp('dg_connected');
    await digestOn(connected, 'follow');
    await followed(connected, 'dg_fan_six');

    toNextMorning();
    // dg_recent used the app an hour ago; dg_connected has a tab open.
    await server.app.database.db
      .updateTable('sessions')
      .set({ last_seen_at: new Date(clock.getTime() - HOUR_MS).toISOString() })
      .where('user_id', '=', recent.user.id)
      .execute();
    await server.connect(connected.token);
    const sent = await runDigest();
    expect(sent.map((m) => m.to)).not.toContain(mailTo(recent));
    expect(sent.map((m) => m.to)).not.toContain(mailTo(connected));
    // The reader of the first test, still offline with the same unread, gets today's.
    expect(sent.map((m) => m.to)).toEqual([mailTo(reader)]);
  });

  it('a wrong token unsubscribes nobody; the link shows a page; its one-click POST needs no session and turns every digest switch off', async () => {
    const mail = server.mail.mails.filter((m) => m.to === mailTo(reader)).at(-1);
    const token = tokenOf(mail?.headers['list-unsubscribe'] ?? '');
    expect(token).toHaveLength(43);
    await digestOn(reader, 'message');
    const url = (t: string) => `/api/notifications/digest/unsubscribe?token=${t}`;
    const oneClick = (t: string) =>
      server.request('POST', url(t), {
        rawBody: 'List-Unsubscribe=One-Click',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
      });

    const wrong = `${token.slice(0, -1)}${token.endsWith('A') ? 'B' : 'A'}`;
    expect((await oneClick(wrong)).status).toBe(404);
    expect((await server.request('GET', url(wrong))).status).toBe(404);
    expect((await server.request('POST', url(''))).status).toBe(400);
    const settings = async () =>
      (
        await server.request<Record<string, { digest: boolean }>>(
          'GET',
          '/api/notifications/settings',
          { token: reader.token },
        )
      ).body;
    expect((await settings()).follow?.digest).toBe(true);

    const page = await server.request<string>('GET', url(token));
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toMatch(/^text\/html/);
    expect(page.body).toContain('<form method="post">');
    // Opening the page changed nothing.
    expect((await settings()).follow?.digest).toBe(true);

    const done = await oneClick(token);
    expect(done.status).toBe(200);
    expect(done.body).toContain('You are unsubscribed');
    const after = await settings();
    expect(Object.values(after).filter((channels) => channels.digest)).toEqual([]);
    // Idempotent: a second click answers the same.
    expect((await oneClick(token)).status).toBe(200);

    await followed(reader, 'dg_fan_seven');
    toNextMorning();
    expect((await runDigest()).map((m) => m.to)).not.toContain(mailTo(reader));
  });

  it('the tokens go with the account', async () => {
    const leaver = await server.signUp('dg_leaver');
    await digestOn(leaver, 'follow');
    await followed(leaver, 'dg_fan_eight');
    toNextMorning();
    expect((await runDigest()).map((m) => m.to)).toContain(mailTo(leaver));
    const tokens = () =>
      server.app.database.db
        .selectFrom('digest_tokens')
        .select('token_hash')
        .where('user_id', '=', leaver.user.id)
        .execute();
    expect(await tokens()).toHaveLength(1);
    const res = await server.request('DELETE', '/api/account', {
      token: leaver.token,
      body: { password: 'secret123' },
    });
    expect(res.status).toBe(200);
    expect(await tokens()).toEqual([]);
  });

  it('runs at 08:00 in India: the next run is the coming 08:00 IST, and a run before it sends nothing', async () => {
    expect(nextDigestTime(new Date('2026-11-27T02:00:00Z')).toISOString()).toBe(
      '2026-11-27T02:30:00.000Z',
    );
    expect(nextDigestTime(new Date('2026-11-27T02:30:00Z')).toISOString()).toBe(
      '2026-11-28T02:30:00.000Z',
    );
    const early = await server.signUp('dg_early');
    await digestOn(early, 'follow');
    await followed(early, 'dg_fan_nine');
    toNextMorning();
    // 07:59 IST the next day: too early, whatever is due.
    clock = new Date(clock.getTime() + 24 * HOUR_MS - 60_000);
    await server.app.scheduler.schedule({ kind: DIGEST_JOB, key: 'daily', dueAt: clock });
    expect(await runDigest()).toEqual([]);
    clock = new Date(clock.getTime() + 60_000);
    expect((await runDigest()).map((m) => m.to)).toContain(mailTo(early));
  });

  it('mails no suspended member', async () => {
    const suspended = await server.signUp('dg_suspended');
    await digestOn(suspended, 'follow');
    await followed(suspended, 'dg_fan_ten');
    // As an operator's suspension leaves it (admin module), straight in the database.
    await server.app.database.db
      .updateTable('users')
      .set({ suspended_at: new Date().toISOString() })
      .where('id', '=', suspended.user.id)
      .execute();
    toNextMorning();
    const sent = await runDigest();
    expect(sent.length).toBeGreaterThan(0);
    expect(sent.map((m) => m.to)).not.toContain(mailTo(suspended));
  });
});

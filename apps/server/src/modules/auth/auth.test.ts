import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LoginResponse, SessionUser } from '@gameon/shared';
import { startServer, type TestServer } from '../../../test/harness.js';

let server: TestServer;
beforeAll(async () => {
  server = await startServer();
});
afterAll(() => server.close());

const signupBody = (username: string, email: string) => ({
  username,
  email,
  password: 'secret123',
  bio: 'Plays on weekends',
  sports: ['Football', ' Cricket ', ''],
  tags: ['weekend'],
});

describe('sign-up with an e-mail code', () => {
  it('mails a 6-digit code and creates the account only once it is verified', async () => {
    const sent = await server.request('POST', '/api/auth/send-otp', {
      body: signupBody('asha', 'Asha@Example.test'),
    });
    expect(sent.status).toBe(200);
    expect(sent.body).toMatchObject({ success: true });

    const mail = await server.mail.waitFor('asha@example.test');
    expect(mail.from).toContain('GameOn');
    expect(mail.html).toContain('<');
    const otp = await server.mail.codeFor('asha@example.test');
    expect(otp).toMatch(/^\d{6}$/);

    // Before verification there is no account to sign in to.
    const early = await server.request('POST', '/api/auth/login', {
      body: { email: 'asha@example.test', password: 'secret123' },
    });
    expect(early.status).toBe(401);

    const verified = await server.request<LoginResponse & { success: boolean; message: string }>(
      'POST',
      '/api/auth/verify-otp',
      {
        body: { email: 'ASHA@example.test', otp },
      },
    );
    expect(verified.status).toBe(200);
    expect(verified.body.success).toBe(true);
    expect(verified.body.user).toMatchObject({
      username: 'asha',
      email: 'asha@example.test',
      sports: ['Football', 'Cricket'],
      tags: ['weekend'],
    });
    expect(verified.body.token.length).toBeGreaterThanOrEqual(40);

    const me = await server.request<SessionUser>('GET', '/api/auth/me', {
      token: verified.body.token,
    });
    expect(me.status).toBe(200);
    expect(me.body.username).toBe('asha');

    // The code is single-use.
    const again = await server.request('POST', '/api/auth/verify-otp', {
      body: { email: 'asha@example.test', otp },
    });
    expect(again.status).toBe(404);
  });

  it('keeps the pending password hashed with argon2id, never in plain text', async () => {
    await server.request('POST', '/api/auth/send-otp', {
      body: signupBody('hashcheck', 'hashcheck@example.test'),
    });
    const row = await server.app.database.db
      .selectFrom('pending_signups')
      .selectAll()
      .where('email', '=', 'hashcheck@example.test')
      .executeTakeFirstOrThrow();
    expect(row.password_hash).toMatch(/^\$argon2id\$/);
    expect(JSON.stringify(row)).not.toContain('secret123');
    const code = await server.mail.codeFor('hashcheck@example.test');
    const otpRow = await server.app.database.db
      .selectFrom('otp_codes')
      .selectAll()
      .where('email', '=', 'hashcheck@example.test')
      .executeTakeFirstOrThrow();
    expect(JSON.stringify(otpRow)).not.toContain(code);
  });

  it('burns a code after 5 wrong tries, so even the right code then fails', async () => {
    const email = 'guesser@example.test';
    await server.request('POST', '/api/auth/send-otp', { body: signupBody('guesser', email) });
    const otp = await server.mail.codeFor(email);
    const wrong = otp === '000000' ? '111111' : '000000';
    const messages: string[] = [];
    for (let i = 0; i < 5; i++) {
      const res = await server.request<{ message: string }>('POST', '/api/auth/verify-otp', {
        body: { email, otp: wrong },
      });
      expect(res.status).toBe(400);
      messages.push(res.body.message);
    }
    expect(messages[0]).toBe('Invalid code. 4 attempts left.');
    expect(messages[4]).toBe('Too many wrong attempts. Please request a new code.');
    const right = await server.request('POST', '/api/auth/verify-otp', { body: { email, otp } });
    expect(right.status).toBe(400);

    // A resend issues a fresh code that works.
    const resent = await server.request('POST', '/api/auth/resend-otp', { body: { email } });
    expect(resent.status).toBe(200);
    const fresh = await server.mail.codeFor(email, 2);
    const ok = await server.request('POST', '/api/auth/verify-otp', {
      body: { email, otp: fresh },
    });
    expect(ok.status).toBe(200);
  });

  it('refuses a taken username whatever the case; a taken e-mail is answered like a free one', async () => {
    await server.signUp('taken');
    // Membership is not enumerable: enumeration.test.ts has the whole answer.
    const byEmail = await server.request('POST', '/api/auth/send-otp', {
      body: signupBody('someoneelse', 'TAKEN@example.test'),
    });
    expect(byEmail.status).toBe(200);
    const byName = await server.request<{ errors: { field: string }[] }>(
      'POST',
      '/api/auth/send-otp',
      {
        body: signupBody('TAKEN', 'other@example.test'),
      },
    );
    expect(byName.status).toBe(409);
    expect(byName.body.errors.map((e) => e.field)).toEqual(['username']);
  });

  it('POST /auth/register starts the code flow and never answers a token', async () => {
    const res = await server.request<Record<string, unknown>>('POST', '/api/auth/register', {
      body: signupBody('viaregister', 'viaregister@example.test'),
    });
    expect(res.status).toBe(200);
    expect(res.body).not.toHaveProperty('token');
    expect(await server.mail.codeFor('viaregister@example.test')).toMatch(/^\d{6}$/);
    const login = await server.request('POST', '/api/auth/login', {
      body: { email: 'viaregister@example.test', password: 'secret123' },
    });
    expect(login.status).toBe(401);
  });
});

describe('sessions', () => {
  it('logs in by e-mail in any case, and logout revokes the token and its sockets', async () => {
    await server.signUp('meera');
    const login = await server.request<LoginResponse>('POST', '/api/auth/login', {
      body: { email: 'MEERA@example.test', password: 'secret123' },
    });
    expect(login.status).toBe(200);
    const { token } = login.body;
    const socket = await server.connect(token);
    const disconnected = new Promise<string>((resolve) =>
      socket.once('disconnect', (reason) => resolve(reason)),
    );

    const out = await server.request('POST', '/api/auth/logout', { token });
    expect(out.status).toBe(200);
    expect(await disconnected).toBe('io server disconnect');
    const me = await server.request('GET', '/api/auth/me', { token });
    expect(me.status).toBe(401);
  });

  it('refuses a wrong password and an unknown e-mail with the same answer', async () => {
    await server.signUp('kabir');
    const wrong = await server.request('POST', '/api/auth/login', {
      body: { email: 'kabir@example.test', password: 'nope12345' },
    });
    const unknown = await server.request('POST', '/api/auth/login', {
      body: { email: 'nobody@example.test', password: 'nope12345' },
    });
    expect(wrong.status).toBe(401);
    expect(unknown.status).toBe(401);
    expect(wrong.body).toEqual(unknown.body);
  });

  it('answers 401 without a token or with a bad one', async () => {
    expect((await server.request('GET', '/api/auth/me')).status).toBe(401);
    expect((await server.request('GET', '/api/auth/me', { token: 'not-a-token' })).status).toBe(
      401,
    );
    expect(
      (await server.request('GET', '/api/auth/me', { headers: { authorization: 'Basic abc' } }))
        .status,
    ).toBe(401);
  });
});

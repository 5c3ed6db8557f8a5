import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LoginResponse } from '@gameon/shared';
import { startServer, type TestServer } from '../../../test/harness.js';

let server: TestServer;
beforeAll(async () => {
  server = await startServer();
});
afterAll(() => server.close());

const login = (email: string, password: string) =>
  server.request<LoginResponse>('POST', '/api/auth/login', { body: { email, password } });

const disconnection = (socket: Awaited<ReturnType<TestServer['connect']>>) =>
  new Promise<string>((resolve) => socket.once('disconnect', resolve));

describe('password reset', () => {
  it('resets with the mailed code, the token works once, and every old session and socket is signed out', async () => {
    const { token: oldToken } = await server.signUp('resetter');
    const email = 'resetter@example.test';
    const socket = await server.connect(oldToken);
    const gone = disconnection(socket);

    const forgot = await server.request('POST', '/api/auth/forgot-password', {
      body: { email: 'Resetter@Example.test' },
    });
    expect(forgot).toMatchObject({ status: 200, body: { success: true } });
    const mail = await server.mail.waitFor(email, 2);
    expect(mail.subject).toContain('password reset code');
    const otp = await server.mail.codeFor(email, 2);

    const verified = await server.request<{ success: boolean; resetToken: string }>(
      'POST',
      '/api/auth/verify-reset-otp',
      { body: { email, otp } },
    );
    expect(verified.status).toBe(200);
    expect(verified.body.resetToken.length).toBeGreaterThanOrEqual(40);
    // The code is used up by the exchange.
    expect(
      (await server.request('POST', '/api/auth/verify-reset-otp', { body: { email, otp } })).status,
    ).toBe(400);

    const reset = await server.request('POST', '/api/auth/reset-password', {
      body: { email, resetToken: verified.body.resetToken, newPassword: 'brandnew1' },
    });
    expect(reset).toMatchObject({ status: 200, body: { success: true } });
    const again = await server.request<{ message: string }>('POST', '/api/auth/reset-password', {
      body: { email, resetToken: verified.body.resetToken, newPassword: 'another1' },
    });
    expect(again.status).toBe(400);
    expect(again.body.message).toBe('Reset link is invalid or has expired. Please start again.');

    expect(await gone).toBe('io server disconnect');
    expect((await server.request('GET', '/api/auth/me', { token: oldToken })).status).toBe(401);
    expect((await login(email, 'secret123')).status).toBe(401);
    expect((await login(email, 'brandnew1')).status).toBe(200);
  });

  it('answers forgot-password for an unknown e-mail exactly as for a known one, and mails nobody', async () => {
    await server.signUp('known');
    const mailsBefore = server.mail.mails.length;
    const known = await server.request('POST', '/api/auth/forgot-password', {
      body: { email: 'known@example.test' },
    });
    const unknown = await server.request('POST', '/api/auth/forgot-password', {
      body: { email: 'ghost@example.test' },
    });
    expect(unknown.status).toBe(known.status);
    expect(unknown.body).toEqual(known.body);
    await server.mail.waitFor('known@example.test', 2);
    expect(server.mail.mails.slice(mailsBefore).map((m) => m.to)).toEqual(['known@example.test']);
    // Guessing a code for the unknown address gets the same answer as a wrong code.
    const guess = await server.request('POST', '/api/auth/verify-reset-otp', {
      body: { email: 'ghost@example.test', otp: '123456' },
    });
    expect(guess.status).toBe(400);
  });

  it('replaces an older reset code with a new one, and keeps reset and sign-up codes apart', async () => {
    await server.signUp('twice');
    const email = 'twice@example.test';
    await server.request('POST', '/api/auth/forgot-password', { body: { email } });
    const first = await server.mail.codeFor(email, 2);
    await server.request('POST', '/api/auth/forgot-password', { body: { email } });
    const second = await server.mail.codeFor(email, 3);
    if (first !== second) {
      expect(
        (
          await server.request('POST', '/api/auth/verify-reset-otp', {
            body: { email, otp: first },
          })
        ).status,
      ).toBe(400);
    }
    // A reset code does not verify a sign-up (there is none pending) ...
    expect(
      (await server.request('POST', '/api/auth/verify-otp', { body: { email, otp: second } }))
        .status,
    ).toBe(404);
    // ... and is still good for the reset.
    expect(
      (await server.request('POST', '/api/auth/verify-reset-otp', { body: { email, otp: second } }))
        .status,
    ).toBe(200);
  });

  it('refuses an expired reset token and one for another e-mail', async () => {
    await server.signUp('expiring');
    await server.signUp('bystander');
    const email = 'expiring@example.test';
    await server.request('POST', '/api/auth/forgot-password', { body: { email } });
    const otp = await server.mail.codeFor(email, 2);
    const { body } = await server.request<{ resetToken: string }>(
      'POST',
      '/api/auth/verify-reset-otp',
      { body: { email, otp } },
    );
    const other = await server.request('POST', '/api/auth/reset-password', {
      body: {
        email: 'bystander@example.test',
        resetToken: body.resetToken,
        newPassword: 'hijacked1',
      },
    });
    expect(other.status).toBe(400);
    expect((await login('bystander@example.test', 'secret123')).status).toBe(200);

    await server.request('POST', '/api/auth/forgot-password', { body: { email } });
    const otp2 = await server.mail.codeFor(email, 3);
    const fresh = await server.request<{ resetToken: string }>(
      'POST',
      '/api/auth/verify-reset-otp',
      { body: { email, otp: otp2 } },
    );
    await server.app.database.db
      .updateTable('password_resets')
      .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
      .execute();
    const expired = await server.request('POST', '/api/auth/reset-password', {
      body: { email, resetToken: fresh.body.resetToken, newPassword: 'toolate1' },
    });
    expect(expired.status).toBe(400);
  });
});

describe('password change', () => {
  it('needs the current password, keeps this session and signs out the others with their sockets', async () => {
    const first = await server.signUp('changer');
    const email = 'changer@example.test';
    const second = (await login(email, 'secret123')).body;
    const otherSocket = await server.connect(second.token);
    const gone = disconnection(otherSocket);

    const wrong = await server.request<{ message: string }>(
      'POST',
      '/api/settings/change-password',
      {
        token: first.token,
        body: { currentPassword: 'not-it', newPassword: 'changed1' },
      },
    );
    expect(wrong.status).toBe(400);
    expect(wrong.body.message).toBe('Current password is incorrect');
    const short = await server.request('POST', '/api/settings/change-password', {
      token: first.token,
      body: { currentPassword: 'secret123', newPassword: '123' },
    });
    expect(short.status).toBe(400);

    const changed = await server.request('POST', '/api/settings/change-password', {
      token: first.token,
      body: { currentPassword: 'secret123', newPassword: 'changed1' },
    });
    expect(changed).toMatchObject({
      status: 200,
      body: { success: true, message: 'Password changed successfully' },
    });
    expect(await gone).toBe('io server disconnect');
    expect((await server.request('GET', '/api/auth/me', { token: second.token })).status).toBe(401);
    expect((await server.request('GET', '/api/auth/me', { token: first.token })).status).toBe(200);
    expect((await login(email, 'changed1')).status).toBe(200);
    expect(
      (
        await server.request('POST', '/api/settings/change-password', {
          body: { currentPassword: 'a', newPassword: 'bbbbbb' },
        })
      ).status,
    ).toBe(401);
  });
});

/**
 * Sign-up does not reveal membership: send-otp and register answer a registered
 * address exactly as a free one and mail it "you already have an account" instead of a code;
 * every next step answers as it would for a free address.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signupBody, startServer, type TestServer } from '../../../test/harness.js';
import { storeCode } from './otp.service.js';

const PUBLIC_URL = 'https://gameon.example';
let server: TestServer;
beforeAll(async () => {
  server = await startServer({ PUBLIC_URL });
});
afterAll(() => server.close());

describe('sign-up and membership', () => {
  it('answers a registered address as an unregistered one, and mails it a sign-in notice', async () => {
    await server.signUp('enum_member');
    for (const route of ['/api/auth/send-otp', '/api/auth/register']) {
      const registered = await server.request('POST', route, {
        body: signupBody(`enum_new${route.length}`, 'enum_member@example.test'),
      });
      const unregistered = await server.request('POST', route, {
        body: signupBody(`enum_free${route.length}`, `enum_free${route.length}@example.test`),
      });
      expect(registered.status).toBe(200);
      expect(registered.status).toBe(unregistered.status);
      expect(registered.body).toEqual(unregistered.body);
    }
    // The sign-up code mail, then the two notices.
    const notice = await server.mail.waitFor('enum_member@example.test', 2);
    expect(notice.subject).toBe('You already have a GameOn account');
    expect(notice.text).toContain(`${PUBLIC_URL}/login`);
    expect(notice.text).toContain(`${PUBLIC_URL}/forgot-password`);
    expect(notice.text).not.toMatch(/\b\d{6}\b/);
    await server.mail.waitFor('enum_member@example.test', 3);
  });

  it('answers a wrong code for a registered address as for a free one', async () => {
    await server.signUp('enum_wrong');
    const answers = [];
    for (const email of ['enum_wrong@example.test', 'enum_wrongfree@example.test']) {
      await server.request('POST', '/api/auth/send-otp', {
        body: signupBody(`enum_x${answers.length}`, email),
      });
      answers.push(
        await server.request('POST', '/api/auth/verify-otp', { body: { email, otp: '000000' } }),
      );
    }
    // A real code is never 000000 twice in a row by chance: both are wrong codes.
    expect(answers[0]?.status).toBe(400);
    expect(answers[0]?.status).toBe(answers[1]?.status);
    expect(answers[0]?.body).toEqual(answers[1]?.body);
  });

  it('a sign-up that completes with a right code for a registered address fails like a spent code', async () => {
    await server.signUp('enum_right');
    const email = 'enum_right@example.test';
    const started = await server.request('POST', '/api/auth/send-otp', {
      body: signupBody('enum_second', email),
    });
    expect(started.status).toBe(200);
    // The code nobody receives, replaced by one the test knows.
    const otp = await storeCode(server.app.database.db, email, 'signup');
    const res = await server.request<{ message: string; token?: string }>(
      'POST',
      '/api/auth/verify-otp',
      { body: { email, otp } },
    );
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('Invalid or expired code. Please request a new one.');
    expect(res.body).not.toHaveProperty('token');
    const profile = await server.request('GET', '/api/users/search?q=enum_second', {
      token: (await server.signUp('enum_look')).token,
    });
    expect(JSON.stringify(profile.body)).not.toContain('enum_second');
  });

  it('still says a taken username plainly (usernames are public)', async () => {
    await server.signUp('enum_name');
    const res = await server.request<{ errors: { field: string }[] }>(
      'POST',
      '/api/auth/send-otp',
      { body: signupBody('ENUM_NAME', 'enum_other@example.test') },
    );
    expect(res.status).toBe(409);
    expect(res.body.errors.map((e) => e.field)).toEqual(['username']);
  });
});

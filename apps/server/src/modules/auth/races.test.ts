/**
 * Concurrency and enumeration (a review of sign-up and sign-in): limits hold under parallel
 * requests, a code is used once, racing sign-ups never 500, a pending sign-up cannot be taken
 * over, and the reset flow answers unknown addresses exactly like known ones.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signupBody, startServer, type TestServer } from '../../../test/harness.js';
import { RATE_LIMITS } from '../../lib/rate-limit.js';

let server: TestServer;
beforeAll(async () => {
  server = await startServer({ RATE_LIMITS: 'off' });
});
afterAll(() => server.close());

describe('codes under concurrent guesses', () => {
  it('checks at most 5 guesses of a code however many arrive at once', async () => {
    await server.signUp('parallel');
    const email = 'parallel@example.test';
    await server.request('POST', '/api/auth/forgot-password', { body: { email } });
    const otp = await server.mail.codeFor(email, 2);
    const wrong = otp === '000000' ? '111111' : '000000';
    const guesses = Array.from({ length: 30 }, (_, i) => (i === 20 ? otp : wrong));
    const answers = await Promise.all(
      guesses.map((guess) =>
        server.request<{ message?: string }>('POST', '/api/auth/verify-reset-otp', {
          body: { email, otp: guess },
        }),
      ),
    );
    const checked = answers.filter(
      (a) => a.body.message !== 'Too many wrong attempts. Please request a new code.',
    );
    expect(checked.length).toBeLessThanOrEqual(5);
  });

  it('lets only one of several requests with the right code through', async () => {
    await server.signUp('doubletap');
    const email = 'doubletap@example.test';
    await server.request('POST', '/api/auth/forgot-password', { body: { email } });
    const otp = await server.mail.codeFor(email, 2);
    const answers = await Promise.all(
      Array.from({ length: 4 }, () =>
        server.request('POST', '/api/auth/verify-reset-otp', { body: { email, otp } }),
      ),
    );
    expect(answers.filter((a) => a.status === 200)).toHaveLength(1);
  });
});

describe('sign-ups', () => {
  it('two sign-ups racing for one username: one account, the other a 409, never a 500', async () => {
    await server.request('POST', '/api/auth/send-otp', {
      body: signupBody('samename', 'first@example.test'),
    });
    await server.request('POST', '/api/auth/send-otp', {
      body: signupBody('samename', 'second@example.test'),
    });
    const [a, b] = await Promise.all([
      server.mail.codeFor('first@example.test'),
      server.mail.codeFor('second@example.test'),
    ]);
    const answers = await Promise.all([
      server.request('POST', '/api/auth/verify-otp', {
        body: { email: 'first@example.test', otp: a },
      }),
      server.request('POST', '/api/auth/verify-otp', {
        body: { email: 'second@example.test', otp: b },
      }),
    ]);
    expect(answers.map((r) => r.status).sort()).toEqual([200, 409]);
  });

  it('a live pending sign-up cannot be replaced without its password', async () => {
    const email = 'victim@example.test';
    expect(
      (
        await server.request('POST', '/api/auth/send-otp', {
          body: signupBody('victim', email, 'victimpass'),
        })
      ).status,
    ).toBe(200);
    const takeover = await server.request('POST', '/api/auth/send-otp', {
      body: signupBody('attacker', email, 'attackerpass'),
    });
    expect(takeover.status).toBe(409);
    // The same person may correct the form (same password), e.g. a new username.
    expect(
      (
        await server.request('POST', '/api/auth/send-otp', {
          body: signupBody('victim2', email, 'victimpass'),
        })
      ).status,
    ).toBe(200);
    const mail = await server.mail.waitFor(email, 2);
    expect(mail.text).toContain('victim2');
  });
});

describe('no account enumeration in the reset flow', () => {
  it('answers a wrong code for an unknown address exactly as for a known one', async () => {
    await server.signUp('realperson');
    for (const email of ['realperson@example.test', 'nosuchperson@example.test']) {
      await server.request('POST', '/api/auth/forgot-password', { body: { email } });
    }
    await server.mail.waitFor('realperson@example.test', 2);
    const known = await server.request('POST', '/api/auth/verify-reset-otp', {
      body: { email: 'realperson@example.test', otp: '999999' },
    });
    const unknown = await server.request('POST', '/api/auth/verify-reset-otp', {
      body: { email: 'nosuchperson@example.test', otp: '999999' },
    });
    // (A 1-in-a-million chance that 999999 is the real code would make `known` a 200.)
    expect(unknown.status).toBe(known.status);
    expect(unknown.body).toEqual(known.body);
  });
});

describe('client IP behind a proxy', () => {
  it('TRUST_PROXY=1 takes the address the load balancer saw, not what the client wrote first', async () => {
    const proxied = await startServer({ TRUST_PROXY: '1', RATE_LIMITS: 'on' });
    try {
      const { points } = RATE_LIMITS.codeMailsPerIp;
      const statuses: number[] = [];
      for (let i = 0; i <= points; i++) {
        const res = await proxied.request('POST', '/api/auth/send-otp', {
          body: signupBody(`spoof${i}`, `spoof${i}@example.test`),
          headers: { 'x-forwarded-for': `10.0.0.${i}, 203.0.113.9` },
        });
        statuses.push(res.status);
      }
      // Every spoofed left-most address shares the one the load balancer saw: one bucket.
      expect(statuses.slice(0, points).every((s) => s === 200)).toBe(true);
      expect(statuses[points]).toBe(429);
    } finally {
      await proxied.close();
    }
  });
});

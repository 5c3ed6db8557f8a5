/**
 * Rate limits: 429 at the stated counts, per e-mail address and per inbox, per (account,
 * client IP) and per client IP; never per account alone. The server trusts X-Forwarded-For (TRUST_PROXY), as behind a load balancer, so each
 * test speaks from its own client IP.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signupBody, startServer, type TestServer } from '../../../test/harness.js';
import { RATE_LIMITS } from '../../lib/rate-limit.js';

let server: TestServer;
beforeAll(async () => {
  server = await startServer({ TRUST_PROXY: 'true', RATE_LIMITS: 'on' });
});
afterAll(() => server.close());

const from = (ip: string) => ({ 'x-forwarded-for': ip });
/** A sign-up body for member `rl_<n>`. */
const rlSignup = (n: string) => signupBody(`rl_${n}`, `rl_${n}@example.test`);

describe('rate limits', () => {
  it('allows 5 code e-mails to one address per 30 minutes, then 429 with a message the form shows', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 5; i++) {
      const route = i % 2 === 0 ? '/api/auth/send-otp' : '/api/auth/resend-otp';
      const body = i % 2 === 0 ? rlSignup('mailbox') : { email: 'rl_mailbox@example.test' };
      statuses.push(
        (await server.request('POST', route, { body, headers: from(`198.51.100.${i + 1}`) }))
          .status,
      );
    }
    expect(statuses).toEqual([200, 200, 200, 200, 200]);
    const sixth = await server.request<{ success: boolean; message: string }>(
      'POST',
      '/api/auth/forgot-password',
      {
        body: { email: 'rl_mailbox@example.test' },
        headers: from('198.51.100.99'),
      },
    );
    expect(sixth.status).toBe(429);
    expect(sixth.body.success).toBe(false);
    expect(sixth.body.message).toMatch(/^Too many attempts\. Please try again in \d+ minutes?\.$/);
  });

  it('delivers at most 5 code e-mails to one inbox across 20 sub-addressed spellings of it', async () => {
    const { points } = RATE_LIMITS.codeMailsPerEmail;
    // Each inbox is matched by how its mail server delivers, not by the server's own key.
    const inboxes = [
      {
        spellings: Array.from({ length: 20 }, (_, i) => `rl_victim+${i + 1}@example.test`),
        delivers: /^rl_victim(\+[^@]*)?@example\.test$/,
      },
      {
        spellings: Array.from({ length: 20 }, (_, i) => {
          const local = i % 2 === 0 ? 'rl.vic.tim' : `r.lvictim+${i}`;
          return `${local}@${i % 3 === 0 ? 'googlemail.com' : 'gmail.com'}`;
        }),
        delivers: /^[rlvictim.]+(\+[^@]*)?@(gmail|googlemail)\.com$/,
      },
    ];
    for (const [n, { spellings, delivers }] of inboxes.entries()) {
      const statuses: number[] = [];
      for (const [i, email] of spellings.entries()) {
        const res = await server.request<{ message: string }>('POST', '/api/auth/send-otp', {
          body: signupBody(`rl_flood${n}_${i}`, email),
          headers: from('203.0.113.150'),
        });
        statuses.push(res.status);
        if (res.status === 429)
          expect(res.body.message).toMatch(
            /^Too many attempts\. Please try again in \d+ minutes?\.$/,
          );
      }
      expect(statuses.filter((s) => s === 200)).toHaveLength(points);
      expect(statuses.filter((s) => s === 429)).toHaveLength(spellings.length - points);
      expect(server.mail.mails.filter((m) => delivers.test(m.to))).toHaveLength(points);
    }
    // Another inbox on the same domain still gets its code.
    const neighbour = await server.request('POST', '/api/auth/send-otp', {
      body: signupBody('rl_victims_friend', 'rl_victims_friend+games@example.test'),
      headers: from('203.0.113.150'),
    });
    expect(neighbour.status).toBe(200);
    await server.mail.waitFor('rl_victims_friend+games@example.test');
  });

  it('allows 100 sign-up codes from one IP per 30 minutes; other IPs are unaffected', async () => {
    const { points } = RATE_LIMITS.codeMailsPerIp;
    expect(points).toBe(100);
    for (let i = 0; i < points; i++) {
      const res = await server.request('POST', '/api/auth/send-otp', {
        body: rlSignup(`ip${i}`),
        headers: from('203.0.113.7'),
      });
      expect(res.status).toBe(200);
    }
    const oneMore = await server.request('POST', '/api/auth/send-otp', {
      body: rlSignup(`ip${points}`),
      headers: from('203.0.113.7'),
    });
    expect(oneMore.status).toBe(429);
    const elsewhere = await server.request('POST', '/api/auth/send-otp', {
      body: rlSignup(`ip${points}`),
      headers: from('203.0.113.8'),
    });
    expect(elsewhere.status).toBe(200);
    // A hundred sign-ups, each with its password hashed: long on a busy two-core machine.
  }, 120_000);

  it('ten wrong passwords from one IP do not keep the owner out on another network', async () => {
    await server.signUp('rl_owner');
    const email = 'rl_owner@example.test';
    for (let i = 0; i < 10; i++) {
      const res = await server.request('POST', '/api/auth/login', {
        body: { email, password: 'wrong-one' },
        headers: from('192.0.2.66'),
      });
      expect(res.status).toBe(401);
    }
    const owner = await server.request<{ token?: string }>('POST', '/api/auth/login', {
      body: { email, password: 'secret123' },
      headers: from('198.51.100.200'),
    });
    expect(owner.status).toBe(200);
    expect(owner.body.token).toEqual(expect.any(String));
  });

  it('locks the (account, IP) pair after 10 failures, even for the right password; the pair only', async () => {
    await server.signUp('rl_account');
    const email = 'rl_account@example.test';
    for (let i = 0; i < 10; i++) {
      const res = await server.request('POST', '/api/auth/login', {
        body: { email, password: 'wrong-one' },
        headers: from('192.0.2.50'),
      });
      expect(res.status).toBe(401);
    }
    const locked = await server.request<{ success: boolean; message: string }>(
      'POST',
      '/api/auth/login',
      { body: { email, password: 'secret123' }, headers: from('192.0.2.50') },
    );
    expect(locked.status).toBe(429);
    expect(locked.body.message).toMatch(/^Too many attempts\. Please try again in \d+ minutes?\.$/);
    // Another member behind the same IP still signs in.
    await server.signUp('rl_neighbour');
    const neighbour = await server.request('POST', '/api/auth/login', {
      body: { email: 'rl_neighbour@example.test', password: 'secret123' },
      headers: from('192.0.2.50'),
    });
    expect(neighbour.status).toBe(200);
  });

  it('remembers the addresses an account signed in from, in sign_in_addresses', async () => {
    const { user } = await server.signUp('rl_known');
    const signedIn = await server.request('POST', '/api/auth/login', {
      body: { email: 'rl_known@example.test', password: 'secret123' },
      headers: from('203.0.113.77'),
    });
    expect(signedIn.status).toBe(200);
    const rows = await server.app.database.db
      .selectFrom('sign_in_addresses')
      .select('ip')
      .where('user_id', '=', user.id)
      .execute();
    expect(rows.map((r) => r.ip)).toContain('203.0.113.77');
  });

  it('is off with RATE_LIMITS=off (load tests only)', async () => {
    const open = await startServer({ RATE_LIMITS: 'off' });
    try {
      for (let i = 0; i < 6; i++) {
        const res = await open.request('POST', '/api/auth/forgot-password', {
          body: { email: 'loadtest@example.test' },
        });
        expect(res.status).toBe(200);
      }
    } finally {
      await open.close();
    }
  });
});

/**
 * The cost split over a real server on SQLite (and PostgreSQL with TEST_DIALECT) and real HTTP:
 * shares computed from the joined players as they are, paid amounts kept through joins and
 * leaves, the QR code in the answer decoded to exactly the link, who sees the UPI ID and who
 * paid (a stranger, a waitlisted member and members blocked either way see none of it), the
 * host's confirmations, input checks, account deletion, suspension and the per-member limits
 * (the log: test/costs-log.test.ts).
 */
import jsQR from 'jsqr';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { GameCost, LoginResponse, Post } from '@gameon/shared';
import { startServer, type TestServer } from '../../../test/harness.js';

let server: TestServer;
let operator: LoginResponse;
let serial = 0;

beforeAll(async () => {
  server = await startServer({ ADMIN_EMAILS: 'cstoperator@example.test' });
  operator = await server.signUp('cstoperator');
});
afterAll(() => server.close());

/** A new member, `name` made unique. */
function member(name: string): Promise<LoginResponse> {
  serial += 1;
  return server.signUp(`${name}${serial}`);
}

const saveUpi = (who: LoginResponse, upiId: string) =>
  server.request<{ upi_id: string | null }>('PUT', '/api/settings/upi', {
    token: who.token,
    body: { upiId },
  });

const join = async (who: LoginResponse, game: Post) => {
  const res = await server.request('POST', `/api/posts/${game.id}/interest`, { token: who.token });
  expect(res.status).toBe(200);
};
const leave = async (who: LoginResponse, game: Post) => {
  const res = await server.request('DELETE', `/api/posts/${game.id}/interest`, {
    token: who.token,
  });
  expect(res.status).toBe(200);
};

const view = (who: LoginResponse, game: Post) =>
  server.request<GameCost>('GET', `/api/posts/${game.id}/cost`, { token: who.token });
const setCost = (who: LoginResponse, game: Post, kind: string, amountPaise: unknown) =>
  server.request<GameCost>('PUT', `/api/posts/${game.id}/cost`, {
    token: who.token,
    body: { kind, amountPaise },
  });
const markPaid = (who: LoginResponse, game: Post) =>
  server.request<GameCost>('POST', `/api/posts/${game.id}/cost/paid`, { token: who.token });
const confirm = (host: LoginResponse, game: Post, player: LoginResponse, confirmed: boolean) =>
  server.request<GameCost>('PUT', `/api/posts/${game.id}/cost/payments/${player.user.id}`, {
    token: host.token,
    body: { confirmed },
  });

/** A host with a UPI ID and their game of `playersNeeded`, joined by `players` new members. */
async function gameWith(playersNeeded: number, players: number, upiId = 'turfhost@okaxis') {
  const host = await member('csthost');
  expect((await saveUpi(host, upiId)).status).toBe(200);
  const game = await server.createPost(host.token, { heading: 'Sunday 5-a-side', playersNeeded });
  const joined: LoginResponse[] = [];
  for (let i = 0; i < players; i += 1) {
    const player = await member('cstplayer');
    await join(player, game);
    joined.push(player);
  }
  return { host, game, players: joined };
}

/** The text of the QR code in a PNG data URL, read from its pixels. */
async function decodeQr(dataUrl: string): Promise<string | undefined> {
  const png = Buffer.from(dataUrl.replace(/^data:image\/png;base64,/, ''), 'base64');
  const { data, info } = await sharp(png).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  return jsQR(new Uint8ClampedArray(data), info.width, info.height)?.data;
}

describe('shares', () => {
  it('₹1,500 between the host and 6 players: ₹214.28 each, ₹0.04 shown to the host alone', async () => {
    const { host, game, players } = await gameWith(6, 6);
    const set = await setCost(host, game, 'total', 150_000);
    expect(set.status).toBe(200);
    expect(set.body.cost).toEqual({
      kind: 'total',
      amount_paise: 150_000,
      people: 7,
      share_paise: 21_428,
      total_paise: 150_000,
      remainder_paise: 4,
    });
    expect(set.body.payments).toHaveLength(6);
    const seen = await view(players[0]!, game);
    expect(seen.status).toBe(200);
    expect(seen.body.cost).toMatchObject({ share_paise: 21_428, remainder_paise: null });
    expect(seen.body.mine).toMatchObject({ share_paise: 21_428, paid_paise: null });
  });

  it('a join after two have paid recomputes the shares and keeps their paid amounts', async () => {
    const { host, game, players } = await gameWith(8, 5);
    await setCost(host, game, 'total', 150_000);
    expect((await markPaid(players[0]!, game)).body.mine).toMatchObject({
      share_paise: 25_000,
      paid_paise: 25_000,
    });
    await markPaid(players[1]!, game);
    const late = await member('cstlate');
    await join(late, game);
    const first = await view(players[0]!, game);
    expect(first.body.mine).toMatchObject({ share_paise: 21_428, paid_paise: 25_000 });
    const hostSees = await view(host, game);
    expect(hostSees.body.cost).toMatchObject({
      people: 7,
      share_paise: 21_428,
      remainder_paise: 4,
    });
    expect(hostSees.body.payments!.map((p) => [p.user.id, p.share_paise, p.paid_paise])).toEqual([
      [players[0]!.user.id, 21_428, 25_000],
      [players[1]!.user.id, 21_428, 25_000],
      [players[2]!.user.id, 21_428, null],
      [players[3]!.user.id, 21_428, null],
      [players[4]!.user.id, 21_428, null],
      [late.user.id, 21_428, null],
    ]);
    // A leave moves the shares back up; the paid amounts stay as they were.
    await leave(late, game);
    expect((await view(players[1]!, game)).body.mine).toMatchObject({
      share_paise: 25_000,
      paid_paise: 25_000,
    });
  });

  it('per head, each player owes the amount whoever joins', async () => {
    const { host, game, players } = await gameWith(4, 2);
    await setCost(host, game, 'per_head', 20_000);
    await join(await member('cstthird'), game);
    expect((await view(players[0]!, game)).body.cost).toMatchObject({
      kind: 'per_head',
      share_paise: 20_000,
      people: 4,
    });
  });
});

describe('the payee: UPI ID, link and QR code', () => {
  it('a joined player gets the link to their share and its QR code decodes to exactly it', async () => {
    const { host, game, players } = await gameWith(6, 6, 'ravi.kumar@okaxis');
    await setCost(host, game, 'total', 150_000);
    const { body } = await view(players[2]!, game);
    const link =
      `upi://pay?pa=ravi.kumar@okaxis&pn=${host.user.username}&am=214.28&cu=INR` +
      `&tn=Sunday%205-a-side`;
    expect(body.payee).toMatchObject({ upi_id: 'ravi.kumar@okaxis', link });
    expect(await decodeQr(body.payee!.qr_png)).toBe(link);
  });

  it('no QR code once the host forgets their UPI ID', async () => {
    const { host, game, players } = await gameWith(2, 1);
    await setCost(host, game, 'total', 90_000);
    expect(
      (await server.request('DELETE', '/api/settings/upi', { token: host.token })).body,
    ).toEqual({ upi_id: null });
    expect((await view(players[0]!, game)).body.payee).toBeNull();
  });
});

describe('who sees what', () => {
  const UPI = 'privatehost@okhdfc';

  /** Every cost route `who` could call on `game` about `player`. */
  const everyRoute = (game: Post, player: LoginResponse) =>
    [
      ['GET', `/api/posts/${game.id}/cost`, undefined],
      ['PUT', `/api/posts/${game.id}/cost`, { kind: 'total', amountPaise: 100_000 }],
      ['DELETE', `/api/posts/${game.id}/cost`, undefined],
      ['POST', `/api/posts/${game.id}/cost/paid`, undefined],
      ['DELETE', `/api/posts/${game.id}/cost/paid`, undefined],
      ['PUT', `/api/posts/${game.id}/cost/payments/${player.user.id}`, { confirmed: true }],
      // The game itself and the feed never carry the cost split.
      ['GET', `/api/posts/${game.id}`, undefined],
      ['GET', '/api/posts?lat=12.9716&lng=77.5946', undefined],
    ] as const;

  it('the UPI ID is in no answer to a stranger, a waitlisted member or members blocked either way', async () => {
    const { host, game, players } = await gameWith(3, 3, UPI);
    const [player, blockedByHost, blockingHost] = players as [
      LoginResponse,
      LoginResponse,
      LoginResponse,
    ];
    await setCost(host, game, 'total', 120_000);
    await markPaid(player, game);
    const stranger = await member('cststranger');
    const waitlisted = await member('cstwaiting');
    await join(waitlisted, game);
    const blocked = await server.request('POST', `/api/users/${blockedByHost.user.id}/block`, {
      token: host.token,
    });
    expect(blocked.status).toBe(200);
    expect(
      (
        await server.request('POST', `/api/users/${host.user.id}/block`, {
          token: blockingHost.token,
        })
      ).status,
    ).toBe(200);

    for (const [who, refused] of [
      [stranger, 403],
      [waitlisted, 403],
      [blockedByHost, 404],
      [blockingHost, 404],
    ] as const) {
      for (const [method, path, body] of everyRoute(game, player)) {
        const res = await server.request(method, path, { token: who.token, body });
        expect(JSON.stringify(res.body), `${method} ${path}`).not.toContain(UPI);
        if (path.includes('/cost')) expect(res.status, `${method} ${path}`).toBe(refused);
      }
    }
    // Nothing they tried changed the cost or the player's mark.
    const hostSees = await view(host, game);
    expect(hostSees.body.cost).toMatchObject({ amount_paise: 120_000 });
    expect(hostSees.body.payments!.find((p) => p.user.id === player.user.id)).toMatchObject({
      paid_paise: 30_000,
      confirmed: false,
    });
  });

  it('who paid: the host sees every player, a player only themselves', async () => {
    const { host, game, players } = await gameWith(3, 3);
    await setCost(host, game, 'total', 120_000);
    await markPaid(players[0]!, game);
    const own = await view(players[1]!, game);
    expect(own.body.payments).toBeNull();
    expect(own.body.mine).toMatchObject({ user: { id: players[1]!.user.id }, paid_paise: null });
    expect(JSON.stringify(own.body)).not.toContain(players[0]!.user.username);
    const hostSees = await view(host, game);
    expect(hostSees.body.mine).toBeNull();
    expect(hostSees.body.payments!.map((p) => [p.user.username, p.paid_paise])).toEqual([
      [players[0]!.user.username, 30_000],
      [players[1]!.user.username, null],
      [players[2]!.user.username, null],
    ]);
  });

  it('the host’s list leaves out a player the host blocked', async () => {
    const { host, game, players } = await gameWith(2, 2);
    await setCost(host, game, 'total', 90_000);
    await server.request('POST', `/api/users/${players[1]!.user.id}/block`, { token: host.token });
    const hostSees = await view(host, game);
    expect(hostSees.body.payments!.map((p) => p.user.id)).toEqual([players[0]!.user.id]);
    expect(hostSees.body.cost).toMatchObject({ people: 3, share_paise: 30_000 });
  });
});

describe('marks and confirmations', () => {
  it('the host confirms and un-confirms; a confirmed mark cannot be taken back by the player', async () => {
    const { host, game, players } = await gameWith(2, 2);
    const player = players[0]!;
    await setCost(host, game, 'total', 90_000);
    expect((await confirm(host, game, player, true)).body).toMatchObject({ code: 'not_paid' });
    await markPaid(player, game);
    const confirmed = await confirm(host, game, player, true);
    expect(confirmed.status).toBe(200);
    expect(confirmed.body.payments![0]).toMatchObject({ paid_paise: 30_000, confirmed: true });
    expect((await view(player, game)).body.mine).toMatchObject({ confirmed: true });
    const unmark = await server.request('DELETE', `/api/posts/${game.id}/cost/paid`, {
      token: player.token,
    });
    expect(unmark.status).toBe(400);
    expect(unmark.body).toMatchObject({ code: 'payment_confirmed' });
    expect((await confirm(host, game, player, false)).body.payments![0]).toMatchObject({
      confirmed: false,
    });
    const taken = await server.request<GameCost>('DELETE', `/api/posts/${game.id}/cost/paid`, {
      token: player.token,
    });
    expect(taken.status).toBe(200);
    expect(taken.body.mine).toMatchObject({ paid_paise: null });
  });

  it('only the host sets the cost or confirms, and the host pays no one', async () => {
    const { host, game, players } = await gameWith(2, 2);
    await setCost(host, game, 'total', 90_000);
    await markPaid(players[1]!, game);
    expect((await setCost(players[0]!, game, 'total', 100)).body).toMatchObject({
      code: 'not_author',
    });
    expect((await confirm(players[0]!, game, players[1]!, true)).body).toMatchObject({
      code: 'not_author',
    });
    expect((await markPaid(host, game)).body).toMatchObject({ code: 'host_pays' });
  });

  it('no mark before a cost is set, and removing the cost removes the marks', async () => {
    const { host, game, players } = await gameWith(2, 1);
    expect((await markPaid(players[0]!, game)).body).toMatchObject({ code: 'no_cost' });
    await setCost(host, game, 'total', 90_000);
    await markPaid(players[0]!, game);
    const removed = await server.request<GameCost>('DELETE', `/api/posts/${game.id}/cost`, {
      token: host.token,
    });
    expect(removed.body).toMatchObject({ cost: null, payee: null });
    await setCost(host, game, 'total', 90_000);
    expect((await view(players[0]!, game)).body.mine).toMatchObject({ paid_paise: null });
  });
});

describe('input', () => {
  it('a UPI ID must look like name@bank', async () => {
    const who = await member('cstinput');
    for (const bad of ['ravi', 'ravi@', '@okaxis', 'ravi@ok axis', 'ra vi@okaxis', 'ravi@1bank']) {
      const res = await saveUpi(who, bad);
      expect(res.status, bad).toBe(400);
      expect(JSON.stringify(res.body), bad).toContain('Enter a UPI ID like name@bank');
    }
    expect((await saveUpi(who, '  ravi.kumar-1@okicici ')).body).toEqual({
      upi_id: 'ravi.kumar-1@okicici',
    });
    expect((await server.request('GET', '/api/settings/upi', { token: who.token })).body).toEqual({
      upi_id: 'ravi.kumar-1@okicici',
    });
  });

  it('a cost must be whole paise from ₹1 to ₹1,00,000 of a known kind; a UPI ID comes first', async () => {
    const { host, game } = await gameWith(2, 0);
    for (const [kind, amount] of [
      ['total', 12.5],
      ['total', -100],
      ['total', 0],
      ['total', 10_000_001],
      ['total', '1500'],
      ['split', 1000],
    ] as const) {
      const res = await setCost(host, game, kind, amount);
      expect(res.status, `${kind} ${amount}`).toBe(400);
    }
    const other = await member('cstnoupi');
    const own = await server.createPost(other.token);
    expect((await setCost(other, own, 'total', 1000)).body).toMatchObject({
      code: 'upi_id_missing',
    });
    const badPlayer = await server.request('PUT', `/api/posts/${game.id}/cost/payments/x`, {
      token: host.token,
      body: { confirmed: true },
    });
    expect(badPlayer.status).toBe(400);
    const noBody = await server.request('PUT', `/api/posts/${game.id}/cost/payments/1`, {
      token: host.token,
      body: { confirmed: 'yes' },
    });
    expect(noBody.status).toBe(400);
  });
});

describe('personal data', () => {
  it('account deletion removes the UPI ID and the payment marks', async () => {
    const { host, game, players } = await gameWith(2, 1);
    await setCost(host, game, 'total', 90_000);
    await markPaid(players[0]!, game);
    for (const who of [players[0]!, host]) {
      const deleted = await server.request('DELETE', '/api/account', {
        token: who.token,
        body: { password: 'secret123' },
      });
      expect(deleted.status).toBe(200);
    }
    const db = server.app.database.db;
    expect(
      await db
        .selectFrom('upi_ids')
        .select('user_id')
        .where('user_id', '=', host.user.id)
        .execute(),
    ).toEqual([]);
    expect(
      await db
        .selectFrom('game_payments')
        .select('user_id')
        .where('user_id', '=', players[0]!.user.id)
        .execute(),
    ).toEqual([]);
  });

  it('a suspended host’s cost split is not found; a suspended player leaves it', async () => {
    const { host, game, players } = await gameWith(2, 2);
    await setCost(host, game, 'total', 90_000);
    const act = (who: LoginResponse, action: 'suspend' | 'unsuspend') =>
      server.request('POST', `/api/admin/users/${who.user.id}/${action}`, {
        token: operator.token,
      });
    expect((await act(players[1]!, 'suspend')).status).toBe(200);
    expect((await view(host, game)).body.payments!.map((p) => p.user.id)).toEqual([
      players[0]!.user.id,
    ]);
    expect((await act(host, 'suspend')).status).toBe(200);
    const res = await view(players[0]!, game);
    expect(res.status).toBe(404);
    expect(JSON.stringify(res.body)).not.toContain('turfhost@okaxis');
  });
});

describe('the per-member limits', () => {
  it('refuses a 31st paid mark and a host’s 61st cost change within an hour', async () => {
    const limited = await startServer({ RATE_LIMITS: 'on' });
    try {
      const host = await limited.signUp('cstlimithost');
      const player = await limited.signUp('cstlimitplayer');
      await limited.request('PUT', '/api/settings/upi', {
        token: host.token,
        body: { upiId: 'limit@okaxis' },
      });
      const game = await limited.createPost(host.token, { playersNeeded: 2 });
      await limited.request('POST', `/api/posts/${game.id}/interest`, { token: player.token });
      const costs = [];
      for (let n = 1; n <= 61; n += 1)
        costs.push(
          (
            await limited.request('PUT', `/api/posts/${game.id}/cost`, {
              token: host.token,
              body: { kind: 'total', amountPaise: 100 * n },
            })
          ).status,
        );
      expect(costs.slice(0, 60).every((s) => s === 200)).toBe(true);
      expect(costs[60]).toBe(429);
      const marks = [];
      for (let n = 1; n <= 31; n += 1)
        marks.push(
          (
            await limited.request(
              n % 2 === 1 ? 'POST' : 'DELETE',
              `/api/posts/${game.id}/cost/paid`,
              {
                token: player.token,
              },
            )
          ).status,
        );
      expect(marks.slice(0, 30).every((s) => s === 200)).toBe(true);
      expect(marks[30]).toBe(429);
    } finally {
      await limited.close();
    }
  });
});

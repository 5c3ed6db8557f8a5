/**
 * The limit on moving one's home point, the point nearby-game alerts are matched on: 3 moves a
 * day and 10 in 30 days, the first home point free. Time passing is simulated by moving the
 * recorded moves back in the database. Its own server, with RATE_LIMITS on.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LoginResponse, Settings } from '@gameon/shared';
import { startServer, type TestServer } from '../../../test/harness.js';

let server: TestServer;
beforeAll(async () => {
  server = await startServer({ RATE_LIMITS: 'on' });
});
afterAll(() => server.close());

const HOUR = 3600_000;
const DAY = 24 * HOUR;
// Points some hundred metres apart in Chennai.
const spot = (i: number): [number, number] => [80.2707 + i * 0.003, 13.0827];

const setHome = (who: LoginResponse, point: [number, number] | null, extra = {}) =>
  server.request<Settings | { message: string }>('PUT', '/api/settings', {
    token: who.token,
    body: { location_city: point ? 'Chennai' : null, location_coordinates: point, ...extra },
  });

/** Moves every recorded home point move of `who` back by `ms`, as time passing would. */
async function age(who: LoginResponse, ms: number) {
  const db = server.app.database.db;
  const rows = await db
    .selectFrom('home_point_changes')
    .select(['id', 'changed_at'])
    .where('user_id', '=', who.user.id)
    .execute();
  for (const row of rows)
    await db
      .updateTable('home_point_changes')
      .set({ changed_at: new Date(Date.parse(row.changed_at) - ms).toISOString() })
      .where('id', '=', row.id)
      .execute();
}

const LIMITED =
  /^You can change your home city 3 times a day and 10 times in 30 days\. Please try again in (\d+) (hours?|days?)\.$/;

describe('home point moves', () => {
  it('lets the first home point and 3 moves a day through, then a 429 that says when and saves nothing', async () => {
    const member = await server.signUp('home_mover');
    for (let i = 0; i < 4; i++) expect((await setHome(member, spot(i))).status).toBe(200);
    const refused = await setHome(member, spot(4), { bio: 'Moved again' });
    expect(refused.status).toBe(429);
    const message = (refused.body as { message: string }).message;
    expect(message).toMatch(LIMITED);
    expect(message).toMatch(/in 2[34] hours\.$/);
    const saved = await server.request<Settings>('GET', '/api/settings', { token: member.token });
    expect(saved.body.location_coordinates).toEqual(spot(3));
    expect(saved.body.bio).toBe('I am home_mover');
    // The same point again is no move, and other settings are not limited.
    expect((await setHome(member, spot(3))).status).toBe(200);
    expect(
      (await server.request('PUT', '/api/settings', { token: member.token, body: { bio: 'Hi' } }))
        .status,
    ).toBe(200);
    // Another member is not held back.
    const other = await server.signUp('home_other');
    expect((await setHome(other, spot(4))).status).toBe(200);
  });

  it('counts a home point set again after clearing it: only the first one is free', async () => {
    const member = await server.signUp('home_clearer');
    expect((await setHome(member, spot(0))).status).toBe(200);
    expect((await setHome(member, null)).status).toBe(200);
    for (let i = 1; i <= 3; i++) expect((await setHome(member, spot(i))).status).toBe(200);
    expect((await setHome(member, null)).status).toBe(200);
    expect((await setHome(member, spot(4))).status).toBe(429);
  });

  it('allows 3 more each day but 10 in 30 days, and forgets moves older than 30 days', async () => {
    const member = await server.signUp('home_nomad');
    let next = 0;
    const move = () => setHome(member, spot(next++));
    expect((await move()).status).toBe(200); // the first home point, free
    for (let day = 0; day < 4; day++) {
      for (let i = 0; i < (day < 3 ? 3 : 1); i++) expect((await move()).status).toBe(200);
      await age(member, DAY + HOUR);
    }
    // Ten moves in the last 4 days: the day has room, the 30 days do not until the oldest
    // three (4 days and 4 hours ago) are 30 days old.
    const refused = await move();
    expect(refused.status).toBe(429);
    expect((refused.body as { message: string }).message).toMatch(/in 26 days\.$/);
    await age(member, 26 * DAY);
    expect((await move()).status).toBe(200);
    const kept = await server.app.database.db
      .selectFrom('home_point_changes')
      .select('changed_at')
      .where('user_id', '=', member.user.id)
      .execute();
    expect(kept.every((row) => Date.parse(row.changed_at) > Date.now() - 30 * DAY)).toBe(true);
  });
});

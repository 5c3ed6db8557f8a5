/**
 * People search's plan (the exact name, then the prefix matches walked in name order, then the
 * trigram candidates: users.repository.ts searchUserIds) answers exactly what a scan of every
 * member answers, computed here in TypeScript from the ranking of spec part 1 §5 (exact
 * username, username prefix, username contains, then sports and interests; each rank by
 * lower-cased username), leaving out the viewer, members blocked either way and suspended
 * members, following the offset cursor for four pages. Members are seeded straight into the
 * tables, as bench/seed.ts does, with names like "playerN" so that a search matches thousands.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LoginResponse, UserSearchResult } from '@gameon/shared';
import { seededRandom } from '../../../test/random.js';
import { startServer, type TestServer } from '../../../test/harness.js';

const MEMBERS = 3_000;
const SPORTS = ['Football', 'Cricket', 'Player Hunt', 'Badminton'];
const TAGS = ['player12 fans', 'Night', 'turf', 'PLAYER1'];

const SIGNED_UP = ['player12', 'player120', 'player1200'];
const random = seededRandom(37);
const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)]!;

interface Member {
  id: number;
  username: string;
  values: string[];
}

let server: TestServer;
let viewer: LoginResponse;
const members: Member[] = [];
const hidden = new Set<number>();

beforeAll(async () => {
  server = await startServer();
  viewer = await server.signUp('player12');
  const blocker = await server.signUp('Player120');
  const blockedByViewer = await server.signUp('player1200');
  members.push(
    { id: viewer.user.id, username: 'player12', values: [] },
    { id: blocker.user.id, username: 'Player120', values: [] },
    { id: blockedByViewer.user.id, username: 'player1200', values: [] },
  );
  hidden.add(viewer.user.id).add(blocker.user.id).add(blockedByViewer.user.id);
  const block = (token: string, id: number) =>
    server.request('POST', `/api/users/${id}/block`, { token });
  expect((await block(blocker.token, viewer.user.id)).status).toBe(200);
  expect((await block(viewer.token, blockedByViewer.user.id)).status).toBe(200);

  const { db } = server.app.database;
  const now = new Date().toISOString();
  await db.transaction().execute(async (trx) => {
    for (let from = 0; from < MEMBERS; from += 500) {
      const batch = Array.from({ length: Math.min(500, MEMBERS - from) }, (_, k) => {
        const n = from + k;
        // Mostly "playerN" (some capitalised), some other names holding the text inside.
        const name =
          n % 10 === 9
            ? `x_player${n}`
            : n % 7 === 3
              ? `PLAYER${n}`
              : n % 11 === 5
                ? `pl.${n}`
                : `player${n}`;
        // The three signed-up members' names are taken.
        const username = SIGNED_UP.includes(name.toLowerCase()) ? `${name}b` : name;
        return {
          username,
          sports: SPORTS.filter(() => random() < 0.2),
          tags: TAGS.filter(() => random() < 0.1),
        };
      });
      const inserted = await trx
        .insertInto('users')
        .values(
          batch.map((m) => ({
            username: m.username,
            email: `${m.username.toLowerCase()}@search.test`,
            password_hash: 'x',
            bio: '',
            created_at: now,
          })),
        )
        .returning(['id', 'username'])
        .execute();
      const sports = [];
      const tags = [];
      for (const [k, { id, username }] of inserted.entries()) {
        const m = batch[k]!;
        members.push({ id, username, values: [...m.sports, ...m.tags] });
        sports.push(...m.sports.map((value, position) => ({ user_id: id, value, position })));
        tags.push(...m.tags.map((value, position) => ({ user_id: id, value, position })));
      }
      if (sports.length > 0) await trx.insertInto('user_sports').values(sports).execute();
      if (tags.length > 0) await trx.insertInto('user_tags').values(tags).execute();
    }
    // An operator suspended one member who matches: they leave every search.
    const suspended = members.find((m) => m.username === 'player121')!;
    hidden.add(suspended.id);
    await trx
      .updateTable('users')
      .set({ suspended_at: now })
      .where('id', '=', suspended.id)
      .execute();
  });
}, 120_000);
afterAll(() => server.close());

/** The ids people search answers for `q`, by scoring every member. */
function reference(q: string): number[] {
  const needle = q.toLowerCase();
  const scored: { id: number; name: string; rank: number }[] = [];
  for (const m of members) {
    if (hidden.has(m.id)) continue;
    const name = m.username.toLowerCase();
    const rank =
      name === needle
        ? 0
        : name.startsWith(needle)
          ? 1
          : name.includes(needle)
            ? 2
            : m.values.some((v) => v.toLowerCase().includes(needle))
              ? 3
              : -1;
    if (rank >= 0) scored.push({ id: m.id, name, rank });
  }
  scored.sort((a, b) => a.rank - b.rank || (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  return scored.map((s) => s.id);
}

/** Up to four pages of `GET /users/search` for `q`, following X-Next-Cursor: the ids in order. */
async function served(q: string, limit: number): Promise<number[]> {
  const ids: number[] = [];
  let cursor: string | null = null;
  for (let page = 0; page < 4; page++) {
    const params = new URLSearchParams({ q, limit: String(limit) });
    if (cursor) params.set('cursor', cursor);
    const res = await server.request<UserSearchResult[]>(
      'GET',
      `/api/users/search?${params.toString()}`,
      { token: viewer.token },
    );
    expect(res.status, q).toBe(200);
    ids.push(...res.body.map((u) => u.id));
    cursor = res.headers.get('x-next-cursor');
    if (!cursor) break;
  }
  return ids;
}

describe('people search plan', () => {
  it('answers what a scan of every member answers, page after page', async () => {
    const queries = [
      'player12',
      'PLAYER1',
      'player29',
      'layer13',
      'x_pl',
      'pl.',
      'player2999',
      'hunt',
      'player12 f',
      'turf',
      'nobody-here',
      'player',
      '.12',
      'er_1',
      'Player1200',
    ];
    for (let i = 0; i < 4; i++) queries.push(`player${String(Math.floor(random() * 300))}`);
    let nonEmpty = 0;
    for (const q of queries) {
      const limit = pick([1, 2, 5, 10, 20]);
      const expected = reference(q).slice(0, 4 * limit);
      expect(await served(q, limit), `${q} (${String(limit)} a page)`).toEqual(expected);
      if (expected.length > 0) nonEmpty += 1;
    }
    // The comparisons were not vacuous.
    expect(nonEmpty).toBeGreaterThan(queries.length / 2);
  }, 120_000);
});

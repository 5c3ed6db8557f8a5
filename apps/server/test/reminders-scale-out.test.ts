/**
 * Reminders run by the scheduler in two server processes' worth of app (two buildApp instances
 * on one PostgreSQL database, joined by Redis) sharing one injected clock: 200 games starting in
 * 2 hours remind each host and joined player exactly once between them, and reminders that fell
 * due while a process was stopped are sent once when it starts again. Runs on PostgreSQL when
 * TEST_REDIS_URL points at a Redis server (.ci/run starts one on loopback); nothing sleeps: the
 * clock moves and each process runs its due work (`app.scheduler.runDue()`).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LoginResponse, Post } from '@gameon/shared';
import { startServer, type TestServer } from './harness.js';

const redisUrl = process.env.TEST_REDIS_URL;
// Several processes share PostgreSQL only: on SQLite two apps in one test process would wait on
// each other's write lock inside one event loop.
const shared = redisUrl && process.env.TEST_DIALECT === 'postgres';
const HOUR = 3600 * 1000;

describe.runIf(shared)('reminders across processes', () => {
  let clock: Date;
  const now = () => clock;
  let node1: TestServer;
  let node2: TestServer;
  let hosts: LoginResponse[];
  let players: LoginResponse[];

  beforeAll(async () => {
    clock = new Date();
    node1 = await startServer({ REDIS_URL: redisUrl! }, { now });
    node2 = await startServer({ REDIS_URL: redisUrl!, DATABASE_URL: node1.databaseUrl }, { now });
    hosts = [];
    players = [];
    for (let i = 0; i < 10; i += 1) hosts.push(await node1.signUp(`rso_host${i}`));
    for (let i = 0; i < 20; i += 1) players.push(await node1.signUp(`rso_player${i}`));
  });
  afterAll(async () => {
    await node2?.close();
    await node1?.close();
  });

  const db = () => node1.app.database.db;

  /**
   * Creates `count` games starting 3 hours from now, alternately on each of `nodes`, each joined
   * by two players. @returns the games with their host and players.
   */
  async function createGames(count: number, nodes: TestServer[], offset = 0) {
    const games: { post: Post; members: LoginResponse[] }[] = [];
    for (let start = 0; start < count; start += 20) {
      const chunk = Array.from({ length: Math.min(20, count - start) }, (_, j) => start + j);
      games.push(
        ...(await Promise.all(
          chunk.map(async (i) => {
            const node = nodes[i % nodes.length]!;
            const host = hosts[(i + offset) % hosts.length]!;
            const post = await node.createPost(host.token, {
              heading: `Game ${i + offset}`,
              eventTime: new Date(clock.getTime() + 3 * HOUR).toISOString(),
              playersNeeded: 2,
            });
            const joined = [players[i % 20]!, players[(i + 7) % 20]!];
            for (const player of joined)
              expect(
                (
                  await node.request('POST', `/api/posts/${post.id}/interest`, {
                    token: player.token,
                  })
                ).status,
              ).toBe(200);
            return { post, members: [host, ...joined] };
          }),
        )),
      );
    }
    return games;
  }

  /** How many reminder jobs of `postIds` are stored (each is stored once its creation is handled). */
  async function storedJobs(postIds: number[]) {
    const rows = await db()
      .selectFrom('scheduled_jobs')
      .select('key')
      .where('kind', '=', 'game-reminder')
      .where(
        'key',
        'in',
        postIds.map((id) => String(id)),
      )
      .execute();
    return rows.length;
  }

  /** The game reminders stored, as `postId:userId`, one per row. */
  async function remindersOf(postIds: number[]) {
    const wanted = new Set(postIds);
    const rows = await db()
      .selectFrom('notifications')
      .select(['user_id', 'data'])
      .where('type', '=', 'game_reminder')
      .execute();
    return rows
      .map((r) => ({
        userId: r.user_id,
        postId: (JSON.parse(r.data) as { post_id: number }).post_id,
      }))
      .filter((r) => wanted.has(r.postId))
      .map((r) => `${r.postId}:${r.userId}`);
  }

  const expected = (games: { post: Post; members: LoginResponse[] }[]) =>
    games.flatMap(({ post, members }) => members.map((m) => `${post.id}:${m.user.id}`)).sort();

  it('reminds each host and joined player of 200 games exactly once between two processes', async () => {
    const games = await createGames(200, [node1, node2]);
    const ids = games.map((g) => g.post.id);
    await expect.poll(() => storedJobs(ids), { timeout: 20_000 }).toBe(200);

    // Not before their time.
    await Promise.all([node1.app.scheduler.runDue(), node2.app.scheduler.runDue()]);
    expect(await remindersOf(ids)).toEqual([]);

    clock = new Date(clock.getTime() + HOUR);
    const [a, b] = await Promise.all([node1.app.scheduler.runDue(), node2.app.scheduler.runDue()]);
    await Promise.all([node1.app.scheduler.runDue(), node2.app.scheduler.runDue()]);
    const sent = await remindersOf(ids);
    expect(sent).toHaveLength(600);
    expect([...sent].sort()).toEqual(expected(games));
    expect(a.ran + b.ran).toBeGreaterThanOrEqual(200);
    expect(a.failed + b.failed).toBe(0);
    expect(await storedJobs(ids)).toBe(0);
  });

  it('sends the reminders that fell due while a process was stopped once it starts again', async () => {
    const games = await createGames(20, [node2], 3);
    const ids = games.map((g) => g.post.id);
    await expect.poll(() => storedJobs(ids)).toBe(20);

    // node2 stops; the games' reminders fall due while no process runs due work.
    await node2.close();
    clock = new Date(clock.getTime() + 90 * 60 * 1000);
    expect(await remindersOf(ids)).toEqual([]);

    node2 = await startServer({ REDIS_URL: redisUrl!, DATABASE_URL: node1.databaseUrl }, { now });
    expect((await node2.app.scheduler.runDue()).ran).toBeGreaterThanOrEqual(20);
    await Promise.all([node1.app.scheduler.runDue(), node2.app.scheduler.runDue()]);
    const sent = await remindersOf(ids);
    expect(sent).toHaveLength(60);
    expect([...sent].sort()).toEqual(expected(games));
  });
});

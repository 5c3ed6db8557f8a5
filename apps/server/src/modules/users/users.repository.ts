/** Queries for follows, blocks, reports, settings, skills and availability, and people search. */
import { sql, type Kysely, type Transaction } from 'kysely';
import type { DB, UserSettingsTable, UserSkillsTable } from '../../db/types.js';

type Executor = Kysely<DB> | Transaction<DB>;

export type MemberSettings = Omit<UserSettingsTable, 'updated_at'>;

/** The settings a member has before saving any (spec part 2 §9). */
function defaultSettings(userId: number): MemberSettings {
  return {
    user_id: userId,
    phone_number: null,
    location_city: null,
    location_lng: null,
    location_lat: null,
    cover_photo_url: null,
    profile_visibility: 'public',
    location_sharing: 'general',
    show_online_status: 0,
    activity_history_visibility: 'public',
    phone_visibility: 'friends_only',
    message_requests: 'anyone',
    post_comments: 'anyone',
    event_invitations: 'manual',
  };
}

/** Settings of a member, or the spec's defaults when never saved. */
export async function findSettings(db: Executor, userId: number): Promise<MemberSettings> {
  return (await findSettingsMany(db, [userId]))[0]!;
}

/** Settings of several members in one query, in the order of `ids`. */
export async function findSettingsMany(db: Executor, ids: number[]): Promise<MemberSettings[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .selectFrom('user_settings')
    .selectAll()
    .where('user_id', 'in', ids)
    .execute();
  const byId = new Map(rows.map((r) => [r.user_id, r]));
  return ids.map((id) => byId.get(id) ?? defaultSettings(id));
}

/** Creates or updates the member's settings row with `changes`. */
export async function saveSettings(
  db: Executor,
  userId: number,
  changes: Partial<Omit<UserSettingsTable, 'user_id'>>,
  now: string,
) {
  const current = await findSettings(db, userId);
  const row = { ...current, ...changes, user_id: userId, updated_at: now };
  await db
    .insertInto('user_settings')
    .values(row)
    .onConflict((oc) => oc.column('user_id').doUpdateSet({ ...changes, updated_at: now }))
    .execute();
}

export function updateBio(db: Executor, userId: number, bio: string) {
  return db.updateTable('users').set({ bio }).where('id', '=', userId).execute();
}

/** Replaces one of the member's ordered lists (`user_sports` or `user_tags`). */
export async function replaceList(
  db: Executor,
  table: 'user_sports' | 'user_tags',
  userId: number,
  values: string[],
) {
  await db.deleteFrom(table).where('user_id', '=', userId).execute();
  if (values.length > 0) {
    await db
      .insertInto(table)
      .values(values.map((value, position) => ({ user_id: userId, value, position })))
      .execute();
  }
}

export function listSkills(db: Executor, userId: number) {
  return db
    .selectFrom('user_skills')
    .select(['sport', 'skill_level'])
    .where('user_id', '=', userId)
    .orderBy('position')
    .execute();
}

export async function replaceSkills(
  db: Executor,
  userId: number,
  skills: Pick<UserSkillsTable, 'sport' | 'skill_level'>[],
) {
  await db.deleteFrom('user_skills').where('user_id', '=', userId).execute();
  if (skills.length > 0) {
    await db
      .insertInto('user_skills')
      .values(
        skills.map((s, position) => ({
          user_id: userId,
          sport: s.sport,
          skill_level: s.skill_level,
          position,
        })),
      )
      .execute();
  }
}

export function listAvailability(db: Executor, userId: number) {
  return db
    .selectFrom('availability_slots')
    .select(['day_of_week', 'start_time', 'end_time'])
    .where('user_id', '=', userId)
    .orderBy('day_of_week')
    .orderBy('start_time')
    .execute();
}

export async function replaceAvailability(
  db: Executor,
  userId: number,
  slots: { day_of_week: number; start_time: string; end_time: string }[],
) {
  await db.deleteFrom('availability_slots').where('user_id', '=', userId).execute();
  if (slots.length > 0)
    await db
      .insertInto('availability_slots')
      .values(slots.map((s) => ({ ...s, user_id: userId })))
      .execute();
}

export async function follow(
  db: Executor,
  followerId: number,
  followeeId: number,
  now: string,
): Promise<boolean> {
  const row = await db
    .insertInto('follows')
    .values({ follower_id: followerId, followee_id: followeeId, created_at: now })
    .onConflict((oc) => oc.columns(['follower_id', 'followee_id']).doNothing())
    .returning('follower_id')
    .executeTakeFirst();
  return row !== undefined;
}

export function unfollow(db: Executor, followerId: number, followeeId: number) {
  return db
    .deleteFrom('follows')
    .where('follower_id', '=', followerId)
    .where('followee_id', '=', followeeId)
    .execute();
}

/** Follow facts between two members, both ways, and whether either blocked the other. */
export async function relationFacts(db: Executor, viewerId: number, ownerId: number) {
  const [follows, blocks] = await Promise.all([
    db
      .selectFrom('follows')
      .select(['follower_id', 'followee_id'])
      .where((eb) =>
        eb.or([
          eb.and([eb('follower_id', '=', viewerId), eb('followee_id', '=', ownerId)]),
          eb.and([eb('follower_id', '=', ownerId), eb('followee_id', '=', viewerId)]),
        ]),
      )
      .execute(),
    isBlockedEitherWay(db, viewerId, ownerId),
  ]);
  return {
    viewerId,
    ownerId,
    viewerFollowsOwner: follows.some((f) => f.follower_id === viewerId),
    ownerFollowsViewer: follows.some((f) => f.follower_id === ownerId),
    blocked: blocks,
  };
}

export async function isBlockedEitherWay(db: Executor, a: number, b: number): Promise<boolean> {
  const row = await db
    .selectFrom('blocks')
    .select('blocker_id')
    .where((eb) =>
      eb.or([
        eb.and([eb('blocker_id', '=', a), eb('blocked_id', '=', b)]),
        eb.and([eb('blocker_id', '=', b), eb('blocked_id', '=', a)]),
      ]),
    )
    .executeTakeFirst();
  return row !== undefined;
}

/** Followers (`direction` 'followers') or followees ('following') of a member, newest first. */
export function listFollows(db: Executor, userId: number, direction: 'followers' | 'following') {
  const [mine, theirs] =
    direction === 'followers'
      ? (['followee_id', 'follower_id'] as const)
      : (['follower_id', 'followee_id'] as const);
  return db
    .selectFrom('follows as f')
    .innerJoin('users as u', 'u.id', `f.${theirs}`)
    .select(['u.id', 'u.username', 'u.bio', 'u.profile_picture_url'])
    .where(`f.${mine}`, '=', userId)
    .orderBy('f.created_at', 'desc')
    .orderBy('u.id')
    .execute();
}

export async function followedIds(
  db: Executor,
  followerId: number,
  ids: number[],
): Promise<Set<number>> {
  if (ids.length === 0) return new Set();
  const rows = await db
    .selectFrom('follows')
    .select('followee_id')
    .where('follower_id', '=', followerId)
    .where('followee_id', 'in', ids)
    .execute();
  return new Set(rows.map((r) => r.followee_id));
}

/** Of `ids`, those who follow `followeeId`. */
export async function followerIdsAmong(
  db: Executor,
  followeeId: number,
  ids: number[],
): Promise<Set<number>> {
  if (ids.length === 0) return new Set();
  const rows = await db
    .selectFrom('follows')
    .select('follower_id')
    .where('followee_id', '=', followeeId)
    .where('follower_id', 'in', ids)
    .execute();
  return new Set(rows.map((r) => r.follower_id));
}

export function block(db: Executor, blockerId: number, blockedId: number, now: string) {
  return db
    .insertInto('blocks')
    .values({ blocker_id: blockerId, blocked_id: blockedId, created_at: now })
    .onConflict((oc) => oc.columns(['blocker_id', 'blocked_id']).doNothing())
    .execute();
}

/** The members `blockerId` has blocked, most recent first. */
export function listBlocked(db: Executor, blockerId: number) {
  return db
    .selectFrom('blocks as b')
    .innerJoin('users as u', 'u.id', 'b.blocked_id')
    .select(['u.id', 'u.username', 'u.profile_picture_url'])
    .where('b.blocker_id', '=', blockerId)
    .orderBy('b.created_at', 'desc')
    .orderBy('u.id')
    .execute();
}

export function unblock(db: Executor, blockerId: number, blockedId: number) {
  return db
    .deleteFrom('blocks')
    .where('blocker_id', '=', blockerId)
    .where('blocked_id', '=', blockedId)
    .execute();
}

export function insertReport(
  db: Executor,
  row: { reporter_id: number; reported_id: number; reason: string; created_at: string },
) {
  return db.insertInto('reports').values(row).execute();
}

/**
 * SQL condition: no block either way between `viewerId` and the member in column `otherRef`.
 * The one block rule for every list (feed, search, chats): a blocked member is not there.
 */
export function notBlockedWith(viewerId: number, otherRef: string) {
  const other = sql.ref(otherRef);
  return sql<boolean>`not exists (select 1 from blocks b where (b.blocker_id = ${viewerId} and b.blocked_id = ${other}) or (b.blocked_id = ${viewerId} and b.blocker_id = ${other}))`;
}

/** Escapes LIKE wildcards so a search for "50%" means the characters. */
function likePattern(text: string): string {
  return `%${text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/**
 * People matching `q` in username, sports or interests (tags), case-insensitive, ranked: exact
 * username, username prefix, username contains, then sports/tags; never the viewer nor anyone
 * blocked either way. Returns ids in rank order.
 */
export async function searchUserIds(
  db: Executor,
  viewerId: number,
  q: string,
  limit: number,
  offset: number,
): Promise<number[]> {
  const needle = q.toLowerCase();
  const pattern = likePattern(q);
  const prefix = `${needle.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  const rows = await db
    .selectFrom('users as u')
    .select((eb) => [
      'u.id',
      eb
        .case()
        .when(sql<string>`lower(u.username)`, '=', needle)
        .then(0)
        .when(sql<boolean>`lower(u.username) like ${prefix} escape '\\'`)
        .then(1)
        .when(sql<boolean>`lower(u.username) like ${pattern} escape '\\'`)
        .then(2)
        .else(3)
        .end()
        .as('rank'),
    ])
    .where('u.id', '!=', viewerId)
    .where((eb) =>
      eb.or([
        sql<boolean>`lower(u.username) like ${pattern} escape '\\'`,
        eb.exists(
          eb
            .selectFrom('user_sports as s')
            .select('s.user_id')
            .whereRef('s.user_id', '=', 'u.id')
            .where(sql<boolean>`lower(s.value) like ${pattern} escape '\\'`),
        ),
        eb.exists(
          eb
            .selectFrom('user_tags as t')
            .select('t.user_id')
            .whereRef('t.user_id', '=', 'u.id')
            .where(sql<boolean>`lower(t.value) like ${pattern} escape '\\'`),
        ),
      ]),
    )
    .where(notBlockedWith(viewerId, 'u.id'))
    .orderBy('rank')
    .orderBy(sql`lower(u.username)`)
    .limit(limit)
    .offset(offset)
    .execute();
  return rows.map((r) => r.id);
}

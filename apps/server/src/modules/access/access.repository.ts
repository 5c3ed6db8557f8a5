/**
 * Queries behind the access rules: follows and blocks between a viewer and many members, their
 * privacy settings, and the owners of posts, reviews, events and conversations, each in one query
 * for a batch of ids. Also the one SQL form of the block rule that list queries compose
 * ({@link notBlockedWith}).
 */
import { sql, type Kysely, type Transaction } from 'kysely';
import { reusableQuery } from '../../db/reusable-query.js';
import type { DB, MessageRequests } from '../../db/types.js';
import { DEFAULT_PRIVACY, type PrivacySettings } from './rules.js';

type Executor = Kysely<DB> | Transaction<DB>;

/**
 * SQL condition: no block either way between `viewerId` and the member in column `otherRef`.
 * The one block rule for every list (feed, search, chats, conversations, notifications): a
 * blocked member is not there. Repositories import it from the access module's index; a NULL
 * `otherRef` (a deleted member) passes.
 */
export function notBlockedWith(viewerId: number, otherRef: string) {
  const other = sql.ref(otherRef);
  return sql<boolean>`not exists (select 1 from blocks b where (b.blocker_id = ${viewerId} and b.blocked_id = ${other}) or (b.blocked_id = ${viewerId} and b.blocker_id = ${other}))`;
}

/**
 * SQL query: the ids of the members blocked by `viewerId` or blocking `viewerId`, as column `id`:
 * the set {@link notBlockedWith} tests one member against, for a list that filters many rows by
 * it at once (the feed's cached lists). Repositories import it from the index.
 */
export function blockedEitherWay(viewerId: number) {
  return sql<{
    id: number;
  }>`select blocked_id as id from blocks where blocker_id = ${viewerId} union all select blocker_id as id from blocks where blocked_id = ${viewerId}`;
}

/**
 * SQL query: the ids of the suspended members, as column `id` (the partial index
 * `users_suspended_idx` holds just them): the set {@link notSuspended} tests one member against,
 * for the feed's rules stage, which tests many rows by it at once. Repositories import it from
 * the index.
 */
export function suspendedMembers() {
  return sql<{ id: number }>`select id from users where suspended_at is not null`;
}

/**
 * SQL condition: the member in column `memberRef` is not suspended: a suspended
 * member's games leave the feed. Repositories import it from the access module's index; a NULL
 * `memberRef` (a deleted member) passes.
 */
export function notSuspended(memberRef: string) {
  return sql<boolean>`not exists (select 1 from users su where su.id = ${sql.ref(memberRef)} and su.suspended_at is not null)`;
}

/**
 * SQL condition: the member in column `memberRef` is there for `viewerId` (null: signed out):
 * not suspended ({@link notSuspended}: to everyone else a suspended member is absent)
 * and, for a member, no block either way ({@link notBlockedWith}). The one rule every list of
 * members' things composes (search, follower lists, reviews, events, joined games, calendars,
 * conversations). A suspended member has no session (sign-in refused, sessions ended), so no
 * viewer is ever the suspended member themselves. A NULL `memberRef` passes.
 */
export function presentTo(viewerId: number | null, memberRef: string) {
  if (viewerId === null) return notSuspended(memberRef);
  return sql<boolean>`(${notBlockedWith(viewerId, memberRef)} and ${notSuspended(memberRef)})`;
}

/** The member's e-mail address (lower-cased at sign-up), or undefined when there is none. */
export async function memberEmail(db: Executor, id: number): Promise<string | undefined> {
  const row = await db.selectFrom('users').select('email').where('id', '=', id).executeTakeFirst();
  return row?.email;
}

/** Of `ids`, the members that exist, with their usernames and whether they are suspended. */
export async function members(
  db: Executor,
  ids: number[],
): Promise<Map<number, { id: number; username: string; suspended: boolean }>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .selectFrom('users')
    .select(['id', 'username', 'suspended_at'])
    .where('id', 'in', [...new Set(ids)])
    .execute();
  return new Map(
    rows.map((r) => [r.id, { id: r.id, username: r.username, suspended: r.suspended_at !== null }]),
  );
}

/**
 * Of `ids`, the members that exist, each with whether a block stands either way with `viewerId`
 * (never, for null: signed out) and whether they are suspended, in one query: the facts of the
 * rules' `hidden` for a batch (the block rule written with {@link notBlockedWith}).
 */
export async function visibilityFacts(
  db: Executor,
  viewerId: number | null,
  ids: number[],
): Promise<Map<number, { blocked: boolean; suspended: boolean }>> {
  if (ids.length === 0) return new Map();
  const blocked =
    viewerId === null ? sql<number>`0` : sql<number>`not ${notBlockedWith(viewerId, 'u.id')}`;
  const rows = await db
    .selectFrom('users as u')
    .select(['u.id', 'u.suspended_at', blocked.as('blocked')])
    .where('u.id', 'in', [...new Set(ids)])
    .execute();
  // SQLite answers 0/1, PostgreSQL booleans.
  return new Map(
    rows.map((r) => [r.id, { blocked: Boolean(r.blocked), suspended: r.suspended_at !== null }]),
  );
}

/**
 * Of `ids`, the members `viewerId` has blocked or who blocked `viewerId`, in one query (written
 * with {@link notBlockedWith}, so the block rule has one SQL form).
 */
export async function blockedAmong(
  db: Executor,
  viewerId: number,
  ids: number[],
): Promise<Set<number>> {
  if (ids.length === 0) return new Set();
  const rows = await db
    .selectFrom('users as u')
    .select('u.id')
    .where('u.id', 'in', [...new Set(ids)])
    .where(sql<boolean>`not ${notBlockedWith(viewerId, 'u.id')}`)
    .execute();
  return new Set(rows.map((r) => r.id));
}

/**
 * Follows both ways and blocks either way between `viewerId` and each of `ids`, in two queries.
 * @returns the ids `viewerId` follows, the ids following `viewerId`, and the ids blocked either way.
 */
export async function relationFacts(db: Executor, viewerId: number, ids: number[]) {
  const unique = [...new Set(ids)];
  const [follows, blocked] = await Promise.all([
    unique.length === 0
      ? []
      : db
          .selectFrom('follows')
          .select(['follower_id', 'followee_id'])
          .where((eb) =>
            eb.or([
              eb.and([eb('follower_id', '=', viewerId), eb('followee_id', 'in', unique)]),
              eb.and([eb('followee_id', '=', viewerId), eb('follower_id', 'in', unique)]),
            ]),
          )
          .execute(),
    blockedAmong(db, viewerId, unique),
  ]);
  const following = new Set<number>();
  const followers = new Set<number>();
  for (const f of follows) {
    if (f.follower_id === viewerId) following.add(f.followee_id);
    if (f.followee_id === viewerId) followers.add(f.follower_id);
  }
  return { following, followers, blocked };
}

/** {@link pairFacts}' query, built once (it runs before every direct message). */
const pairFactsQuery = reusableQuery(
  ['viewerId', 'ownerId'],
  (db, { viewerId, ownerId }: { viewerId: number; ownerId: number }) =>
    db
      .selectFrom('users as u')
      .leftJoin('user_settings as s', 's.user_id', 'u.id')
      .select([
        'u.id',
        'u.username',
        's.message_requests',
        sql<number>`exists (select 1 from follows f where f.follower_id = ${viewerId} and f.followee_id = u.id)`.as(
          'viewer_follows_owner',
        ),
        sql<number>`exists (select 1 from follows f where f.followee_id = ${viewerId} and f.follower_id = u.id)`.as(
          'owner_follows_viewer',
        ),
        sql<number>`not ${notBlockedWith(viewerId, 'u.id')}`.as('blocked'),
        'u.suspended_at',
      ])
      .where('u.id', '=', ownerId),
);

/**
 * The facts of {@link relationFacts} and {@link privacySettings} for one member `ownerId` as
 * `viewerId` sees them, in one query (the check before every direct message);
 * undefined when no such member. Same follows, same block rule, same defaults.
 */
export async function pairFacts(db: Executor, viewerId: number, ownerId: number) {
  const [row] = await pairFactsQuery(db, { viewerId, ownerId });
  if (!row) return undefined;
  // SQLite answers 0/1, PostgreSQL booleans.
  return {
    username: row.username,
    messageRequests: row.message_requests ?? DEFAULT_PRIVACY.message_requests,
    viewerFollowsOwner: Boolean(row.viewer_follows_owner),
    ownerFollowsViewer: Boolean(row.owner_follows_viewer),
    blocked: Boolean(row.blocked),
    suspended: row.suspended_at !== null,
  };
}

/** Privacy settings of `ids` in one query; the defaults of spec part 2 §9 where never saved. */
export async function privacySettings(
  db: Executor,
  ids: number[],
): Promise<Map<number, PrivacySettings>> {
  if (ids.length === 0) return new Map();
  const unique = [...new Set(ids)];
  const rows = await db
    .selectFrom('user_settings')
    .select([
      'user_id',
      'profile_visibility',
      'phone_visibility',
      'activity_history_visibility',
      'location_sharing',
      'message_requests',
      'show_online_status',
    ])
    .where('user_id', 'in', unique)
    .execute();
  const saved = new Map(rows.map(({ user_id, ...settings }) => [user_id, settings]));
  return new Map(unique.map((id) => [id, saved.get(id) ?? DEFAULT_PRIVACY]));
}

/** Member `userId`'s `post_comments` (spec part 2 §9), `anyone` when never saved. */
export async function postCommentsSetting(db: Executor, userId: number): Promise<MessageRequests> {
  const row = await db
    .selectFrom('user_settings')
    .select('post_comments')
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return row?.post_comments ?? 'anyone';
}

/** The ids of `userId`'s followers. */
export async function followerIds(db: Executor, userId: number): Promise<number[]> {
  const rows = await db
    .selectFrom('follows')
    .select('follower_id')
    .where('followee_id', '=', userId)
    .execute();
  return rows.map((r) => r.follower_id);
}

/** Authors of the posts among `postIds` that exist, by post id. */
export async function postAuthors(db: Executor, postIds: number[]): Promise<Map<number, number>> {
  if (postIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('posts')
    .select(['id', 'author_id'])
    .where('id', 'in', [...new Set(postIds)])
    .execute();
  return new Map(rows.map((r) => [r.id, r.author_id]));
}

/** Authors of the reviews among `reviewIds` that exist, by review id. */
export async function reviewAuthors(
  db: Executor,
  reviewIds: number[],
): Promise<Map<number, number>> {
  if (reviewIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('reviews')
    .select(['id', 'author_id'])
    .where('id', 'in', [...new Set(reviewIds)])
    .execute();
  return new Map(rows.map((r) => [r.id, r.author_id]));
}

/** The organizer of event `eventId`, or undefined when there is no such event. */
export async function eventOrganizer(db: Executor, eventId: number): Promise<number | undefined> {
  const row = await db
    .selectFrom('events')
    .select('organizer_id')
    .where('id', '=', eventId)
    .executeTakeFirst();
  return row?.organizer_id;
}

/** The two members of a direct conversation when `userId` is one of them, or undefined. */
export function conversationMembers(db: Executor, conversationId: number, userId: number) {
  return db
    .selectFrom('direct_conversations')
    .select(['user_a_id', 'user_b_id'])
    .where('id', '=', conversationId)
    .where((eb) => eb.or([eb('user_a_id', '=', userId), eb('user_b_id', '=', userId)]))
    .executeTakeFirst();
}

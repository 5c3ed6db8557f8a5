/**
 * Queries for a member's own settings, skills, availability and profile text (spec part 2 §3,
 * §9): what the member edits on the settings page.
 */
import type { Kysely, Transaction } from 'kysely';
import type { DB, UserSettingsTable, UserSkillsTable } from '../../db/types.js';
import { DEFAULT_PRIVACY } from '../access/index.js';

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
    ...DEFAULT_PRIVACY,
    post_comments: 'anyone',
    event_invitations: 'manual',
  };
}

/** Settings of a member, or the spec's defaults when never saved. */
export async function findSettings(db: Executor, userId: number): Promise<MemberSettings> {
  const row = await db
    .selectFrom('user_settings')
    .selectAll()
    .where('user_id', '=', userId)
    .executeTakeFirst();
  if (!row) return defaultSettings(userId);
  const { updated_at: _updatedAt, ...settings } = row;
  return settings;
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

/**
 * Locks member `userId` for the caller's transaction (a no-op update of their row: a row lock on
 * PostgreSQL, the write lock on SQLite), so two home point moves at once are counted one after
 * the other.
 */
export async function lockMember(db: Executor, userId: number): Promise<void> {
  await db
    .updateTable('users')
    .set((eb) => ({ bio: eb.ref('bio') }))
    .where('id', '=', userId)
    .execute();
}

/** The member's home point moves after `since` (ISO), oldest first. */
export function homePointChangesSince(db: Executor, userId: number, since: string) {
  return db
    .selectFrom('home_point_changes')
    .select(['changed_at', 'counted'])
    .where('user_id', '=', userId)
    .where('changed_at', '>', since)
    .orderBy('changed_at')
    .execute();
}

/**
 * Records a move of the member's home point at `at` (`counted` false for their first, free one)
 * and forgets their moves from before `forgetBefore` (ISO).
 */
export async function recordHomePointChange(
  db: Executor,
  userId: number,
  at: string,
  counted: boolean,
  forgetBefore: string,
): Promise<void> {
  await db
    .deleteFrom('home_point_changes')
    .where('user_id', '=', userId)
    .where('changed_at', '<', forgetBefore)
    .execute();
  await db
    .insertInto('home_point_changes')
    .values({ user_id: userId, changed_at: at, counted: counted ? 1 : 0 })
    .execute();
}

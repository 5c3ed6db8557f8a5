/**
 * Own settings, skills and availability (spec part 2 §3, §7, §9; CONTRACT.md availability).
 * Members edit only their own: every call acts on the signed-in member.
 */
import type { Kysely } from 'kysely';
import type { AvailabilitySlot, Settings, Skill, UpdateSettingsBody } from '@gameon/shared';
import type { DB, UserSettingsTable } from '../../db/types.js';
import { notFound } from '../../lib/errors.js';
import { publicPoint } from '../../lib/geo.js';
import { nowIso } from '../../lib/time.js';
import { findUsersWithLists } from '../auth/auth.repository.js';
import * as postsRepo from '../posts/posts.repository.js';
import * as usersRepo from '../users/users.repository.js';
import type { UsersService } from '../users/users.service.js';

type SettingsChanges = Partial<Omit<UserSettingsTable, 'user_id' | 'updated_at'>>;

export function createSettingsService({ db, users }: { db: Kysely<DB>; users: UsersService }) {
  async function get(userId: number): Promise<Settings> {
    const [[user], s] = await Promise.all([
      findUsersWithLists(db, [userId]),
      usersRepo.findSettings(db, userId),
    ]);
    if (!user) throw notFound('User not found');
    return {
      bio: user.bio,
      phone_number: s.phone_number,
      location_city: s.location_city,
      location_coordinates:
        s.location_lng !== null && s.location_lat !== null
          ? [s.location_lng, s.location_lat]
          : null,
      profile_picture_url: user.profile_picture_url,
      cover_photo_url: s.cover_photo_url,
      sports: user.sports,
      tags: user.tags,
      profile_visibility: s.profile_visibility,
      location_sharing: s.location_sharing,
      show_online_status: s.show_online_status === 1,
      activity_history_visibility: s.activity_history_visibility,
      phone_visibility: s.phone_visibility,
      message_requests: s.message_requests,
      post_comments: s.post_comments,
      event_invitations: s.event_invitations,
    };
  }

  return {
    /** `GET /settings`: the member's own settings, defaults of spec part 2 §9 where unset. */
    get,

    /** `PUT /settings`: saves the given fields (all in one transaction) and answers the settings. */
    async update(
      userId: number,
      body: Exclude<UpdateSettingsBody, undefined> & { phone_number?: string | null },
    ): Promise<Settings> {
      const { bio, sports, tags, location_coordinates, show_online_status, ...rest } = body;
      const changes: SettingsChanges = { ...rest };
      if (show_online_status !== undefined) changes.show_online_status = show_online_status ? 1 : 0;
      if (location_coordinates !== undefined) {
        changes.location_lng = location_coordinates?.[0] ?? null;
        changes.location_lat = location_coordinates?.[1] ?? null;
      }
      await db.transaction().execute(async (trx) => {
        if (bio !== undefined) await usersRepo.updateBio(trx, userId, bio);
        if (sports !== undefined) await usersRepo.replaceList(trx, 'user_sports', userId, sports);
        if (tags !== undefined) await usersRepo.replaceList(trx, 'user_tags', userId, tags);
        if (Object.keys(changes).length > 0)
          await usersRepo.saveSettings(trx, userId, changes, nowIso());
        const sharing = changes.location_sharing;
        if (sharing)
          await postsRepo.updatePublicPoints(trx, userId, (lng, lat) =>
            publicPoint(lng, lat, sharing),
          );
      });
      return get(userId);
    },

    /** `GET /settings/public/{id}`: public fields only. @throws AppError 404 unknown or blocked. */
    async publicSettings(viewerId: number, ownerId: number) {
      await users.access(viewerId, ownerId);
      const [[user], s] = await Promise.all([
        findUsersWithLists(db, [ownerId]),
        usersRepo.findSettings(db, ownerId),
      ]);
      if (!user) throw notFound('User not found');
      return {
        id: user.id,
        username: user.username,
        profile_picture_url: user.profile_picture_url,
        cover_photo_url: s.cover_photo_url,
      };
    },

    async skills(userId: number): Promise<{ skills: Skill[] }> {
      return { skills: await usersRepo.listSkills(db, userId) };
    },

    /** Replaces the member's skills; a sport appears once (the last entry wins). */
    async saveSkills(userId: number, skills: Skill[]): Promise<{ skills: Skill[] }> {
      const bySport = new Map(skills.map((s) => [s.sport, s]));
      await db
        .transaction()
        .execute((trx) => usersRepo.replaceSkills(trx, userId, [...bySport.values()]));
      return { skills: await usersRepo.listSkills(db, userId) };
    },

    async availability(userId: number): Promise<AvailabilitySlot[]> {
      return usersRepo.listAvailability(db, userId);
    },

    async saveAvailability(userId: number, slots: AvailabilitySlot[]): Promise<AvailabilitySlot[]> {
      await db.transaction().execute((trx) => usersRepo.replaceAvailability(trx, userId, slots));
      return usersRepo.listAvailability(db, userId);
    },
  };
}

export type SettingsService = ReturnType<typeof createSettingsService>;

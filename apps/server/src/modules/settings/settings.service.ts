/**
 * Own settings, skills and availability (spec part 2 §3, §7, §9; CONTRACT.md availability).
 * Members edit only their own: every call acts on the signed-in member.
 */
import type { Kysely, Transaction } from 'kysely';
import type { AvailabilitySlot, Settings, Skill, updateSettingsBodySchema } from '@gameon/shared';
import type { z } from 'zod';
import type { DB, UserSettingsTable } from '../../db/types.js';
import { notFound } from '../../lib/errors.js';
import {
  HOME_POINT_LIMITS,
  homePointLimited,
  homePointWaitMs,
  type RateLimiter,
} from '../../lib/rate-limit.js';
import type { AccessService } from '../access/index.js';
import type { MemberLookup } from '../users/members.service.js';
import type { PostsService } from '../posts/posts.service.js';
import * as repo from './settings.repository.js';

type SettingsChanges = Partial<Omit<UserSettingsTable, 'user_id' | 'updated_at'>>;

/** The longest window of {@link HOME_POINT_LIMITS}, in milliseconds: moves older are forgotten. */
const HOME_POINT_MEMORY_MS = Math.max(...HOME_POINT_LIMITS.map((l) => l.duration)) * 1000;

/**
 * The settings service. `limitHomePoint` false (RATE_LIMITS=off) lets home point moves through
 * uncounted against {@link HOME_POINT_LIMITS}; they are still recorded.
 */
export function createSettingsService({
  db,
  access,
  users,
  posts,
  limitHomePoint,
  limiter,
}: {
  db: Kysely<DB>;
  access: Pick<AccessService, 'requireProfile'>;
  /** The users module's member lookup. */
  users: MemberLookup;
  posts: Pick<PostsService, 'applyLocationSharing'>;
  limitHomePoint: boolean;
  /** Per-member write limits: settings, skills and availability saves together. */
  limiter: Pick<RateLimiter, 'write'>;
}) {
  /**
   * What `userId`'s `event_invitations` setting says of invitations to them (spec part 2 §9;
   * 'manual' when never saved).
   */
  async function eventInvitationsOf(userId: number): Promise<Settings['event_invitations']> {
    return (await repo.findSettings(db, userId)).event_invitations;
  }

  async function get(userId: number): Promise<Settings> {
    const [[user], s] = await Promise.all([users.members([userId]), repo.findSettings(db, userId)]);
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

  /**
   * Counts a move of `userId`'s home point to `point` ([lng, lat]) within the caller's
   * transaction: the member's first home point is free (none now and no move in the last 30
   * days), every other move counts against {@link HOME_POINT_LIMITS}. Setting the same point
   * again is no move.
   * @throws AppError 429 past the limit, saying when to try again.
   */
  async function countHomePointMove(
    trx: Transaction<DB>,
    userId: number,
    point: readonly [number, number],
    now: Date,
  ): Promise<void> {
    await repo.lockMember(trx, userId);
    const current = await repo.findSettings(trx, userId);
    if (current.location_lng === point[0] && current.location_lat === point[1]) return;
    const forgetBefore = new Date(now.getTime() - HOME_POINT_MEMORY_MS).toISOString();
    const recent = await repo.homePointChangesSince(trx, userId, forgetBefore);
    const first = current.location_lng === null && recent.length === 0;
    if (!first && limitHomePoint) {
      const counted = recent.filter((c) => c.counted === 1).map((c) => Date.parse(c.changed_at));
      const wait = homePointWaitMs(counted, now.getTime());
      if (wait > 0) throw homePointLimited(wait);
    }
    await repo.recordHomePointChange(trx, userId, now.toISOString(), !first, forgetBefore);
  }

  return {
    /** `GET /settings`: the member's own settings, defaults of spec part 2 §9 where unset. */
    get,
    eventInvitationsOf,

    /** The member's home point `[lng, lat]` in degrees, or null when they have none. */
    async homePoint(userId: number): Promise<[number, number] | null> {
      const s = await repo.findSettings(db, userId);
      return s.location_lng !== null && s.location_lat !== null
        ? [s.location_lng, s.location_lat]
        : null;
    },

    /**
     * A member's settings row (defaults where unset), skills and availability, for the profile
     * others see; what of it is shown is the access module's to decide.
     */
    async profileDetails(userId: number) {
      const [settings, skills, availability] = await Promise.all([
        repo.findSettings(db, userId),
        repo.listSkills(db, userId),
        repo.listAvailability(db, userId),
      ]);
      return { settings, skills, availability };
    },

    /**
     * `PUT /settings`: saves the given fields and answers the settings. One transaction: a new
     * location_sharing re-places every post of the member (posts service) with the rest, and a
     * moved home point is counted ({@link countHomePointMove}).
     * @throws AppError 429 past the member's limit of saves or of home point moves (nothing is
     *   saved then).
     */
    async update(
      userId: number,
      body: z.output<typeof updateSettingsBodySchema>,
    ): Promise<Settings> {
      await limiter.write('profile', userId);
      const { bio, sports, tags, location_coordinates, show_online_status, ...rest } = body;
      const changes: SettingsChanges = { ...rest };
      if (show_online_status !== undefined) changes.show_online_status = show_online_status ? 1 : 0;
      if (location_coordinates !== undefined) {
        changes.location_lng = location_coordinates?.[0] ?? null;
        changes.location_lat = location_coordinates?.[1] ?? null;
      }
      const now = new Date();
      await db.transaction().execute(async (trx) => {
        if (location_coordinates) await countHomePointMove(trx, userId, location_coordinates, now);
        if (bio !== undefined) await repo.updateBio(trx, userId, bio);
        if (sports !== undefined) await repo.replaceList(trx, 'user_sports', userId, sports);
        if (tags !== undefined) await repo.replaceList(trx, 'user_tags', userId, tags);
        if (Object.keys(changes).length > 0)
          await repo.saveSettings(trx, userId, changes, now.toISOString());
        if (changes.location_sharing)
          await posts.applyLocationSharing(trx, userId, changes.location_sharing);
      });
      return get(userId);
    },

    /** `GET /settings/public/{id}`: public fields only. @throws AppError 404 unknown or blocked. */
    async publicSettings(viewerId: number, ownerId: number) {
      await access.requireProfile(viewerId, ownerId);
      const [[user], s] = await Promise.all([
        users.members([ownerId]),
        repo.findSettings(db, ownerId),
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
      return { skills: await repo.listSkills(db, userId) };
    },

    /**
     * Replaces the member's skills; a sport appears once (the last entry wins).
     * @throws AppError 429 past the member's limit (shared with settings saves).
     */
    async saveSkills(userId: number, skills: Skill[]): Promise<{ skills: Skill[] }> {
      await limiter.write('profile', userId);
      const bySport = new Map(skills.map((s) => [s.sport, s]));
      await db
        .transaction()
        .execute((trx) => repo.replaceSkills(trx, userId, [...bySport.values()]));
      return { skills: await repo.listSkills(db, userId) };
    },

    async availability(userId: number): Promise<AvailabilitySlot[]> {
      return repo.listAvailability(db, userId);
    },

    /**
     * Replaces the member's weekly availability.
     * @throws AppError 429 past the member's limit (shared with settings saves).
     */
    async saveAvailability(userId: number, slots: AvailabilitySlot[]): Promise<AvailabilitySlot[]> {
      await limiter.write('profile', userId);
      await db.transaction().execute((trx) => repo.replaceAvailability(trx, userId, slots));
      return repo.listAvailability(db, userId);
    },
  };
}

export type SettingsService = ReturnType<typeof createSettingsService>;

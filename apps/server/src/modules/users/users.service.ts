/**
 * People (issue 4): search, follow, profiles, block and report, with every privacy rule applied
 * on the server through privacy.ts. Blocked members see each other as not found.
 */
import type { Kysely } from 'kysely';
import type { BlockedUser, UserProfile, UserSearchResult } from '@gameon/shared';
import type { DB } from '../../db/types.js';
import { badRequest, notFound } from '../../lib/errors.js';
import type { DomainEventBus } from '../../lib/events.js';
import { nowIso } from '../../lib/time.js';
import { findUsersWithLists } from '../auth/auth.repository.js';
import { relationship, visibleParts, type Relationship } from './privacy.js';
import * as repo from './users.repository.js';

export interface PeopleAccess {
  rel: Relationship;
  profile: boolean;
  phone: boolean;
  activity: boolean;
}

/** Who is connected right now; the realtime module provides it (across nodes with Redis). */
export interface Presence {
  isOnline(userId: number): Promise<boolean>;
}

export function createUsersService({
  db,
  presence,
  events,
}: {
  db: Kysely<DB>;
  presence: Presence;
  events: DomainEventBus;
}) {
  /**
   * How `viewerId` may see `ownerId`. @throws AppError 404 when the member does not exist or
   * either has blocked the other.
   */
  async function access(viewerId: number, ownerId: number): Promise<PeopleAccess> {
    const [owner] = await findUsersWithLists(db, [ownerId]);
    if (!owner) throw notFound('User not found');
    const rel = relationship(await repo.relationFacts(db, viewerId, ownerId));
    if (rel === 'blocked') throw notFound('User not found');
    return { rel, ...visibleParts(await repo.findSettings(db, ownerId), rel) };
  }

  return {
    access,

    /**
     * The members told when `userId` comes online or goes offline: their followers, or nobody
     * when `userId` hides their online status (issue 4 show_online_status).
     */
    async presenceAudience(userId: number): Promise<number[]> {
      if ((await repo.findSettings(db, userId)).show_online_status !== 1) return [];
      return (await repo.listFollows(db, userId, 'followers')).map((f) => f.id);
    },

    /** `GET /users/search?q=`: ranked matches with whether the viewer follows each. */
    async search(
      viewerId: number,
      q: string,
      limit: number,
      offset: number,
    ): Promise<UserSearchResult[]> {
      const ids = await repo.searchUserIds(db, viewerId, q, limit, offset);
      const [users, following, followers, settings] = await Promise.all([
        findUsersWithLists(db, ids),
        repo.followedIds(db, viewerId, ids),
        repo.followerIdsAmong(db, viewerId, ids),
        repo.findSettingsMany(db, ids),
      ]);
      return users.map((u, i) => {
        // Search shows what the profile shows: friends-only profiles hide bio, sports and tags.
        const rel = relationship({
          viewerId,
          ownerId: u.id,
          viewerFollowsOwner: following.has(u.id),
          ownerFollowsViewer: followers.has(u.id),
          blocked: false,
        });
        const open = visibleParts(settings[i]!, rel).profile;
        return {
          id: u.id,
          username: u.username,
          bio: open ? u.bio : '',
          sports: open ? u.sports : [],
          tags: open ? u.tags : [],
          profile_picture_url: u.profile_picture_url,
          is_following: following.has(u.id),
        };
      });
    },

    /**
     * `GET /users/{id}`: the profile as the viewer may see it (issue 4 privacy rules).
     * @throws AppError 404 unknown or blocked.
     */
    async profile(viewerId: number, ownerId: number): Promise<UserProfile> {
      const seen = await access(viewerId, ownerId);
      const [[owner], settings, skills, availability, followers, following, facts] =
        await Promise.all([
          findUsersWithLists(db, [ownerId]),
          repo.findSettings(db, ownerId),
          repo.listSkills(db, ownerId),
          repo.listAvailability(db, ownerId),
          repo.listFollows(db, ownerId, 'followers'),
          repo.listFollows(db, ownerId, 'following'),
          repo.relationFacts(db, viewerId, ownerId),
        ]);
      if (!owner) throw notFound('User not found');
      return {
        id: owner.id,
        username: owner.username,
        profile_picture_url: owner.profile_picture_url,
        cover_photo_url: settings.cover_photo_url,
        bio: seen.profile ? owner.bio : '',
        sports: seen.profile ? owner.sports : [],
        tags: seen.profile ? owner.tags : [],
        skills: seen.profile ? skills : [],
        location_city: seen.profile ? settings.location_city : null,
        phone_number: seen.phone ? settings.phone_number : null,
        followers: seen.profile ? followers : [],
        following: seen.profile ? following : [],
        availability: seen.profile ? availability : [],
        online: settings.show_online_status === 1 ? await presence.isOnline(ownerId) : null,
        followers_count: followers.length,
        following_count: following.length,
        is_following: facts.viewerFollowsOwner,
        follows_you: facts.ownerFollowsViewer,
        restricted: !seen.profile,
        activity_visible: seen.activity,
        created_at: owner.created_at,
      };
    },

    /** Follows a member (idempotent). @throws AppError 400 oneself, 404 unknown or blocked. */
    async follow(viewerId: number, ownerId: number): Promise<{ success: true; following: true }> {
      if (viewerId === ownerId) throw badRequest('You cannot follow yourself');
      await access(viewerId, ownerId);
      if (await repo.follow(db, viewerId, ownerId, nowIso())) {
        const [follower] = await findUsersWithLists(db, [viewerId]);
        if (follower)
          events.emit('follow.created', {
            follower: { id: follower.id, username: follower.username },
            followeeId: ownerId,
          });
      }
      return { success: true, following: true };
    },

    /** Unfollows (idempotent). @throws AppError 400 oneself. */
    async unfollow(
      viewerId: number,
      ownerId: number,
    ): Promise<{ success: true; following: false }> {
      if (viewerId === ownerId) throw badRequest('You cannot unfollow yourself');
      await repo.unfollow(db, viewerId, ownerId);
      return { success: true, following: false };
    },

    /** Blocks a member: follows both ways end. @throws AppError 400 oneself, 404 unknown. */
    async block(viewerId: number, ownerId: number): Promise<{ success: true }> {
      if (viewerId === ownerId) throw badRequest('You cannot block yourself');
      if ((await findUsersWithLists(db, [ownerId])).length === 0) throw notFound('User not found');
      await db.transaction().execute(async (trx) => {
        await repo.block(trx, viewerId, ownerId, nowIso());
        await repo.unfollow(trx, viewerId, ownerId);
        await repo.unfollow(trx, ownerId, viewerId);
      });
      return { success: true };
    },

    /** `GET /users/blocked`: the members the caller has blocked, so they can be unblocked. */
    async blocked(viewerId: number): Promise<BlockedUser[]> {
      return repo.listBlocked(db, viewerId);
    },

    async unblock(viewerId: number, ownerId: number): Promise<{ success: true }> {
      await repo.unblock(db, viewerId, ownerId);
      return { success: true };
    },

    /** Stores a report with its reason. @throws AppError 400 oneself, 404 unknown. */
    async report(
      viewerId: number,
      ownerId: number,
      reason: string,
    ): Promise<{ success: true; message: string }> {
      if (viewerId === ownerId) throw badRequest('You cannot report yourself');
      if ((await findUsersWithLists(db, [ownerId])).length === 0) throw notFound('User not found');
      await repo.insertReport(db, {
        reporter_id: viewerId,
        reported_id: ownerId,
        reason,
        created_at: nowIso(),
      });
      return { success: true, message: 'Thank you. Our team will review this report.' };
    },
  };
}

export type UsersService = ReturnType<typeof createUsersService>;

/**
 * People: search, follow, profiles, block and report. Every privacy and block rule is
 * the access module's; blocked members see each other as not found.
 */
import type { Kysely } from 'kysely';
import { PAGE_SIZE_DEFAULT } from '@gameon/shared';
import type {
  BlockedUser,
  FollowListMember,
  followListQuerySchema,
  UserSummary,
  UserProfile,
  UserSearchResult,
  userSearchQuerySchema,
} from '@gameon/shared';
import type { z } from 'zod';
import type { DB } from '../../db/types.js';
import {
  decodeKeysetCursor,
  decodeOffsetCursor,
  encodeKeysetCursor,
  encodeOffsetCursor,
} from '../../lib/cursor.js';
import { notFound } from '../../lib/errors.js';
import type { DomainEventBus } from '../../lib/events.js';
import { nowIso } from '../../lib/time.js';
import type { AccessService } from '../access/index.js';
import type { ReportsService } from '../admin/reports.service.js';
import type { SettingsService } from '../settings/settings.service.js';
import type { RateLimiter } from '../../lib/rate-limit.js';
import * as repo from './users.repository.js';

/** A page of a follow list and the next page's cursor (absent on the last page). */
export interface FollowPage {
  users: UserSummary[];
  nextCursor?: string;
}

const EMPTY_PAGE: FollowPage = { users: [] };

/** Who is connected right now; the realtime module provides it (across nodes with Redis). */
export interface Presence {
  isOnline(userId: number): Promise<boolean>;
}

export function createUsersService({
  db,
  searchPlan,
  limiter,
  presence,
  events,
  access,
  settings,
  reports,
}: {
  db: Kysely<DB>;
  /** The engine's part of people search, chosen at start-up (users.repository.ts). */
  searchPlan: repo.PeopleSearchPlan;
  /** Per-member write limits. */
  limiter: Pick<RateLimiter, 'write'>;
  presence: Presence;
  events: DomainEventBus;
  access: AccessService;
  settings: Pick<SettingsService, 'profileDetails'>;
  /** Where reports go (the admin module). */
  reports: Pick<ReportsService, 'fileReport'>;
}) {
  /** A page of a follow list of `ownerId` as `viewerId` sees it, and the next page's cursor. */
  async function followPage(
    viewerId: number,
    ownerId: number,
    direction: 'followers' | 'following',
    page: { limit: number; cursor?: string; q?: string },
  ): Promise<FollowPage> {
    const rows = await repo.listFollows(db, ownerId, direction, viewerId, {
      limit: page.limit + 1,
      ...(page.cursor === undefined ? {} : { after: decodeKeysetCursor(page.cursor) }),
      ...(page.q === undefined ? {} : { q: page.q }),
    });
    const shown = rows.slice(0, page.limit);
    const last = shown.at(-1);
    return {
      users: shown.map(({ followed_at: _followedAt, ...user }) => user),
      ...(rows.length > page.limit && last
        ? { nextCursor: encodeKeysetCursor({ time: last.followed_at, id: last.id }) }
        : {}),
    };
  }

  return {
    /**
     * `GET /users/{id}/followers` and `/following`: a page of the list, newest follow first,
     * as the profile shows it (empty when the profile is friends-only for the viewer; blocked
     * and suspended members left out), optionally only usernames containing `q`; each with
     * whether the viewer follows them.
     * @throws AppError 404 unknown or blocked owner, 400 invalid cursor.
     */
    async follows(
      viewerId: number,
      ownerId: number,
      direction: 'followers' | 'following',
      query: z.output<typeof followListQuerySchema>,
    ): Promise<{ users: FollowListMember[]; nextCursor?: string }> {
      const seen = await access.requireProfile(viewerId, ownerId);
      if (!seen.profile) return { users: [] };
      const page = await followPage(viewerId, ownerId, direction, query);
      const viewerSees = await access.profiles(
        viewerId,
        page.users.map((u) => u.id),
      );
      return {
        ...page,
        users: page.users.map((u) => ({
          ...u,
          is_following: viewerSees.get(u.id)?.viewerFollowsOwner ?? false,
        })),
      };
    },

    /**
     * The members told when `userId` comes online or goes offline: their followers, or nobody
     * when `userId` hides their online status (`show_online_status`).
     */
    presenceAudience: (userId: number): Promise<number[]> => access.presenceAudience(userId),

    /**
     * `GET /users/search?q=`: ranked matches (never the viewer nor anyone blocked either way)
     * with whether the viewer follows each, and the next page's offset cursor.
     * @throws AppError 400 invalid cursor.
     */
    async search(
      viewerId: number,
      query: z.output<typeof userSearchQuerySchema>,
    ): Promise<{ users: UserSearchResult[]; nextCursor?: string }> {
      const offset = decodeOffsetCursor(query.cursor);
      const found = await repo.searchUserIds(
        db,
        searchPlan,
        viewerId,
        query.q,
        query.limit + 1,
        offset,
      );
      const ids = found.slice(0, query.limit);
      const [users, seen] = await Promise.all([
        repo.findMembers(db, ids),
        access.profiles(viewerId, ids),
      ]);
      return {
        users: users.map((u) => {
          // Search shows what the profile shows: friends-only profiles hide bio, sports and tags.
          const parts = seen.get(u.id);
          const open = parts?.profile ?? false;
          return {
            id: u.id,
            username: u.username,
            bio: open ? u.bio : '',
            sports: open ? u.sports : [],
            tags: open ? u.tags : [],
            profile_picture_url: u.profile_picture_url,
            is_following: parts?.viewerFollowsOwner ?? false,
          };
        }),
        ...(found.length > query.limit
          ? { nextCursor: encodeOffsetCursor(offset, query.limit) }
          : {}),
      };
    },

    /**
     * `GET /users/{id}`: the profile as the viewer may see it (the access module's privacy
     * rules). `followers` and `following` are the first page of each list (BEYOND-THE-SPEC:
     * lists that grow without bound are paged), leaving out members blocked either way with the
     * viewer, with the next page's cursor; the counts come from the counters kept on write and
     * count every follower but suspended members, whatever the viewer's blocks.
     * @throws AppError 404 unknown or blocked.
     */
    async profile(viewerId: number, ownerId: number): Promise<UserProfile> {
      const seen = await access.requireProfile(viewerId, ownerId);
      const first = { limit: PAGE_SIZE_DEFAULT };
      const [[owner], details, followers, following, counts] = await Promise.all([
        repo.findMembers(db, [ownerId]),
        settings.profileDetails(ownerId),
        seen.profile ? followPage(viewerId, ownerId, 'followers', first) : EMPTY_PAGE,
        seen.profile ? followPage(viewerId, ownerId, 'following', first) : EMPTY_PAGE,
        repo.followCounts(db, ownerId),
      ]);
      if (!owner) throw notFound('User not found');
      return {
        id: owner.id,
        username: owner.username,
        profile_picture_url: owner.profile_picture_url,
        cover_photo_url: details.settings.cover_photo_url,
        bio: seen.profile ? owner.bio : '',
        sports: seen.profile ? owner.sports : [],
        tags: seen.profile ? owner.tags : [],
        skills: seen.profile ? details.skills : [],
        location_city: seen.profile ? details.settings.location_city : null,
        phone_number: seen.phone ? details.settings.phone_number : null,
        followers: followers.users,
        following: following.users,
        availability: seen.profile ? details.availability : [],
        online: seen.online ? await presence.isOnline(ownerId) : null,
        followers_count: counts.followers,
        following_count: counts.following,
        followers_next_cursor: followers.nextCursor ?? null,
        following_next_cursor: following.nextCursor ?? null,
        is_following: seen.viewerFollowsOwner,
        follows_you: seen.ownerFollowsViewer,
        restricted: !seen.profile,
        activity_visible: seen.activity,
        created_at: owner.created_at,
      };
    },

    /**
     * Follows a member (idempotent).
     * @throws AppError 400 oneself, 404 unknown or blocked, 429 past the limit.
     */
    async follow(viewerId: number, ownerId: number): Promise<{ success: true; following: true }> {
      await limiter.write('interestOrFollow', viewerId);
      await access.requireMayFollow(viewerId, ownerId);
      if (await repo.follow(db, viewerId, ownerId, nowIso())) {
        const [follower] = await repo.findMembers(db, [viewerId]);
        if (follower)
          events.emit('follow.created', {
            follower: { id: follower.id, username: follower.username },
            followeeId: ownerId,
          });
      }
      return { success: true, following: true };
    },

    /**
     * Unfollows (idempotent).
     * @throws AppError 400 oneself, 429 past the limit (follows and unfollows together).
     */
    async unfollow(
      viewerId: number,
      ownerId: number,
    ): Promise<{ success: true; following: false }> {
      await limiter.write('interestOrFollow', viewerId);
      access.requireOther(viewerId, ownerId, 'unfollow');
      await repo.unfollow(db, viewerId, ownerId);
      return { success: true, following: false };
    },

    /**
     * Blocks a member: follows both ways end.
     * @throws AppError 400 oneself, 404 unknown, 429 past the limit (blocks and unblocks together).
     */
    async block(viewerId: number, ownerId: number): Promise<{ success: true }> {
      await limiter.write('block', viewerId);
      await access.requireExisting(viewerId, ownerId, 'block');
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

    /** Unblocks (idempotent). @throws AppError 429 past the limit (blocks and unblocks together). */
    async unblock(viewerId: number, ownerId: number): Promise<{ success: true }> {
      await limiter.write('block', viewerId);
      await repo.unblock(db, viewerId, ownerId);
      return { success: true };
    },

    /**
     * Files a report about a member for the operators, with their username, bio,
     * sports and interests as they read now.
     * @throws AppError 400 oneself, 404 unknown, 429 past the limit.
     */
    async report(
      viewerId: number,
      ownerId: number,
      reason: string,
    ): Promise<{ success: true; message: string }> {
      await limiter.write('report', viewerId);
      await access.requireExisting(viewerId, ownerId, 'report');
      const [owner] = await repo.findMembers(db, [ownerId]);
      if (!owner) throw notFound('User not found');
      return reports.fileReport({
        reporterId: viewerId,
        targetType: 'member',
        targetId: ownerId,
        memberId: ownerId,
        reason,
        snapshot: {
          type: 'member',
          username: owner.username,
          bio: owner.bio,
          sports: owner.sports,
          tags: owner.tags,
        },
      });
    },
  };
}

export type UsersService = ReturnType<typeof createUsersService>;

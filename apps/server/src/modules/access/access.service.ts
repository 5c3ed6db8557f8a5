/**
 * Access (ARCHITECTURE.md "How a request flows", after Immich's `utils/access.ts`): every
 * "may X see / do Y" of GameOn in one place. A service method starts with one call here; the
 * facts are loaded in batches over ids and judged by the pure rules of `rules.ts`. Blocked
 * members, unknown members and other people's conversations all look "not found" (CONTRACT.md
 * 404: ids of what one may not see are not revealed), and so does everything of a suspended
 * member to everyone else: profile, games, reviews, events, calendar feed and
 * conversations answer 404 (lists leave them out through `presentTo`), and messages to them are
 * refused with "This member is not available".
 */
import type { Kysely } from 'kysely';
import type { DB } from '../../db/types.js';
import { badRequest, forbidden, notFound } from '../../lib/errors.js';
import { publicPoint } from '../../lib/geo.js';
import * as repo from './access.repository.js';
import {
  commentRefusal,
  costRole,
  hidden,
  isOperator,
  messageRefusal,
  onlineVisible,
  relationship,
  visibleParts,
  type Relationship,
} from './rules.js';

/** The refusal of a message to, or a conversation with, a suspended member. */
export const MEMBER_UNAVAILABLE = 'This member is not available';

/** How a viewer may see one member (the privacy rules enforced on the server). */
export interface ProfileAccess {
  rel: Relationship;
  viewerFollowsOwner: boolean;
  ownerFollowsViewer: boolean;
  /** Bio, sports, skills, tags, home city, follower lists, availability. */
  profile: boolean;
  phone: boolean;
  /** The member's posts and reviews lists. */
  activity: boolean;
  /** Whether the member's online status may be shown (show_online_status). */
  online: boolean;
}

/** An action one member takes on another, as named in the refusal "You cannot X yourself". */
export type MemberAction = 'follow' | 'unfollow' | 'block' | 'report' | 'message' | 'invite';

/**
 * `adminEmails`: the operators' addresses (config `ADMIN_EMAILS`, lower-cased; default none).
 */
export function createAccessService({
  db,
  adminEmails = [],
}: {
  db: Kysely<DB>;
  adminEmails?: readonly string[];
}) {
  /**
   * The facts every people rule reads, for a batch of members in three queries: who exists (with
   * their usernames), how each relates to `viewerId`, and each one's privacy settings.
   */
  async function facts(viewerId: number, ownerIds: number[]) {
    const [found, relations, settings] = await Promise.all([
      repo.members(db, ownerIds),
      repo.relationFacts(db, viewerId, ownerIds),
      repo.privacySettings(db, ownerIds),
    ]);
    const relate = (ownerId: number) => {
      const viewerFollowsOwner = relations.following.has(ownerId);
      const ownerFollowsViewer = relations.followers.has(ownerId);
      const blocked = relations.blocked.has(ownerId);
      const rel = relationship({
        viewerId,
        ownerId,
        viewerFollowsOwner,
        ownerFollowsViewer,
        blocked,
        suspended: found.get(ownerId)?.suspended ?? false,
      });
      return { rel, viewerFollowsOwner, ownerFollowsViewer, settings: settings.get(ownerId)! };
    };
    return { found, relate };
  }

  /**
   * How `viewerId` may see each of `ownerIds` that exists (three queries for the batch).
   * Blocked members are included with `rel: 'blocked'`, suspended ones with `rel: 'absent'`, and
   * nothing visible.
   */
  async function profiles(
    viewerId: number,
    ownerIds: number[],
  ): Promise<Map<number, ProfileAccess>> {
    const { found, relate } = await facts(viewerId, ownerIds);
    const result = new Map<number, ProfileAccess>();
    for (const ownerId of found.keys()) {
      const { rel, viewerFollowsOwner, ownerFollowsViewer, settings } = relate(ownerId);
      result.set(ownerId, {
        rel,
        viewerFollowsOwner,
        ownerFollowsViewer,
        ...visibleParts(settings, rel),
        online: onlineVisible(settings, rel),
      });
    }
    return result;
  }

  /**
   * @throws AppError 404 'User not found' when `ownerId` does not exist, a block stands or the
   *   member is suspended.
   */
  async function requireProfile(viewerId: number, ownerId: number): Promise<ProfileAccess> {
    const seen = (await profiles(viewerId, [ownerId])).get(ownerId);
    if (!seen || hidden(seen.rel)) throw notFound('User not found');
    return seen;
  }

  /**
   * Of `ownerIds`, those `viewerId` (null: signed out) may not see, and why: 'blocked' (a block
   * either way) or 'absent' (suspended; never the viewer themselves), in one query.
   */
  async function hiddenAmong(
    viewerId: number | null,
    ownerIds: number[],
  ): Promise<Map<number, 'blocked' | 'absent'>> {
    const facts = await repo.visibilityFacts(db, viewerId, ownerIds);
    const result = new Map<number, 'blocked' | 'absent'>();
    for (const [ownerId, { blocked, suspended }] of facts) {
      const rel = relationship({
        // 0 is no member's id: a signed-out viewer is never the owner.
        viewerId: viewerId ?? 0,
        ownerId,
        viewerFollowsOwner: false,
        ownerFollowsViewer: false,
        blocked,
        suspended,
      });
      if (hidden(rel)) result.set(ownerId, rel);
    }
    return result;
  }

  /**
   * `viewerId` (null: signed out) may see every post of `postIds`: each exists, no block stands
   * with its author and the author is not suspended.
   * @returns the author of each post, by post id.
   * @throws AppError 404 'Post not found'.
   */
  async function requirePosts(
    viewerId: number | null,
    postIds: number[],
  ): Promise<Map<number, number>> {
    const authors = await repo.postAuthors(db, postIds);
    const unseen = await hiddenAmong(viewerId, [...authors.values()]);
    for (const postId of postIds) {
      const authorId = authors.get(postId);
      if (authorId === undefined || unseen.has(authorId)) throw notFound('Post not found');
    }
    return authors;
  }

  /** @throws AppError 400 'You cannot {action} yourself'. */
  function requireOther(viewerId: number, ownerId: number, action: MemberAction): void {
    if (viewerId === ownerId) throw badRequest(`You cannot ${action} yourself`);
  }

  return {
    profiles,
    requireProfile,
    hiddenAmong,

    /**
     * `viewerId` may see `ownerId`'s posts and reviews (`activity_history_visibility`).
     * @throws AppError 404 unknown or blocked, 403 'activity_private' hidden from this viewer.
     */
    async requireActivity(viewerId: number, ownerId: number): Promise<ProfileAccess> {
      const seen = await requireProfile(viewerId, ownerId);
      if (!seen.activity) throw forbidden('activity_private', "This member's activity is private");
      return seen;
    },

    /**
     * Of `ownerIds`, the members whose activity `viewerId` may see
     * (`activity_history_visibility`; oneself always): a list of everyone's work, such as the
     * reviews list, names only these as authors, so a private activity is not read there while
     * the member's own lists refuse it. Three queries for the batch.
     */
    async activityVisibleAmong(viewerId: number, ownerIds: number[]): Promise<Set<number>> {
      const seen = await profiles(viewerId, [...new Set(ownerIds)]);
      return new Set([...seen].filter(([, access]) => access.activity).map(([id]) => id));
    },

    /** Unfollowing needs no more than another member. @throws AppError 400 oneself. */
    requireOther,

    /** Following needs a member one may see. @throws AppError 400 oneself, 404 unknown or blocked. */
    async requireMayFollow(viewerId: number, ownerId: number): Promise<ProfileAccess> {
      requireOther(viewerId, ownerId, 'follow');
      return requireProfile(viewerId, ownerId);
    },

    /**
     * Blocking and reporting need a member who exists (a block may stand already, or the member
     * may be suspended: as with a block, one may still block or report them).
     * @throws AppError 400 oneself, 404 unknown.
     */
    async requireExisting(viewerId: number, ownerId: number, action: 'block' | 'report') {
      requireOther(viewerId, ownerId, action);
      if (!(await repo.members(db, [ownerId])).has(ownerId)) throw notFound('User not found');
    },

    /**
     * `senderId` may message `recipientId` (the recipient's message_requests, blocks;
     * not a suspended member).
     * @throws AppError 400 oneself, 404 unknown or blocked either way, 404 {@link MEMBER_UNAVAILABLE}
     *   when the recipient is suspended, 403 'messages_closed' or 'messages_friends_only' when the
     *   recipient's message_requests refuse the sender.
     */
    async requireMayMessage(senderId: number, recipientId: number): Promise<void> {
      requireOther(senderId, recipientId, 'message');
      // One query for the pair (this runs before every direct message).
      const recipient = await repo.pairFacts(db, senderId, recipientId);
      if (!recipient) throw notFound('User not found');
      const rel = relationship({ viewerId: senderId, ownerId: recipientId, ...recipient });
      switch (messageRefusal(recipient.messageRequests, rel)) {
        case 'blocked':
          throw notFound('User not found');
        case 'unavailable':
          throw notFound(MEMBER_UNAVAILABLE);
        case 'closed':
          throw forbidden('messages_closed', `${recipient.username} does not accept messages`);
        case 'friends_only':
          throw forbidden(
            'messages_friends_only',
            `${recipient.username} only accepts messages from friends`,
          );
        case null:
          return;
      }
    },

    /**
     * `userId` may open a direct conversation: it is theirs, no block stands between the two and
     * the other member is not suspended (the list hides such conversations, so they are not found
     * by id either).
     * @returns the other member's id, null once they deleted their account.
     * @throws AppError 404 'Conversation not found'.
     */
    async requireConversation(
      userId: number,
      conversationId: number,
    ): Promise<{ otherId: number | null }> {
      const conversation = await repo.conversationMembers(db, conversationId, userId);
      if (!conversation) throw notFound('Conversation not found');
      const otherId =
        conversation.user_a_id === userId ? conversation.user_b_id : conversation.user_a_id;
      if (otherId !== null && (await hiddenAmong(userId, [otherId])).size > 0)
        throw notFound('Conversation not found');
      return { otherId };
    },

    /**
     * `userId` opens their conversation with member `otherId` by the member's id: a
     * block either way shows it empty, as if there were none (the list hides it).
     * @returns whether the conversation may be shown.
     * @throws AppError 404 {@link MEMBER_UNAVAILABLE} when `otherId` is suspended.
     */
    async conversationPartner(userId: number, otherId: number): Promise<boolean> {
      const reason = (await hiddenAmong(userId, [otherId])).get(otherId);
      if (reason === 'absent') throw notFound(MEMBER_UNAVAILABLE);
      return reason === undefined;
    },

    /**
     * `viewerId` (null: signed out) may see every post of `postIds`: each exists, no block
     * stands with its author (a blocked member's games are not there) and its author is
     * not suspended (from the feed, a direct link, its share preview and calendars
     * alike, until the suspension ends).
     * @returns the author of each post, by post id.
     * @throws AppError 404 'Post not found'.
     */
    requirePosts,

    /**
     * Whether `viewerId` (null: signed out) may read and write the comments of game `postId`
     * (the host's `post_comments`: `anyone` = every member, `friends_only` = members the host
     * follows who follow back, the host themselves; `none` closes and hides the thread for all).
     * @returns the host's id, their setting, and why the viewer may not write (null: they may;
     *   see rules.ts commentRefusal).
     * @throws AppError 404 'Post not found' when the game is unknown or hidden from the viewer
     *   (a block either way with its host, or the host's suspension), as `GET /posts/{id}`.
     */
    async commentAccess(viewerId: number | null, postId: number) {
      const hostId = (await requirePosts(viewerId, [postId])).get(postId)!;
      const setting = await repo.postCommentsSetting(db, hostId);
      let rel: Relationship | null = null;
      if (viewerId !== null) {
        const { following, followers } = await repo.relationFacts(db, viewerId, [hostId]);
        rel = relationship({
          viewerId,
          ownerId: hostId,
          viewerFollowsOwner: following.has(hostId),
          ownerFollowsViewer: followers.has(hostId),
          // requirePosts has answered 404 for either.
          blocked: false,
          suspended: false,
        });
      }
      return { hostId, setting, refusal: commentRefusal(setting, rel) };
    },

    /**
     * `viewerId` may see the cost split of game `postId` whose host and joined players are
     * `game` (the posts module's joinedPlayers): the game is visible to them (no block either
     * way with its host, the host not suspended) and they are its host or one of its joined
     * players; waitlisted members and everyone else are refused.
     * @returns 'host' or 'player'.
     * @throws AppError 404 'Post not found' (unknown or hidden, as `GET /posts/{id}`), 403
     *   'not_in_game' for anyone but the host and the joined players.
     */
    async requireCostView(
      viewerId: number,
      postId: number,
      game: { hostId: number; playerIds: readonly number[] } | undefined,
    ): Promise<'host' | 'player'> {
      await requirePosts(viewerId, [postId]);
      if (!game) throw notFound('Post not found');
      const role = costRole(viewerId, game.hostId, game.playerIds);
      if (role === null)
        throw forbidden('not_in_game', 'Only the host and the players of this game see its cost');
      return role;
    },

    /**
     * `viewerId` may see every review of `reviewIds`: each exists, no block stands with its
     * author (a blocked member's reviews are not there) and its author is not
     * suspended.
     * @returns the author of each review, by review id.
     * @throws AppError 404 'Review not found'.
     */
    async requireReviews(viewerId: number, reviewIds: number[]): Promise<Map<number, number>> {
      const authors = await repo.reviewAuthors(db, reviewIds);
      const unseen = await hiddenAmong(viewerId, [...authors.values()]);
      for (const reviewId of reviewIds) {
        const authorId = authors.get(reviewId);
        if (authorId === undefined || unseen.has(authorId)) throw notFound('Review not found');
      }
      return authors;
    },

    /**
     * `viewerId` (null: signed out) may see event `eventId`: it exists, for a member no block
     * stands with its organizer (as for games), and its organizer is not
     * suspended (the event is closed, so neither shown nor open to registration).
     * Events are public, so nothing else hides one.
     * @returns the organizer's id.
     * @throws AppError 404 'Event not found'.
     */
    async requireEvent(viewerId: number | null, eventId: number): Promise<number> {
      const organizerId = await repo.eventOrganizer(db, eventId);
      if (organizerId === undefined || (await hiddenAmong(viewerId, [organizerId])).size > 0)
        throw notFound('Event not found');
      return organizerId;
    },

    /**
     * `organizerId` may invite `inviteeId` to event `eventId`: the event is theirs and visible
     * ({@link requireEvent}), and the invitee is another member they may see — no block either
     * way, not suspended (an invitation between members blocked either way is refused, and
     * looks like an unknown member, as a profile does).
     * @throws AppError 404 'Event not found', 403 'not_organizer' for anyone but the
     *   organizer, 400 'You cannot invite yourself', 404 'User not found'.
     */
    async requireMayInvite(organizerId: number, eventId: number, inviteeId: number) {
      const owner = await repo.eventOrganizer(db, eventId);
      if (owner === undefined || (await hiddenAmong(organizerId, [owner])).size > 0)
        throw notFound('Event not found');
      if (owner !== organizerId)
        throw forbidden('not_organizer', 'Only the organizer can invite members to this event');
      requireOther(organizerId, inviteeId, 'invite');
      await requireProfile(organizerId, inviteeId);
    },

    /**
     * The private calendar feed of `ownerId` may be read: not while they are
     * suspended.
     * @throws AppError 404 'Calendar not found'.
     */
    async requireCalendarFeed(ownerId: number): Promise<void> {
      if ((await hiddenAmong(null, [ownerId])).size > 0) throw notFound('Calendar not found');
    },

    /**
     * Operators are not suspended through the app: one operator could otherwise lock another out,
     * who could then not sign in to undo it. Who is an operator is `ADMIN_EMAILS`' alone to say.
     * @throws AppError 403 'operator_not_suspendable' when `memberId` is an operator.
     */
    async requireSuspendable(memberId: number): Promise<void> {
      const email = await repo.memberEmail(db, memberId);
      if (email !== undefined && isOperator(email, adminEmails))
        throw forbidden('operator_not_suspendable', 'Operators cannot be suspended');
    },

    /** Whether the member with e-mail `email` is an operator (`ADMIN_EMAILS`). */
    isOperator(email: string): boolean {
      return isOperator(email, adminEmails);
    },

    /**
     * Only operators read reports and suspend members.
     * @throws AppError 403 'operator_only' for anyone else.
     */
    async requireOperator(userId: number): Promise<void> {
      const email = await repo.memberEmail(db, userId);
      if (email === undefined || !isOperator(email, adminEmails))
        throw forbidden('operator_only', 'Only operators can do this');
    },

    /**
     * The members told when `userId` comes online or goes offline: their followers, or nobody
     * when `userId` hides their online status (`show_online_status`).
     */
    async presenceAudience(userId: number): Promise<number[]> {
      const settings = (await repo.privacySettings(db, [userId])).get(userId)!;
      if (settings.show_online_status !== 1) return [];
      return repo.followerIds(db, userId);
    },

    /**
     * The point others will see of a game `authorId` places at `point` ([lng, lat]), by the
     * author's location_sharing: exact, snapped to a ~1 km cell, or null (hidden).
     */
    async publicPointOf(
      authorId: number,
      point: readonly [number, number],
    ): Promise<[number, number] | null> {
      const { location_sharing } = (await repo.privacySettings(db, [authorId])).get(authorId)!;
      return publicPoint(point[0], point[1], location_sharing);
    },
  };
}

export type AccessService = ReturnType<typeof createAccessService>;

/**
 * The privacy rules as pure functions (STYLE.md, after atproto's rules stage): how a
 * viewer relates to a member, which of the member's fields and points that viewer may see, and
 * who may message whom. "Friends" are members who follow each other; where two settings apply,
 * the stricter wins; a block either way hides each from the other; a suspended member is absent
 * to everyone else (suspension). The access service loads the facts these rules need, in
 * batches; nothing else in the server decides them.
 */
import type {
  Audience,
  LocationSharing,
  MessageRequests,
  ProfileVisibility,
} from '../../db/types.js';

/**
 * How a viewer relates to a member: 'blocked' when either blocked the other, 'absent' when an
 * operator suspended the member (to everyone but themselves they are not there).
 */
export type Relationship = 'self' | 'friend' | 'follower' | 'stranger' | 'blocked' | 'absent';

export interface RelationFacts {
  viewerId: number;
  ownerId: number;
  viewerFollowsOwner: boolean;
  ownerFollowsViewer: boolean;
  /** Either has blocked the other. */
  blocked: boolean;
  /** An operator suspended the owner. */
  suspended: boolean;
}

/**
 * The viewer's relationship to the owner. A block in either direction wins, then the owner's
 * suspension (a blocked pair learns nothing more from it).
 */
export function relationship(f: RelationFacts): Relationship {
  if (f.viewerId === f.ownerId) return 'self';
  if (f.blocked) return 'blocked';
  if (f.suspended) return 'absent';
  if (f.viewerFollowsOwner && f.ownerFollowsViewer) return 'friend';
  return f.viewerFollowsOwner ? 'follower' : 'stranger';
}

/** Whether a viewer with `rel` sees nothing of the member: a block either way, or a suspension. */
export function hidden(rel: Relationship): rel is 'blocked' | 'absent' {
  return rel === 'blocked' || rel === 'absent';
}

/** Whether `audience` admits a viewer with `rel`. */
export function admits(audience: Audience | ProfileVisibility, rel: Relationship): boolean {
  if (rel === 'self') return true;
  if (hidden(rel)) return false;
  switch (audience) {
    case 'public':
      return true;
    case 'friends_only':
      return rel === 'friend';
    case 'private':
      return false;
  }
}

/** The settings the privacy rules read (a member's `user_settings` row, spec part 2 §9). */
export interface PrivacySettings {
  profile_visibility: ProfileVisibility;
  phone_visibility: Audience;
  activity_history_visibility: Audience;
  location_sharing: LocationSharing;
  message_requests: MessageRequests;
  /** 0/1 as stored. */
  show_online_status: number;
}

/** The privacy settings of a member who never saved any (spec part 2 §9 defaults). */
export const DEFAULT_PRIVACY: PrivacySettings = {
  profile_visibility: 'public',
  location_sharing: 'general',
  show_online_status: 0,
  activity_history_visibility: 'public',
  phone_visibility: 'friends_only',
  message_requests: 'anyone',
};

/** What of a member's profile a viewer may see (the privacy rules enforced on the server). */
export function visibleParts(
  settings: Pick<
    PrivacySettings,
    'profile_visibility' | 'phone_visibility' | 'activity_history_visibility'
  >,
  rel: Relationship,
) {
  const profile = admits(settings.profile_visibility, rel);
  return {
    /** Bio, sports, skills, tags, home city, follower lists. Username and picture always show. */
    profile,
    phone: profile && admits(settings.phone_visibility, rel),
    /** The profile's posts and reviews lists. */
    activity: profile && admits(settings.activity_history_visibility, rel),
  };
}

/** Whether a viewer with `rel` is shown the member's online status (`show_online_status`). */
export function onlineVisible(
  settings: Pick<PrivacySettings, 'show_online_status'>,
  rel: Relationship,
): boolean {
  return !hidden(rel) && settings.show_online_status === 1;
}

/**
 * Why `rel` may not message a member with `requests` (`message_requests`), or null when
 * it may: 'blocked', 'unavailable' (suspended), 'closed' (none), 'friends_only' (only friends may).
 */
export function messageRefusal(
  requests: MessageRequests,
  rel: Relationship,
): 'blocked' | 'unavailable' | 'closed' | 'friends_only' | null {
  if (rel === 'blocked') return 'blocked';
  if (rel === 'absent') return 'unavailable';
  if (rel === 'self') return null;
  if (requests === 'none') return 'closed';
  if (requests === 'friends_only' && rel !== 'friend') return 'friends_only';
  return null;
}

/**
 * Why a viewer with `rel` to a game's host (null: signed out) may not comment on it under the
 * host's `post_comments` (`setting`), or null when they may: 'closed' (`none`: the thread is
 * closed to everyone, the host too), 'friends_only' (only members the host follows who follow
 * back), 'signed_out'. A block either way or the host's suspension hides the game itself, so it
 * never reaches here (callers answer 404 first).
 */
export function commentRefusal(
  setting: MessageRequests,
  rel: Relationship | null,
): 'closed' | 'friends_only' | 'signed_out' | null {
  if (setting === 'none') return 'closed';
  if (rel === null) return 'signed_out';
  if (setting === 'friends_only' && rel !== 'self' && rel !== 'friend') return 'friends_only';
  return null;
}

/**
 * The point of a game `viewerId` (null: a signed-out visitor) may see: the author
 * sees the exact point, everyone else the public one stored from the author's location_sharing,
 * or null when it is hidden.
 */
export function pointShownTo(
  viewerId: number | null,
  post: {
    author_id: number;
    lng: number;
    lat: number;
    public_lng: number | null;
    public_lat: number | null;
  },
): [number, number] | null {
  if (post.author_id === viewerId) return [post.lng, post.lat];
  return post.public_lng !== null && post.public_lat !== null
    ? [post.public_lng, post.public_lat]
    : null;
}

/**
 * An operator reads reports and suspends members: their e-mail address is one of
 * `adminEmails` (`ADMIN_EMAILS`, already lower-cased), compared case-insensitively.
 */
export function isOperator(email: string, adminEmails: readonly string[]): boolean {
  return adminEmails.includes(email.trim().toLowerCase());
}

/**
 * How `viewerId` takes part in a game's cost split: 'host', 'player' (one of the game's joined
 * players, `playerIds`), or null for anyone else, waitlisted members included. Only the host and
 * the joined players see the host's UPI ID, QR code and link.
 */
export function costRole(
  viewerId: number,
  hostId: number,
  playerIds: readonly number[],
): 'host' | 'player' | null {
  if (viewerId === hostId) return 'host';
  return playerIds.includes(viewerId) ? 'player' : null;
}

/**
 * Whose payment marks a viewer with `role` sees among a game's: the host every player's, a
 * player only their own (`viewerId`'s).
 */
export function paymentsShown<T extends { userId: number }>(
  role: 'host' | 'player',
  viewerId: number,
  payments: readonly T[],
): T[] {
  return role === 'host' ? [...payments] : payments.filter((p) => p.userId === viewerId);
}

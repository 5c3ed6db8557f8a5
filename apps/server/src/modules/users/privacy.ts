/**
 * The privacy rules of issue 4 in one place (STYLE.md, after atproto): how a viewer relates to
 * a member, and which of the member's fields that viewer may see. "Friends" are members who
 * follow each other; where two settings apply, the stricter wins.
 */
import type { Audience, ProfileVisibility } from '../../db/types.js';

export type Relationship = 'self' | 'friend' | 'follower' | 'stranger' | 'blocked';

export interface RelationFacts {
  viewerId: number;
  ownerId: number;
  viewerFollowsOwner: boolean;
  ownerFollowsViewer: boolean;
  /** Either has blocked the other. */
  blocked: boolean;
}

/** The viewer's relationship to the owner. A block in either direction wins. */
export function relationship(f: RelationFacts): Relationship {
  if (f.viewerId === f.ownerId) return 'self';
  if (f.blocked) return 'blocked';
  if (f.viewerFollowsOwner && f.ownerFollowsViewer) return 'friend';
  return f.viewerFollowsOwner ? 'follower' : 'stranger';
}

/** Whether `audience` admits a viewer with `rel`. */
export function admits(audience: Audience | ProfileVisibility, rel: Relationship): boolean {
  if (rel === 'self') return true;
  if (rel === 'blocked') return false;
  switch (audience) {
    case 'public':
      return true;
    case 'friends_only':
      return rel === 'friend';
    case 'private':
      return false;
  }
}

export interface PrivacySettings {
  profile_visibility: ProfileVisibility;
  phone_visibility: Audience;
  activity_history_visibility: Audience;
}

/** What of a member's profile a viewer may see (issue 4 "Privacy on the server"). */
export function visibleParts(settings: PrivacySettings, rel: Relationship) {
  const profile = admits(settings.profile_visibility, rel);
  return {
    /** Bio, sports, skills, tags, home city, follower lists. Username and picture always show. */
    profile,
    phone: profile && admits(settings.phone_visibility, rel),
    /** The profile's posts and reviews lists. */
    activity: profile && admits(settings.activity_history_visibility, rel),
  };
}

/** Pure readings of a game shared by the feed, the game page and My Posts. */
import type { Post } from '@gameon/shared';

/**
 * Where the viewer stands in a game: joined, offered a freed place until `expiresAt` (UTC ISO),
 * waitlisted at a 1-based place, or out.
 */
export type ViewerPlace =
  | { status: 'joined' }
  | { status: 'offered'; expiresAt: string }
  | { status: 'waitlisted'; position: number }
  | { status: 'out' };

/**
 * The viewer's place in `post`, read from its joined members, its offered places and its
 * waitlist; a signed-out visitor (null) is out.
 */
export function viewerPlace(post: Post, viewerId: number | null): ViewerPlace {
  if (post.interested_users.some((entry) => entry.user_id === viewerId))
    return { status: 'joined' };
  const offer = (post.offered ?? []).find((entry) => entry.user_id === viewerId);
  if (offer) return { status: 'offered', expiresAt: offer.expires_at };
  const index = (post.waitlist ?? []).findIndex((entry) => entry.user_id === viewerId);
  return index < 0 ? { status: 'out' } : { status: 'waitlisted', position: index + 1 };
}

/** The taken places of `post`: its joined members and the places offered (held) to others. */
export function takenPlaces(post: Post): number {
  return post.interested_users.length + (post.offered?.length ?? 0);
}

/** Whether every place of `post` is taken (`is_full`; counted when an old answer lacks it). */
export function isFull(post: Post): boolean {
  return post.is_full ?? takenPlaces(post) >= post.players_needed;
}

/** Whether the game has not started at `now` (spec part 2 §4: upcoming, else Past Event). */
export function isUpcoming(post: Post, now: Date = new Date()): boolean {
  return new Date(post.event_time).getTime() > now.getTime();
}

import type { Post } from '@gameon/shared';

/** The game just posted, as the create-post page hands it to the feed in the router's state. */
export interface CreatedPost {
  id: number;
  heading: string;
}

/** Router state that carries `post` to the feed after posting (see {@link createdPostOf}). */
export function createdPostState(post: Pick<Post, 'id' | 'heading'>): {
  createdPost: CreatedPost;
} {
  return { createdPost: { id: post.id, heading: post.heading } };
}

/** The game a router `state` carries from the create-post page, or null for any other state. */
export function createdPostOf(state: unknown): CreatedPost | null {
  if (typeof state !== 'object' || state === null || !('createdPost' in state)) return null;
  const created = state.createdPost as Partial<CreatedPost> | null;
  return typeof created?.id === 'number' && typeof created.heading === 'string'
    ? { id: created.id, heading: created.heading }
    : null;
}

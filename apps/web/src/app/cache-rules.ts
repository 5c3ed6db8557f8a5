/**
 * Where one feature's change shows in another feature's cache. Features do not import each
 * other (ARCHITECTURE.md "Layout"), so the app, which may import both, says it here: each rule
 * names a feature's mutation (by its `mutationOptions` factory) and updates other features'
 * caches through their `queryOptions` factories' keys. app/query-client.ts runs them.
 */
import { matchMutation } from '@tanstack/react-query';
import type { Mutation, MutationKey, MutationOptions, QueryClient } from '@tanstack/react-query';
import {
  feedQueries,
  homeAreaOf,
  homeAreaQuery,
  joinGameMutation,
  leaveGameMutation,
  saveHomeAreaMutation,
} from '../features/feed/api';
import { markDirectReadMutation } from '../features/messages/direct-api';
import { conversationNotificationsRead } from '../features/notifications/api';
import { followMutation } from '../features/people/api';
import {
  acceptOfferMutation,
  createPostMutation,
  declineOfferMutation,
  deletePostMutation,
  editPostMutation,
  postQueries,
  removePlayerMutation,
} from '../features/posts/api';
import { profileQueries, saveProfileFieldsMutation } from '../features/profile/api';
import {
  createReviewMutation,
  deleteReviewMutation,
  updateReviewMutation,
} from '../features/reviews/api';
import { settingsQueries } from '../features/settings/api';

interface CacheRule {
  mutationKey: MutationKey;
  after: (client: QueryClient, data: unknown, variables: unknown) => unknown;
}

/**
 * A rule: after `mutation` succeeds, `effect` runs with its answer and input. The types are the
 * mutation's own: the rule only runs for mutations made from those options (same key).
 */
function after<TData, TVariables>(
  mutation: MutationOptions<TData, Error, TVariables> & { mutationKey: MutationKey },
  effect: (client: QueryClient, data: TData, variables: TVariables) => unknown,
): CacheRule {
  return {
    mutationKey: mutation.mutationKey,
    after: (client, data, variables) => effect(client, data as TData, variables as TVariables),
  };
}

/** Refetches every profile query in view (their counts, lists and previews). */
function refetchProfiles(client: QueryClient) {
  return client.invalidateQueries({ queryKey: profileQueries.all() });
}

/** Refetches every game in view: the feed, game pages, My Posts and profiles' lists. */
function refetchGames(client: QueryClient) {
  return Promise.all([
    client.invalidateQueries({ queryKey: feedQueries.all() }),
    client.invalidateQueries({ queryKey: postQueries.all() }),
    refetchProfiles(client),
  ]);
}

const rules: CacheRule[] = [
  // A new post is in the feed (spec part 2 §2 "Create Post" -> feed).
  after(createPostMutation(), (client) =>
    client.invalidateQueries({ queryKey: feedQueries.all() }),
  ),
  // A new post is among the member's hosted games (spec part 2 §2 "My Posts").
  after(createPostMutation(), (client) =>
    client.invalidateQueries({ queryKey: postQueries.all() }),
  ),
  // Joining changes the game's page and the member's joined games.
  after(joinGameMutation(), (client) => client.invalidateQueries({ queryKey: postQueries.all() })),
  // Leaving frees a place, which the feed, the game page and My Posts show.
  after(leaveGameMutation(), (client) =>
    Promise.all([
      client.invalidateQueries({ queryKey: feedQueries.all() }),
      client.invalidateQueries({ queryKey: postQueries.all() }),
    ]),
  ),
  // An edited game, or one a player was removed from, reads anew everywhere it shows.
  after(editPostMutation(), refetchGames),
  after(removePlayerMutation(), refetchGames),
  // An answered offer fills a place or passes it on: everywhere the game shows.
  after(acceptOfferMutation(), refetchGames),
  after(declineOfferMutation(), refetchGames),
  // A deleted game leaves the feed and its host's profile (spec part 2 §8).
  after(deletePostMutation(), (client) =>
    Promise.all([
      client.invalidateQueries({ queryKey: feedQueries.all() }),
      client.invalidateQueries({ queryKey: profileQueries.all() }),
    ]),
  ),
  // A written, changed or deleted review shows in its author's profile (spec part 2 §2
  // "Reviews (n)").
  after(createReviewMutation(), refetchProfiles),
  after(updateReviewMutation(), refetchProfiles),
  after(deleteReviewMutation(), refetchProfiles),
  // A follow changes both members' counts and lists (spec part 2 §4 "Follow toggle").
  after(followMutation(), (client) => client.invalidateQueries({ queryKey: profileQueries.all() })),
  // Profile fields are saved through `PUT /settings`, which answers all settings.
  after(saveProfileFieldsMutation(), (client, settings) =>
    client.setQueryData(settingsQueries.settings().queryKey, settings),
  ),
  // The home city of the profile is the feed's home area, and the reverse.
  after(saveProfileFieldsMutation(), (client, settings) =>
    client.setQueryData(homeAreaQuery().queryKey, homeAreaOf(settings)),
  ),
  after(saveHomeAreaMutation(), (client, settings) => {
    client.setQueryData(settingsQueries.settings().queryKey, settings);
    client.setQueryData(homeAreaQuery().queryKey, homeAreaOf(settings));
    return client.invalidateQueries({ queryKey: profileQueries.all() });
  }),
  // Reading a direct conversation reads its message notification (spec part 1 §4).
  after(markDirectReadMutation(), (client, _data, conversationId) =>
    conversationNotificationsRead(client, conversationId),
  ),
];

/**
 * Runs the rules for `mutation`, which succeeded with `data` for `variables`: those whose
 * mutation key is the mutation's. Resolves once every rule's effect has.
 */
export async function applyCacheRules(
  client: QueryClient,
  mutation: Mutation<unknown, unknown, unknown>,
  data: unknown,
  variables: unknown,
): Promise<void> {
  await Promise.all(
    rules
      .filter((rule) => matchMutation({ mutationKey: rule.mutationKey, exact: true }, mutation))
      .map((rule) => rule.after(client, data, variables)),
  );
}

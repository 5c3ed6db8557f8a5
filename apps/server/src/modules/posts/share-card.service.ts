/**
 * Share cards of games (`og:image` of the game page): drawn once per game and version, kept in
 * this process's memory, least recently asked for dropped first.
 */
import type { PostsService } from './posts.service.js';
import { cardFacts, cardPng, cardSvg } from './share-card.js';

export interface ShareCardsDeps {
  posts: Pick<PostsService, 'getPublicVersion'>;
  /** Told of every card answered: 'hit' from the cache, 'render' newly drawn (metrics). */
  onCard?: (result: 'hit' | 'render') => void;
  /** How many games' cards to keep (a card is 60-100 KB). */
  max?: number;
}

interface Entry {
  version: number;
  /** The card's facts as JSON: a change no version records (a setting) still redraws it. */
  facts: string;
  png: Promise<Buffer>;
}

export function createShareCards({ posts, onCard, max = 500 }: ShareCardsDeps) {
  const cache = new Map<number, Entry>();

  return {
    /**
     * The share card of game `postId` as a signed-out visitor may see it (the same rule as the
     * share page: {@link PostsService.getPublicVersion}), a 1200×630 PNG, with the game's
     * version. Served from the cache while the game's version and the card's facts are those
     * it was drawn for.
     * @throws AppError 404 unknown, deleted, or its host suspended.
     */
    async png(postId: number): Promise<{ png: Buffer; version: number }> {
      const { post, version } = await posts.getPublicVersion(postId);
      const facts = cardFacts(post);
      const key = JSON.stringify(facts);
      let entry = cache.get(postId);
      cache.delete(postId);
      if (entry?.version === version && entry.facts === key) {
        onCard?.('hit');
      } else {
        const drawn: Entry = { version, facts: key, png: cardPng(cardSvg(facts)) };
        // A failed drawing is not kept.
        drawn.png.catch(() => cache.get(postId) === drawn && cache.delete(postId));
        entry = drawn;
        onCard?.('render');
      }
      // Last in the map's order is the most recently asked for.
      cache.set(postId, entry);
      if (cache.size > max) cache.delete(cache.keys().next().value!);
      return { png: await entry.png, version };
    },
  };
}

export type ShareCards = ReturnType<typeof createShareCards>;

/**
 * The feed module's public face: the service (the feed and the presentation of posts), its
 * skeleton chosen for the storage engine at start-up (skeleton.factory.ts), and the place index
 * cell a post is filed under, which posts' writes store (place-index.ts).
 */
export { createFeedService, type FeedService } from './feed.service.js';
export { createFeedSkeleton } from './skeleton.factory.js';
export { geocellFor } from './place-index.js';

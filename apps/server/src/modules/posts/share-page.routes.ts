/**
 * `GET /posts/{id}`, the web app's game page as HTML (shareable game links; CONTRACT.md
 * `GET /api/posts/{id}` row): the built `index.html` with the game's OpenGraph and Twitter tags
 * in its `<head>`, for link crawlers and signed-out visitors alike. Registered only when the
 * server serves the web app.
 */
import type { App } from '../../lib/http.js';
import { AppError } from '../../lib/errors.js';
import type { PostsService } from './posts.service.js';
import { previewTags, withPreview } from './share-page.js';

/**
 * Serves `template` (the built `index.html`, read once by the caller) at `/posts/{id}` with the
 * preview of the game as a visitor sees it ({@link PostsService.getPublicVersion}). An unknown or
 * deleted game, or an id that is not one, gets the plain template with 200: the app then shows
 * its own "Game not found". `publicUrl`: PUBLIC_URL, for `og:url` and `og:image`.
 */
export function sharePageRoutes(
  app: App,
  posts: Pick<PostsService, 'getPublicVersion'>,
  { template, publicUrl }: { template: string; publicUrl: string },
) {
  app.get<{ Params: { id: string } }>('/posts/:id', async (request, reply) => {
    void reply.type('text/html; charset=utf-8').header('Cache-Control', 'no-cache');
    const id = /^[1-9]\d{0,9}$/.test(request.params.id) ? Number(request.params.id) : null;
    if (id === null || id > 2 ** 31 - 1) return template;
    try {
      const { post, version } = await posts.getPublicVersion(id);
      return withPreview(template, previewTags(post, version, publicUrl));
    } catch (error) {
      if (error instanceof AppError && error.status === 404) return template;
      throw error;
    }
  });
}

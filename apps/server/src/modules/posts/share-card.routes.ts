/**
 * `GET /api/posts/{id}/card.png`: a game's share card, the `og:image` of its share page. Public
 * and token-blind like the share page (link crawlers send none): every game a signed-out
 * visitor may see, drawn as that visitor sees it.
 */
import { idParamsSchema, shareCardResponseSchema } from '@gameon/shared';
import type { App } from '../../lib/http.js';
import type { ShareCards } from './share-card.service.js';

/** Crawlers and browsers may keep a card ten minutes; the share page links it by version. */
const CARD_MAX_AGE_S = 600;

export function shareCardRoutes(app: App, cards: Pick<ShareCards, 'png'>) {
  app.get(
    '/api/posts/:id/card.png',
    { schema: { params: idParamsSchema, response: { 200: shareCardResponseSchema } } },
    async (request, reply) => {
      const { png } = await cards.png(request.params.id);
      return reply
        .type('image/png')
        .header('Cache-Control', `public, max-age=${CARD_MAX_AGE_S}`)
        .send(png);
    },
  );
}

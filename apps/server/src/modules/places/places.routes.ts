/** `GET /api/places/autocomplete?q=` (spec part 1 §5: more than 2 characters). */
import type { preHandlerAsyncHookHandler } from 'fastify';
import { placesQuerySchema, placesResponseSchema } from '@gameon/shared';
import type { App } from '../../lib/http.js';
import type { PlacesService } from './places.service.js';

export function placesRoutes(
  app: App,
  places: PlacesService,
  requireAuth: preHandlerAsyncHookHandler,
) {
  app.get(
    '/api/places/autocomplete',
    {
      preHandler: requireAuth,
      schema: { querystring: placesQuerySchema, response: { 200: placesResponseSchema } },
    },
    (request) => places.autocomplete(request.query.q),
  );
}

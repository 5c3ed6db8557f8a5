/**
 * `GET /api/places/autocomplete?q=` (spec part 1 §5: more than 2 characters) and
 * `GET /api/places/reverse?lat=&lng=`, for members.
 */
import type { preHandlerAsyncHookHandler } from 'fastify';
import {
  placeSchema,
  placesQuerySchema,
  placesResponseSchema,
  placesReverseQuerySchema,
} from '@gameon/shared';
import { principalOf, type App } from '../../lib/http.js';
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
    (request) => places.autocomplete(principalOf(request).userId, request.query.q),
  );
  app.get(
    '/api/places/reverse',
    {
      preHandler: requireAuth,
      schema: { querystring: placesReverseQuerySchema, response: { 200: placeSchema } },
    },
    (request) => places.reverse([request.query.lng, request.query.lat]),
  );
}

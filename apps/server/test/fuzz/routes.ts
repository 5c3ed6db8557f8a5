/**
 * The route table of a built app, with each route's request schemas (fuzz support),
 * from the routes Fastify's onRoute hook reported while the app was built (`TestServer.routes`).
 */
import type { RouteOptions } from 'fastify';
import type { z } from 'zod';

/** One registered route: `url` as registered (`/api/posts/:id`), its zod request schemas. */
export interface RouteEntry {
  method: string;
  url: string;
  schema: { params?: z.ZodType; querystring?: z.ZodType; body?: z.ZodType };
}

/** Every route of `routes` but the HEAD twins of GET routes, in registration order, one per method. */
export function routeTable(routes: readonly RouteOptions[]): RouteEntry[] {
  return routes.flatMap((route) =>
    (Array.isArray(route.method) ? route.method : [route.method])
      .filter((method) => method !== 'HEAD')
      .map((method) => ({
        method,
        url: route.url,
        schema: (route.schema ?? {}) as RouteEntry['schema'],
      })),
  );
}

/**
 * The route table of a built app, with each route's request schemas (issue 17, fuzz support).
 * `buildApp` registers its routes inside, before a test could add an `onRoute` hook, so the
 * table is read from Fastify's own router (find-my-way, the copy Fastify loads) while
 * `app.printRoutes()` walks it: every route the app answers, as registered.
 */
import { createRequire } from 'node:module';
import type { z } from 'zod';
import type { App } from '../../src/lib/http.js';

/** One registered route: `url` as registered (`/api/posts/:id`), its zod request schemas. */
export interface RouteEntry {
  method: string;
  url: string;
  schema: { params?: z.ZodType; querystring?: z.ZodType; body?: z.ZodType };
}

/** find-my-way's route record; printRoutes rebuilds a merged tree whose `opts` hold the method. */
interface RouterRoute {
  path: string;
  opts: { constraints?: Record<string, unknown> };
  store: { schema?: RouteEntry['schema'] } | null;
}

type Rebuild = (this: unknown, routes: RouterRoute[]) => void;

/** The constraint find-my-way's pretty printer files each route's method under. */
const METHOD_CONSTRAINT = '__fmw_internal_strategy_merged_tree_http_method__';

/**
 * Every route of `app` but the HEAD twins of GET routes, in registration order.
 * @throws Error when Fastify's router could not be read (a Fastify or find-my-way upgrade).
 */
export function routeTable(app: App): RouteEntry[] {
  const fastifyRequire = createRequire(createRequire(import.meta.url).resolve('fastify'));
  const Router = fastifyRequire('find-my-way') as { prototype: { _rebuild: Rebuild } };
  const original = Router.prototype._rebuild;
  let routes: RouterRoute[] | undefined;
  // printRoutes() (find-my-way's prettyPrint) rebuilds every route into a merged tree.
  Router.prototype._rebuild = function (this: unknown, all: RouterRoute[]) {
    routes ??= all;
    original.call(this, all);
  };
  try {
    app.printRoutes();
  } finally {
    Router.prototype._rebuild = original;
  }
  if (!routes) throw new Error('could not read the route table from Fastify');
  return routes
    .map((route) => ({
      method: String(route.opts.constraints?.[METHOD_CONSTRAINT]),
      url: route.path,
      schema: route.store?.schema ?? {},
    }))
    .filter((route) => route.method !== 'HEAD');
}

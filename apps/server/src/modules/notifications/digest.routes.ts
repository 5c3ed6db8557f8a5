/**
 * `/api/notifications/digest/unsubscribe?token=`: the digest mail's unsubscribe link, no
 * session. GET answers a page with a button (a mail scanner's visit unsubscribes nobody);
 * POST is RFC 8058's one-click unsubscribe (form body `List-Unsubscribe=One-Click`) and the
 * page's button alike.
 */
import {
  digestUnsubscribeBodySchema,
  digestUnsubscribePageSchema,
  digestUnsubscribeQuerySchema,
} from '@gameon/shared';
import type { App } from '../../lib/http.js';
import { unsubscribeConfirmPage, unsubscribedPage } from './digest-mail.js';
import type { DigestService } from './digest.service.js';

const HTML = 'text/html; charset=utf-8';

export async function digestRoutes(app: App, digest: DigestService) {
  // Its own scope: the form parser serves these routes only.
  await app.register((scope: App) => {
    scope.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string', bodyLimit: 1024 },
      (_request, body, done) => {
        done(null, Object.fromEntries(new URLSearchParams(String(body))));
      },
    );
    const path = '/api/notifications/digest/unsubscribe';
    scope.get(
      path,
      {
        schema: {
          querystring: digestUnsubscribeQuerySchema,
          response: { 200: digestUnsubscribePageSchema },
        },
      },
      async (request, reply) => {
        await digest.checkUnsubscribe(request.query.token);
        return reply.type(HTML).send(unsubscribeConfirmPage());
      },
    );
    scope.post(
      path,
      {
        schema: {
          querystring: digestUnsubscribeQuerySchema,
          body: digestUnsubscribeBodySchema,
          response: { 200: digestUnsubscribePageSchema },
        },
      },
      async (request, reply) => {
        await digest.unsubscribe(request.query.token);
        return reply.type(HTML).send(unsubscribedPage());
      },
    );
    return Promise.resolve();
  });
}

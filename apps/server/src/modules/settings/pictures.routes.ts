/** `POST /api/settings/avatar` and `/api/settings/cover` (CONTRACT.md): multipart, one file. */
import type { FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import { avatarResponseSchema, coverResponseSchema } from '@gameon/shared';
import { badRequest } from '../../lib/errors.js';
import { principalOf, type App } from '../../lib/http.js';
import {
  NOT_AN_IMAGE,
  PICTURE_LIMITS,
  tooLarge,
  type PictureKind,
  type PicturesService,
} from './pictures.service.js';

/** The uploaded file's bytes. @throws AppError 400 no file / not multipart, 413 over the kind's limit. */
async function readUpload(request: FastifyRequest, kind: PictureKind): Promise<Buffer> {
  const file = await request
    .file({ limits: { fileSize: PICTURE_LIMITS[kind].bytes, files: 1 } })
    .catch(() => undefined);
  if (!file) throw badRequest(NOT_AN_IMAGE, [{ field: 'file', message: NOT_AN_IMAGE }]);
  try {
    return await file.toBuffer();
  } catch (error) {
    if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw tooLarge(kind);
    throw error;
  }
}

export function picturesRoutes(
  app: App,
  pictures: PicturesService,
  requireAuth: preHandlerAsyncHookHandler,
) {
  const responses = { avatar: avatarResponseSchema, cover: coverResponseSchema };
  for (const kind of ['avatar', 'cover'] as const) {
    app.post(
      `/api/settings/${kind}`,
      { preHandler: requireAuth, schema: { response: { 200: responses[kind] } } },
      (request) =>
        pictures.upload(principalOf(request).userId, kind, () => readUpload(request, kind)),
    );
  }
}

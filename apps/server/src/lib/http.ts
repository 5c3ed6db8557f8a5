/**
 * HTTP plumbing shared by every route: the typed app instance, the bearer-token guard, and
 * the one error handler that maps errors to `{success: false, message, errors?}` (CONTRACT.md).
 */
import type {
  FastifyBaseLogger,
  FastifyError,
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  RawReplyDefaultExpression,
  RawRequestDefaultExpression,
  RawServerDefault,
} from 'fastify';
import {
  hasZodFastifySchemaValidationErrors,
  type ZodTypeProvider,
} from '@fastify/type-provider-zod';
import type { FieldError } from '@gameon/shared';
import { AppError, badRequest, unauthorized } from './errors.js';
import type { Principal } from './principal.js';

export type App = FastifyInstance<
  RawServerDefault,
  RawRequestDefaultExpression,
  RawReplyDefaultExpression,
  FastifyBaseLogger,
  ZodTypeProvider
>;

declare module 'fastify' {
  interface FastifyRequest {
    principal: Principal | null;
  }
}

/** The bearer token of a request, or null. */
export function bearerToken(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (!header) return null;
  const match = /^Bearer\s+(\S+)$/i.exec(header);
  return match?.[1] ?? null;
}

/** The signed-in member of a guarded route. @throws AppError 401. */
export function principalOf(request: FastifyRequest): Principal {
  if (!request.principal) throw unauthorized();
  return request.principal;
}

/** Sets `X-Next-Cursor` when there is a next page (CONTRACT.md pagination). */
export function setNextCursor(reply: FastifyReply, cursor: string | undefined): void {
  if (cursor !== undefined) void reply.header('X-Next-Cursor', cursor);
}

// NUL and lone UTF-16 surrogates: PostgreSQL refuses NUL in text and the two databases store
// lone surrogates differently, so neither gets in anywhere.
// eslint-disable-next-line no-control-regex -- finding NUL is the point
const UNSAFE_TEXT = /\u0000|\p{Surrogate}/u;

/**
 * The path of the first string in `value` (deeply) holding NUL or a lone surrogate, or null.
 * Applied to every request and socket payload before validation.
 */
export function findUnsafeText(value: unknown, path = ''): string | null {
  if (typeof value === 'string') return UNSAFE_TEXT.test(value) ? path : null;
  if (Array.isArray(value)) {
    for (const [i, item] of value.entries()) {
      const found = findUnsafeText(item, path ? `${path}.${i}` : String(i));
      if (found !== null) return found;
    }
    return null;
  }
  if (typeof value === 'object' && value !== null) {
    for (const [key, item] of Object.entries(value)) {
      const keyPath = path ? `${path}.${key}` : key;
      if (UNSAFE_TEXT.test(key)) return keyPath;
      const found = findUnsafeText(item, keyPath);
      if (found !== null) return found;
    }
  }
  return null;
}

/** preValidation hook: 400 for NUL or lone surrogates in the body, query or params. */
export function rejectUnsafeText(
  request: FastifyRequest,
  _reply: FastifyReply,
  done: (error?: Error) => void,
): void {
  for (const [context, value] of [
    ['body', request.body],
    ['query', request.query],
    ['params', request.params],
  ] as const) {
    const found = findUnsafeText(value);
    if (found !== null) {
      const field = found === '' ? context : found;
      const message = 'Text contains characters that are not allowed';
      done(badRequest(message, [{ field, message }]));
      return;
    }
  }
  done();
}

const CONTEXT_NAMES: Record<string, string> = {
  body: 'body',
  querystring: 'query',
  params: 'params',
};

/** Maps any error to the contract's error body; unknown errors are 500 with no internals. */
export function errorHandler(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  if (error instanceof AppError) {
    if (error.status >= 500) request.log.error({ err: error }, error.message);
    const errors =
      error.errors ??
      (error.status === 400 ? [{ field: 'body', message: error.message }] : undefined);
    return reply
      .status(error.status)
      .send({ success: false, message: error.message, ...(errors ? { errors } : {}) });
  }
  if (hasZodFastifySchemaValidationErrors(error)) {
    const context = CONTEXT_NAMES[error.validationContext ?? 'body'] ?? 'body';
    const errors: FieldError[] = error.validation.map((v) => {
      const field = v.instancePath.replace(/^\//, '').replaceAll('/', '.');
      const wholeMissing = field === '' && context === 'body';
      return {
        field: field === '' ? context : field,
        message: wholeMissing
          ? 'Request body must be a JSON object'
          : (v.message ?? 'Invalid value'),
      };
    });
    return reply
      .status(400)
      .send({ success: false, message: errors[0]?.message ?? 'Invalid input', errors });
  }
  const status = error.statusCode ?? 500;
  if (status >= 400 && status < 500) {
    const message =
      error.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || error instanceof SyntaxError
        ? 'Request body is not valid JSON'
        : error.code === 'FST_ERR_CTP_EMPTY_JSON_BODY'
          ? 'Request body must be a JSON object'
          : error.message;
    // A 400 always names what was wrong, so clients can show field errors uniformly.
    return reply.status(status).send({
      success: false,
      message,
      ...(status === 400 ? { errors: [{ field: 'body', message }] } : {}),
    });
  }
  request.log.error({ err: error }, 'unhandled error');
  return reply.status(500).send({ success: false, message: 'Internal server error' });
}

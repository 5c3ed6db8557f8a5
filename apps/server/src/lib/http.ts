/**
 * HTTP plumbing shared by every route: the typed app instance, the zod contract wiring (request
 * validation, response serialization, every `/api` route's response schema), the bearer-token
 * guard, and the one error handler that maps errors to `{success: false, code?, message,
 * errors?}` (CONTRACT.md "Errors").
 */
import type {
  FastifyBaseLogger,
  FastifyError,
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  FastifySerializerCompiler,
  RawReplyDefaultExpression,
  RawRequestDefaultExpression,
  RawServerDefault,
  RouteOptions,
} from 'fastify';
import {
  hasZodFastifySchemaValidationErrors,
  isResponseSerializationError,
  ResponseSerializationError,
  validatorCompiler,
  type ZodTypeProvider,
} from '@fastify/type-provider-zod';
import { z } from 'zod';
import { apiErrorSchema, type ApiError, type FieldError } from '@gameon/shared';
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

/**
 * A run of URL-safe base64 as long as the shortest private calendar feed key the API accepts
 * (`calendarFeedParamsSchema`: 20 to 100 characters; the server makes 43). No route's own path
 * segment is that long (request-log.test.ts checks), so only keys and other random names match.
 */
const SECRET_RUN = /[A-Za-z0-9_-]{20,}/;

/** `segment` percent-decoded, or as it is when it does not decode. */
function decodedSegment(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

/**
 * `url` (a path) with every segment that holds a secret-looking run ({@link SECRET_RUN}, raw or
 * percent-decoded) replaced by `[redacted]`: the private calendar feed `/api/calendar/{key}.ics`,
 * whose key is the only key to it, whatever the spelling of the rest of the path
 * (`/API/calendar/…`, `/api//calendar/…`, a percent-encoded key), since a path that misses the
 * route is logged as well.
 */
export function redactSecrets(url: string): string {
  return url
    .split('/')
    .map((segment) =>
      SECRET_RUN.test(segment) || SECRET_RUN.test(decodedSegment(segment)) ? '[redacted]' : segment,
    )
    .join('/');
}

/** The longest path a request log line carries, in characters. */
const LOGGED_PATH_MAX = 200;

/**
 * The fields a request is logged with: its method, its route's pattern, its path
 * (secrets redacted by {@link redactSecrets}, the query string dropped, at most 200 characters)
 * and where it came from. Fastify adds the request id to every line and the status and time
 * to "request completed". Never a body, a header (tokens) or a query (search text, links' codes).
 */
export function requestLogFields(request: FastifyRequest) {
  const urlPath = redactSecrets(request.url.split('?')[0] ?? '');
  return {
    method: request.method,
    route: request.routeOptions?.url,
    url: urlPath.length > LOGGED_PATH_MAX ? `${urlPath.slice(0, LOGGED_PATH_MAX)}…` : urlPath,
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
  };
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

/** The member behind a request on a public route (see `optionalAuth` in app.ts), or null. */
export function viewerOf(request: FastifyRequest): number | null {
  return request.principal?.userId ?? null;
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

/**
 * An answer already serialized to JSON text (the feed assembles its answer from the
 * cached JSON of each post). {@link responseSerializerCompiler} sends it as it is, and checks
 * it against the route's schema where config asks, like any other answer.
 */
export class JsonText<T> {
  /** Only for the type: what the text parses to. */
  declare readonly value: T;

  constructor(readonly json: string) {}

  /** Never serialized again: only the response serializer sends it, as it is. */
  toJSON(): never {
    throw new Error('JsonText is sent by the response serializer, never serialized again');
  }
}

/**
 * `body` as the route's answer type, for a handler to return: the serializer sends its text.
 * The schema check (tests) parses the text, so a text that does not match `T` still fails there.
 */
export function answerJsonText<T>(body: JsonText<T>): T {
  return body as unknown as T;
}

/** The JSON text of a route's answer: `data` serialized, or a {@link JsonText}'s own text. */
function jsonOf(data: unknown): string {
  return data instanceof JsonText ? data.json : JSON.stringify(data);
}

/**
 * Serializes a route's answer. With `validate` off (production) it is `JSON.stringify` (or a
 * {@link JsonText}'s text), exactly what Fastify sends for a route without a schema: no extra
 * work per response. With `validate`
 * on (tests, `RESPONSE_VALIDATION=on`) the same JSON is first parsed with the route's zod schema
 * for that status, as the web app parses it: a missing or mistyped field, or a field the schema
 * does not declare, throws `ResponseSerializationError`, which the error handler answers 500
 * and logs. The bytes sent are the same either way: the schema never drops or reshapes a field.
 */
export function responseSerializerCompiler(
  validate: boolean,
): FastifySerializerCompiler<z.ZodType> {
  if (!validate) return () => jsonOf;
  return ({ schema, method, url }) =>
    (data) => {
      const json = jsonOf(data);
      // What the client receives: Dates as strings, undefined fields gone.
      const wire: unknown = JSON.parse(json);
      const parsed = z.safeParse(schema, wire);
      if (!parsed.success)
        throw new ResponseSerializationError(method, url, { cause: parsed.error });
      const undeclared = undeclaredFields(wire, parsed.data);
      if (undeclared.length > 0) {
        throw new ResponseSerializationError(method, url, { cause: new z.ZodError(undeclared) });
      }
      return json;
    };
}

/**
 * The keys of `wire` (deeply) that `parsed` lacks: zod objects drop keys they do not declare,
 * so a key present in the answer but absent after parsing is not in the schema.
 */
function undeclaredFields(
  wire: unknown,
  parsed: unknown,
  path: (string | number)[] = [],
): z.core.$ZodIssue[] {
  if (Array.isArray(wire) && Array.isArray(parsed)) {
    return wire.flatMap((item, i) => undeclaredFields(item, parsed[i], [...path, i]));
  }
  if (!isPlainObject(wire) || !isPlainObject(parsed)) return [];
  const keys = Object.keys(wire).filter((key) => !Object.hasOwn(parsed, key));
  const issues: z.core.$ZodIssue[] = keys.length
    ? [
        {
          code: 'unrecognized_keys',
          keys,
          path,
          message: `Not in the response schema: ${keys.join(', ')}`,
        },
      ]
    : [];
  return issues.concat(
    Object.keys(wire)
      .filter((key) => Object.hasOwn(parsed, key))
      .flatMap((key) => undeclaredFields(wire[key], parsed[key], [...path, key])),
  );
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * onRoute hook: every `/api` route declares `schema.response` (ARCHITECTURE.md "How a request
 * flows"), and each gets the contract's error body for 4xx answers unless it declares its own.
 * @throws Error at start-up for an `/api` route without a response schema.
 */
export function requireResponseSchema(route: RouteOptions): void {
  if (!route.url.startsWith('/api/')) return;
  const response: unknown = route.schema?.response;
  if (!isPlainObject(response) || Object.keys(response).length === 0) {
    throw new Error(`${String(route.method)} ${route.url} declares no response schema`);
  }
  route.schema = { ...route.schema, response: { '4xx': apiErrorSchema, ...response } };
}

/**
 * Wires the wire contract into `app` (call before any route): zod request validation, the
 * response serializer ({@link responseSerializerCompiler}), the response-schema guard
 * ({@link requireResponseSchema}) and the one {@link errorHandler}.
 */
export function useContract(app: App, options: { validateResponses: boolean }): void {
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(responseSerializerCompiler(options.validateResponses));
  app.addHook('onRoute', requireResponseSchema);
  app.setErrorHandler(errorHandler);
}

/** `code` of errors that carry none of their own, by HTTP status (CONTRACT.md "Errors"). */
const STATUS_CODES: Partial<Record<number, string>> = {
  400: 'bad_request',
  401: 'unauthorized',
  403: 'forbidden',
  404: 'not_found',
  409: 'conflict',
  413: 'too_large',
  415: 'unsupported_media_type',
  429: 'rate_limited',
};

/** The contract's error body. */
function errorBody(code: string | undefined, message: string, errors?: FieldError[]): ApiError {
  return {
    success: false,
    ...(code === undefined ? {} : { code }),
    message,
    ...(errors ? { errors } : {}),
  };
}

const CONTEXT_NAMES: Record<string, string> = {
  body: 'body',
  querystring: 'query',
  params: 'params',
};

/**
 * Maps any error to the contract's error body `{success: false, code?, message, errors?}`
 * (CONTRACT.md "Errors"): an AppError sends its own code; unknown errors, and answers that do not
 * match their response schema, are 500 with no internals (logged with the details).
 */
export function errorHandler(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  if (error instanceof AppError) {
    if (error.status >= 500) request.log.error({ err: error }, error.message);
    const errors =
      error.errors ??
      (error.status === 400 ? [{ field: 'body', message: error.message }] : undefined);
    return reply.status(error.status).send(errorBody(error.code, error.message, errors));
  }
  if (isResponseSerializationError(error)) {
    request.log.error(
      { err: error, method: error.method, url: error.url, issues: error.cause.issues },
      'response does not match its schema',
    );
    return reply.status(500).send(errorBody('internal', 'Internal server error'));
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
      .send(errorBody('bad_request', errors[0]?.message ?? 'Invalid input', errors));
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
    return reply
      .status(status)
      .send(
        errorBody(
          STATUS_CODES[status],
          message,
          status === 400 ? [{ field: 'body', message }] : undefined,
        ),
      );
  }
  request.log.error({ err: error }, 'unhandled error');
  return reply.status(500).send(errorBody('internal', 'Internal server error'));
}

/**
 * The one HTTP client of the web app: same-origin JSON calls under `/api`, with the session token
 * from local storage as `Authorization: Bearer` (spec part 1 §4, §9; CONTRACT.md "HTTP").
 */
import { NEXT_CURSOR_HEADER, TOKEN_STORAGE_KEY } from '@gameon/shared/constants';
import type { z } from 'zod';

/** The server answered with a non-2xx status. `data` is the parsed body, if it was JSON. */
export class HttpError extends Error {
  readonly status: number;
  readonly statusText: string;
  readonly data: unknown;

  constructor(status: number, statusText: string, data: unknown) {
    super(serverMessage(data) ?? `Request failed with status ${status}`);
    this.name = 'HttpError';
    this.status = status;
    this.statusText = statusText;
    this.data = data;
  }
}

/** The request never got an answer (offline, server down, connection reset). */
export class NetworkError extends Error {
  constructor(cause: unknown) {
    super('Network request failed', { cause });
    this.name = 'NetworkError';
  }
}

/** The answer did not match the contract schema. */
export class ResponseShapeError extends Error {
  constructor(path: string, cause: unknown) {
    super(`Unexpected response from ${path}`, { cause });
    this.name = 'ResponseShapeError';
  }
}

function serverMessage(data: unknown): string | null {
  if (typeof data === 'object' && data !== null && 'message' in data) {
    const { message } = data;
    if (typeof message === 'string' && message !== '') return message;
  }
  return null;
}

/** The server's `message` of a failed call, else `fallback` (spec part 1 §8 "server message, else ..."). */
export function errorMessage(error: unknown, fallback: string): string {
  return error instanceof HttpError ? (serverMessage(error.data) ?? fallback) : fallback;
}

/**
 * The server's `message` of a 429 (rate limited) answer, else null. Where the spec gives a fixed
 * failure text (resending a code), a rate limit still shows the server's words.
 */
export function rateLimitMessage(error: unknown): string | null {
  return error instanceof HttpError && error.status === 429 ? serverMessage(error.data) : null;
}

/** The stored session token, or null when signed out (spec part 1 §9: key `token`). */
export function readStoredToken(): string | null {
  try {
    return localStorage.getItem(TOKEN_STORAGE_KEY);
  } catch {
    return null;
  }
}

/**
 * Stores the session token (null removes it). Returns false when local storage refused it: every
 * call reads the token from there, so a session that cannot be stored cannot be used.
 */
export function storeToken(token: string | null): boolean {
  try {
    if (token === null) localStorage.removeItem(TOKEN_STORAGE_KEY);
    else localStorage.setItem(TOKEN_STORAGE_KEY, token);
    return true;
  } catch (error) {
    console.error('Could not access local storage', error);
    return false;
  }
}

type UnauthorizedHandler = (token: string) => void;
let unauthorizedHandler: UnauthorizedHandler | null = null;

/**
 * Registers what happens when a call made with `token` gets 401 (the token was revoked or has
 * expired): the auth provider signs the member out. Returns the unregister function.
 */
export function onUnauthorized(handler: UnauthorizedHandler): () => void {
  unauthorizedHandler = handler;
  return () => {
    if (unauthorizedHandler === handler) unauthorizedHandler = null;
  };
}

export type QueryValue = string | number | readonly string[] | undefined;

export interface RequestOptions<S extends z.ZodType> {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** JSON body, or a `FormData` sent as multipart (image uploads). */
  body?: unknown;
  /** Query parameters; arrays are sent comma-separated, empty values are left out. */
  query?: Record<string, QueryValue>;
  /** Schema from `@gameon/shared` the answer is parsed with. */
  schema: S;
  signal?: AbortSignal;
  /** Token to send instead of the stored one (start-up check, sign-out). */
  token?: string | null;
}

export interface ApiResponse<T> {
  data: T;
  /** Cursor of the next page (`X-Next-Cursor`), null when there is none (CONTRACT.md). */
  nextCursor: string | null;
}

function buildUrl(path: string, query: Record<string, QueryValue> | undefined): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value === undefined || value === '') continue;
    if (typeof value === 'string' || typeof value === 'number') params.set(key, String(value));
    else if (value.length > 0) params.set(key, value.join(','));
  }
  const search = params.toString();
  return `/api${path}${search === '' ? '' : `?${search}`}`;
}

async function readBody(response: Response): Promise<unknown> {
  const text = await response.text();
  if (text === '') return null;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

/**
 * Calls `/api{path}` and parses the JSON answer with `schema`.
 * Throws {@link HttpError} for a non-2xx status, {@link NetworkError} when no answer came and
 * {@link ResponseShapeError} when the answer breaks the contract.
 */
export async function apiRequest<S extends z.ZodType>(
  path: string,
  options: RequestOptions<S>,
): Promise<ApiResponse<z.output<S>>> {
  const token = options.token === undefined ? readStoredToken() : options.token;
  const headers: Record<string, string> = { Accept: 'application/json' };
  const { body } = options;
  // A FormData body goes as multipart: the browser sets that Content-Type, with its boundary.
  if (body !== undefined && !(body instanceof FormData))
    headers['Content-Type'] = 'application/json';
  if (token !== null) headers.Authorization = `Bearer ${token}`;

  let response: Response;
  try {
    response = await fetch(buildUrl(path, options.query), {
      method: options.method ?? 'GET',
      headers,
      body: body instanceof FormData || body === undefined ? body : JSON.stringify(body),
      signal: options.signal,
    });
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw new NetworkError(error);
  }

  const data = await readBody(response);
  if (!response.ok) {
    if (response.status === 401 && token !== null) unauthorizedHandler?.(token);
    throw new HttpError(response.status, response.statusText, data);
  }
  const parsed = options.schema.safeParse(data);
  if (!parsed.success) throw new ResponseShapeError(path, parsed.error);
  return { data: parsed.data, nextCursor: response.headers.get(NEXT_CURSOR_HEADER) };
}

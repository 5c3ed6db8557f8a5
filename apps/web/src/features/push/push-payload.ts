/**
 * What a push shows (read by the service worker, apps/web/src/sw/sw.ts): the server's short JSON
 * payload `{ title, body, url, tag }` (all strings; `url` a same-origin path, the page the
 * notification opens, as in the in-app list) turned into a notification. A payload that is not
 * that shape, or whose URL leaves the app's origin, still shows something: a generic "GameOn"
 * notification that opens /notifications, where the member finds what arrived.
 */

/** The push payload the server sends (its wire shape). */
export interface PushPayload {
  title: string;
  body: string;
  /** A same-origin path such as `/messages?conversation=12`. */
  url: string;
  /** Replaces an earlier notification with the same tag (one per game or conversation). */
  tag: string;
}

/** What the service worker passes to `showNotification`, and the page a click opens. */
export interface PushNotification {
  title: string;
  body: string;
  tag: string;
  /** Absolute URL on `origin`. */
  url: string;
}

/** Shown for a payload that cannot be read: the list of notifications has what arrived. */
export const FALLBACK_NOTIFICATION = {
  title: 'GameOn',
  body: 'You have new notifications.',
  tag: 'gameon',
  path: '/notifications',
} as const;

/** Longest title and body shown (characters); a push service limits the payload to ~4 KB anyway. */
const MAX_TITLE = 120;
const MAX_BODY = 400;

/**
 * `path` as an absolute URL on `origin`, or null when it is not a same-origin path (an absolute
 * URL elsewhere, `//host`, `javascript:`): a push must never open another site.
 */
export function sameOriginUrl(path: string, origin: string): string | null {
  if (!path.startsWith('/') || path.startsWith('//') || path.startsWith('/\\')) return null;
  let url: URL;
  try {
    url = new URL(path, origin);
  } catch {
    return null;
  }
  return url.origin === origin ? url.href : null;
}

function isPayload(value: unknown): value is PushPayload {
  if (typeof value !== 'object' || value === null) return false;
  const record = value as Record<string, unknown>;
  return (['title', 'body', 'url', 'tag'] as const).every((key) => typeof record[key] === 'string');
}

/**
 * The notification for a push whose data reads as `text` (null: a push without data), on the
 * app's `origin`. Never throws: a malformed payload gives {@link FALLBACK_NOTIFICATION}.
 */
export function notificationFor(text: string | null, origin: string): PushNotification {
  const fallback: PushNotification = {
    title: FALLBACK_NOTIFICATION.title,
    body: FALLBACK_NOTIFICATION.body,
    tag: FALLBACK_NOTIFICATION.tag,
    url: new URL(FALLBACK_NOTIFICATION.path, origin).href,
  };
  if (text === null) return fallback;
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch {
    return fallback;
  }
  if (!isPayload(data) || data.title.trim() === '') return fallback;
  const url = sameOriginUrl(data.url, origin);
  if (url === null) return fallback;
  return {
    title: data.title.slice(0, MAX_TITLE),
    body: data.body.slice(0, MAX_BODY),
    tag: data.tag === '' ? FALLBACK_NOTIFICATION.tag : data.tag,
    url,
  };
}

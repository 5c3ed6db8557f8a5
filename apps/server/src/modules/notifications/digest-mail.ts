/**
 * The daily digest's texts (pure): the mail listing a member's unread notifications, with its
 * unsubscribe headers (RFC 2369 `List-Unsubscribe`, RFC 8058 one-click), and the small pages
 * the unsubscribe link answers with.
 */
import escapeHtml from 'escape-html';
import { formatDateTime } from '@gameon/shared';

/** One unread notification as the digest lists it. */
export interface DigestItem {
  message: string;
  /** UTC ISO text. */
  created_at: string;
}

/** The digest's unsubscribe URL: the token travels in the query, which is never logged. */
export function unsubscribeUrl(publicUrl: string, token: string): string {
  return `${publicUrl}/api/notifications/digest/unsubscribe?token=${encodeURIComponent(token)}`;
}

/**
 * The digest mail of `username` for `items` (newest first; `total` unread in all), times in
 * en-IN and India's time zone (the server does not know the member's), each item linking to
 * the notifications page, and the one-click unsubscribe headers for `unsubscribe` (the URL).
 */
export function digestMail({
  username,
  items,
  total,
  publicUrl,
  unsubscribe,
}: {
  username: string;
  items: DigestItem[];
  total: number;
  publicUrl: string;
  unsubscribe: string;
}) {
  const list = `${publicUrl}/notifications`;
  const settings = `${publicUrl}/notifications/settings`;
  const more = total - items.length;
  const subject =
    total === 1
      ? 'You have 1 unread notification on GameOn'
      : `You have ${total} unread notifications on GameOn`;
  const text = [
    `Hi ${username},`,
    '',
    'While you were away:',
    '',
    ...items.flatMap((item) => [
      `- ${item.message} (${formatDateTime(item.created_at)})`,
      `  ${list}`,
    ]),
    ...(more > 0 ? ['', `And ${more} more.`] : []),
    '',
    `See them all: ${list}`,
    `Choose what this digest includes: ${settings}`,
    `Unsubscribe from this digest: ${unsubscribe}`,
    '',
    '— GameOn',
  ].join('\n');
  const html = `<div style="font-family:system-ui,sans-serif;max-width:480px;margin:auto">
<h1 style="color:#047857">GameOn</h1><p>Hi ${escapeHtml(username)},</p><p>While you were away:</p>
<ul>${items
    .map(
      (item) =>
        `<li><a href="${escapeHtml(list)}">${escapeHtml(item.message)}</a> <small>(${escapeHtml(formatDateTime(item.created_at))})</small></li>`,
    )
    .join('')}</ul>${more > 0 ? `<p>And ${more} more.</p>` : ''}
<p><a href="${escapeHtml(list)}">See them all</a> · <a href="${escapeHtml(settings)}">Choose what this digest includes</a> · <a href="${escapeHtml(unsubscribe)}">Unsubscribe</a></p></div>`;
  return {
    subject,
    text,
    html,
    headers: {
      'List-Unsubscribe': `<${unsubscribe}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    },
  };
}

const page = (title: string, body: string) =>
  `<!doctype html><html lang="en-IN"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${title} · GameOn</title></head><body><main><h1>${title}</h1>${body}</main></body></html>`;

/**
 * The page the unsubscribe link opens (GET): a button that posts the one-click unsubscribe to
 * the page's own URL (a form without `action`), so a mail scanner following the link
 * unsubscribes nobody.
 */
export function unsubscribeConfirmPage(): string {
  return page(
    'Unsubscribe from the GameOn digest?',
    '<p>You will get no more daily e-mails about unread notifications.</p><form method="post"><input type="hidden" name="List-Unsubscribe" value="One-Click"><button type="submit">Unsubscribe</button></form>',
  );
}

/** The answer to the one-click unsubscribe (POST). */
export function unsubscribedPage(): string {
  return page(
    'You are unsubscribed',
    '<p>Every e-mail digest switch is off. You can turn them on again in <a href="/notifications/settings">your notification settings</a>.</p>',
  );
}
